import { BarChart3, CalendarPlus, type LucideIcon, Share2, WandSparkles } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';

interface QuickAction {
  label: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

const quickActions: QuickAction[] = [
  {
    label: 'Create posts',
    description: 'Let AI write a campaign',
    href: paths.contentGenerator,
    icon: WandSparkles,
  },
  {
    label: 'Schedule a post',
    description: 'Plan it on the calendar',
    href: paths.calendar,
    icon: CalendarPlus,
  },
  {
    label: 'Connect an account',
    description: 'Add a social profile',
    href: paths.socialAccounts,
    icon: Share2,
  },
  { label: 'View analytics', description: 'Reach and engagement', href: paths.analytics, icon: BarChart3 },
];

/** Spec §2: the four things people come to the dashboard to start. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title" className="grid gap-3">
      <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-900">
        Quick Actions
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {quickActions.map((action) => (
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
