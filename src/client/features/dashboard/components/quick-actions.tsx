import { BarChart3, CalendarDays, CalendarPlus, type LucideIcon, Share2, WandSparkles } from 'lucide-react';
import { Link } from 'wouter';
import type { WorkspaceRole } from '../../../../contracts/auth';
import { can, type Permission } from '../../../../contracts/team';
import { paths } from '../../../app/paths';
import { cn } from '../../../lib/cn';

interface QuickAction {
  label: string;
  description: string;
  href: string;
  icon: LucideIcon;
  /** What the role needs for the action to make sense. */
  needs: Permission;
  /** Shown instead to a role without `needs` (e.g. the calendar to read, not to plan on). */
  otherwise?: Omit<QuickAction, 'needs' | 'otherwise'>;
}

const quickActions: QuickAction[] = [
  {
    label: 'Create posts',
    description: 'Let AI write a campaign',
    href: paths.contentGenerator,
    icon: WandSparkles,
    needs: 'posts.write',
  },
  {
    label: 'Schedule a post',
    description: 'Plan it on the calendar',
    href: paths.calendar,
    icon: CalendarPlus,
    needs: 'posts.write',
    otherwise: {
      label: 'Open calendar',
      description: 'See what is planned',
      href: paths.calendar,
      icon: CalendarDays,
    },
  },
  {
    label: 'Connect an account',
    description: 'Add a social profile',
    href: paths.socialAccounts,
    icon: Share2,
    needs: 'accounts.manage',
  },
  {
    label: 'View analytics',
    description: 'Reach and engagement',
    href: paths.analytics,
    icon: BarChart3,
    needs: 'workspace.read',
  },
];

/** The actions this role can use: the others are left out (or swapped for what it may do). */
export function quickActionsFor(role: WorkspaceRole): Omit<QuickAction, 'needs' | 'otherwise'>[] {
  return quickActions.flatMap(({ needs, otherwise, ...action }) =>
    can(role, needs) ? [action] : otherwise ? [otherwise] : [],
  );
}

/** Spec §2: the four things people come to the dashboard to start (those the role may do). */
export function QuickActions({ role }: { role: WorkspaceRole }) {
  const actions = quickActionsFor(role);
  return (
    <section aria-labelledby="quick-actions-title" className="grid gap-3">
      <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-900">
        Quick Actions
      </h2>
      <ul
        className={cn(
          'grid grid-cols-2 gap-3',
          actions.length >= 4 ? 'lg:grid-cols-4' : actions.length === 3 && 'lg:grid-cols-3',
        )}
      >
        {actions.map((action) => (
          <li key={action.href} className="flex">
            <Link
              href={action.href}
              className="flex min-h-14 w-full items-center gap-2.5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-indigo-200 hover:bg-indigo-50/50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                <action.icon className="size-4" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 gap-0.5">
                <span className="text-sm font-semibold text-slate-900">{action.label}</span>
                <span className="hidden text-xs text-slate-600 sm:block">{action.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
