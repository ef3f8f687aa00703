import { FlaskConical, WandSparkles } from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardStats } from '../../../contracts/analytics';
import type { SessionUser } from '../../../contracts/auth';
import { plans } from '../../../contracts/plans';
import { paths } from '../../app/paths';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { formatDate, trialDaysLeft, trialHint } from '../auth/session-info';
import { useCan } from '../auth/use-permission';
import { RelativeTime } from '../notifications/components/relative-time';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { usePaymentReturnToast } from '../subscribe/use-payment-return-toast';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useHasPosts } from './api/get-has-posts';
import { GettingStarted } from './components/getting-started';
import { NeedsApprovalPanel } from './components/needs-approval-panel';
import { PlanFeatures } from './components/plan-features';
import { QuickActions } from './components/quick-actions';
import { StatCards } from './components/stat-cards';
import { TeamActivity } from './components/team-activity';
import { UpcomingPostsPanel } from './components/upcoming-posts-panel';
import { gettingStarted, monthNameIn, planBadgeLabel, statsShowPosts } from './dashboard-display';
import { useStatsFollowPublishing } from './use-stats-follow-publishing';

const SANDBOX_EXPLANATION =
  'Your connected accounts live in the platform simulator: their reach, engagement and followers are pretend numbers.';

/**
 * The dashboard (spec §2, architecture §10): the workspace's real numbers, plan, activity and
 * upcoming posts, and the next steps a new workspace needs instead of made-up figures.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard — Kitepost');
  const { user } = useAuth();
  usePaymentReturnToast();
  const { zone } = useTimeZone();
  const stats = useDashboardStats();
  const accounts = useSocialAccounts();
  const askForPosts = stats.isSuccess && !statsShowPosts(stats.data);
  const hasPosts = useHasPosts({ enabled: askForPosts });
  useStatsFollowPublishing();
  const canWrite = useCan('posts.write');
  const canManageAccounts = useCan('accounts.manage');
  if (!user) return null;

  const days = trialDaysLeft(user);
  const trialEnds = user.workspace.trialEndsAt;
  const monthName = monthNameIn(user.timezone);
  // The session's plan stands in only when the numbers fail to load: the panel still says what
  // the plan includes.
  const plan = stats.data?.plan ?? (stats.isError ? sessionPlanOf(user) : undefined);

  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-indigo-600">{user.workspace.name}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Welcome back, {user.firstName}
          </h1>
          <p className="mt-1.5 text-sm text-slate-600 sm:text-base">
            Here is where your workspace stands today.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <PlanBadge plan={plan} loading={stats.isPending} />
            {stats.data?.sandbox ? (
              <Badge variant="warning" title={SANDBOX_EXPLANATION}>
                <FlaskConical className="size-3.5" aria-hidden="true" />
                Sandbox
                <span className="sr-only">: {SANDBOX_EXPLANATION}</span>
              </Badge>
            ) : null}
            {days !== null && trialEnds ? (
              <span>
                {trialHint(days)} · ends on {formatDate(trialEnds, user.timezone)}
              </span>
            ) : null}
          </div>
        </div>
        {canWrite ? (
          <Link
            href={paths.contentGenerator}
            className={buttonClasses('default', 'md', 'self-start sm:self-auto')}
          >
            <WandSparkles aria-hidden="true" />
            Create posts
          </Link>
        ) : null}
      </div>

      <NeedsApprovalPanel zone={zone} />

      <section aria-labelledby="overview-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="overview-title" className="text-lg font-semibold text-slate-900">
            Overview
          </h2>
          {stats.data?.lastSyncedAt ? (
            <p className="text-xs text-slate-500">
              Metrics last updated <RelativeTime at={stats.data.lastSyncedAt} timeZone={zone} />
            </p>
          ) : null}
        </div>
        {stats.isError ? (
          <QueryFailureCard title="Your dashboard numbers could not be loaded" query={stats} />
        ) : (
          <StatCards stats={stats.data} monthName={monthName} />
        )}
      </section>

      {stats.data ? (
        <GettingStarted {...gettingStarted(stats.data, hasPosts.data, { canWrite, canManageAccounts })} />
      ) : null}

      <QuickActions role={user.workspace.role} />

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-6">
        <TeamActivity zone={zone} />
        <UpcomingPostsPanel zone={zone} accounts={accounts.data ?? []} />
      </div>

      {plan ? <PlanFeatures plan={plan} role={user.workspace.role} /> : null}
    </div>
  );
}

function sessionPlanOf(user: SessionUser): DashboardStats['plan'] {
  const id = user.workspace.plan;
  return { id, name: plans[id].name, status: user.workspace.subscriptionStatus };
}

function PlanBadge({ plan, loading }: { plan: DashboardStats['plan'] | undefined; loading: boolean }) {
  if (!plan) {
    return loading ? (
      <span
        aria-hidden="true"
        className="inline-block h-[1.375rem] w-32 animate-pulse rounded-full bg-slate-100"
      />
    ) : null;
  }
  return (
    <Badge variant={plan.status === 'past_due' ? 'warning' : 'secondary'} data-testid="dashboard-plan">
      <span className="sr-only">Plan: </span>
      {planBadgeLabel(plan)}
    </Badge>
  );
}
