import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  CalendarDays,
  ChartColumnIncreasing,
  House,
  Images,
  LayoutDashboard,
  Link2,
  ListOrdered,
  LogOut,
  type LucideIcon,
  Menu,
  Rss,
  Settings,
  Share2,
  Users,
  WandSparkles,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '../../contracts/auth';
import { Logo } from '../components/logo';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { useAuth } from '../features/auth/api/get-current-user';
import { useLogout } from '../features/auth/api/logout';
import { EmailVerificationBanner } from '../features/auth/components/email-verification-banner';
import { fullName, trialDaysLeft, trialHint, userInitials } from '../features/auth/session-info';
import { BillingBanner } from '../features/billing/components/billing-banner';
import { SandboxBadge } from '../features/health/components/sandbox-badge';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import { TwoFactorRequiredPrompt } from '../features/settings/components/two-factor-required-prompt';
import { ReconnectNotice } from '../features/social-accounts/components/reconnect-notice';
import { useTeamRefreshOnNotice } from '../features/team/use-team-refresh';
import { WorkspaceSwitcher } from '../features/workspaces/components/workspace-switcher';
import { cn } from '../lib/cn';
import { paths } from './paths';

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

const navItems: NavItem[] = [
  { href: paths.home, label: 'Home', icon: House },
  { href: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { href: paths.contentGenerator, label: 'Content Generator', icon: WandSparkles },
  { href: paths.calendar, label: 'Content Calendar', icon: CalendarDays },
  { href: paths.queue, label: 'Queue', icon: ListOrdered },
  { href: paths.media, label: 'Media Library', icon: Images },
  { href: paths.feeds, label: 'Feeds', icon: Rss },
  { href: paths.links, label: 'Link in Bio', icon: Link2 },
  { href: paths.socialAccounts, label: 'Social Accounts', icon: Share2 },
  { href: paths.analytics, label: 'Analytics', icon: ChartColumnIncreasing },
  { href: paths.team, label: 'Team', icon: Users },
  { href: paths.settings, label: 'Settings', icon: Settings },
];

/** The signed-in frame: a sidebar on wide screens, a top bar with a menu on phones. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  useTeamRefreshOnNotice();

  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setMenuOpen(false), [location]);

  if (!user) return null;
  const signOut = () => logout.mutate();

  return (
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <SidebarContent user={user} location={location} onSignOut={signOut} signingOut={logout.isPending} />
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
        <LogoButton onClick={signOut} />
        <div className="flex items-center gap-2">
          {/* Below 360 px the logo, bell and menu fill the bar: the plan is in the menu. */}
          <span className="hidden min-[360px]:inline-flex">
            <PlanBadge user={user} />
          </span>
          <NotificationsBell placement="header" />
          <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <DialogPrimitive.Trigger asChild>
              <Button variant="ghost" size="icon" aria-label="Open menu">
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
              <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[sheet-in_220ms_cubic-bezier(0.16,1,0.3,1)]">
                <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
                <DialogPrimitive.Description className="sr-only">
                  Pages of your workspace
                </DialogPrimitive.Description>
                <DialogPrimitive.Close
                  aria-label="Close menu"
                  className="absolute top-3.5 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                >
                  <X className="size-5" aria-hidden="true" />
                </DialogPrimitive.Close>
                <SidebarContent
                  user={user}
                  location={location}
                  onSignOut={signOut}
                  signingOut={logout.isPending}
                />
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
        </div>
      </header>

      <main className="lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-10">
          <EmailVerificationBanner />
          <BillingBanner />
          <ReconnectNotice />
          <TwoFactorRequiredPrompt />
          {children}
        </div>
      </main>
    </div>
  );
}

/** The logo signs out and goes home (spec §2). */
function LogoButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      title="Sign out and go to the home page"
      className="rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
    >
      <Logo />
    </button>
  );
}

function PlanBadge({ user }: { user: SessionUser }) {
  return (
    <Badge variant="secondary" title="Your workspace's plan">
      {user.tierLabel}
    </Badge>
  );
}

interface SidebarContentProps {
  user: SessionUser;
  location: string;
  onSignOut: () => void;
  signingOut: boolean;
}

function SidebarContent({ user, location, onSignOut, signingOut }: SidebarContentProps) {
  const days = trialDaysLeft(user);
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between gap-2 px-5">
        <LogoButton onClick={onSignOut} />
        <NotificationsBell placement="sidebar" />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {navItems.map((item) => {
            const active = item.href === location || location.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                    active
                      ? 'bg-indigo-50 text-indigo-700'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <item.icon
                    className={cn('size-4.5', active ? 'text-indigo-600' : 'text-slate-500')}
                    aria-hidden="true"
                  />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-3 border-t border-slate-200 p-4">
        <WorkspaceSwitcher user={user} />
        <div className="rounded-xl bg-gradient-to-br from-indigo-50 to-violet-50 p-3">
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs font-medium text-slate-600">Plan</span>
            <PlanBadge user={user} />
          </div>
          {days !== null ? (
            <p className="mt-2 text-xs font-medium text-indigo-800">{trialHint(days)}</p>
          ) : null}
        </div>
        <SandboxBadge />
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-sm font-semibold text-white"
          >
            {userInitials(user)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{fullName(user)}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </div>
    </div>
  );
}
