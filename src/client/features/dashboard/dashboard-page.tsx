import { Building2, CalendarClock, CreditCard, FileText, Share2, WandSparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/empty-state';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../auth/api/get-current-user';
import { formatDate, subscriptionStatusLabel, trialDaysLeft, trialHint } from '../auth/session-info';
import { usePaymentReturnToast } from '../subscribe/use-payment-return-toast';

/** The dashboard: what the server knows about this user and workspace, and honest empty states. */
export function DashboardPage() {
  const { user } = useAuth();
  usePaymentReturnToast();
  if (!user) return null;
  const days = trialDaysLeft(user);
  const trialEnds = user.workspace.trialEndsAt;

  return (
    <div className="grid gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-indigo-600">{user.workspace.name}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Welcome back, {user.firstName}
          </h1>
          <p className="mt-1.5 text-sm text-slate-600 sm:text-base">
            Here is where your workspace stands today.
          </p>
        </div>
        <Link
          href={paths.contentGenerator}
          className={buttonClasses('default', 'md', 'self-start sm:self-auto')}
        >
          <WandSparkles aria-hidden="true" />
          Create posts
        </Link>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <InfoCard icon={Building2} label="Workspace">
          <p className="truncate text-lg font-semibold text-slate-900">{user.workspace.name}</p>
          <p className="text-sm text-slate-600">
            Your role: <span className="capitalize">{user.workspace.role}</span>
          </p>
        </InfoCard>
        <InfoCard icon={CreditCard} label="Plan">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold text-slate-900">{user.tierLabel}</p>
            <Badge variant={user.subscriptionStatus === 'past_due' ? 'warning' : 'secondary'}>
              {subscriptionStatusLabel(user.subscriptionStatus)}
            </Badge>
          </div>
          <Link
            href={`${paths.settings}#subscription`}
            className="text-sm font-medium text-indigo-700 hover:underline"
          >
            Manage plan
          </Link>
        </InfoCard>
        <InfoCard icon={CalendarClock} label="Free trial" className="sm:col-span-2 lg:col-span-1">
          {days !== null && trialEnds ? (
            <>
              <p className="text-lg font-semibold text-slate-900">{trialHint(days)}</p>
              <p className="text-sm text-slate-600">Ends on {formatDate(trialEnds, user.timezone)}</p>
            </>
          ) : (
            <>
              <p className="text-lg font-semibold text-slate-900">Not on a trial</p>
              <p className="text-sm text-slate-600">
                Your plan is {subscriptionStatusLabel(user.subscriptionStatus).toLowerCase()}.
              </p>
            </>
          )}
        </InfoCard>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <EmptyState
          icon={FileText}
          title="No posts yet"
          description="Tell Kitepost about your business and campaign, and it will write your first posts for you to review and schedule."
          action={
            <Link href={paths.contentGenerator} className={buttonClasses('default')}>
              <WandSparkles aria-hidden="true" />
              Open the content generator
            </Link>
          }
        />
        <EmptyState
          icon={Share2}
          title="No connected accounts"
          description="Connect Facebook, Instagram, LinkedIn or Twitter so Kitepost can publish your scheduled posts."
          action={
            <Link href={paths.socialAccounts} className={buttonClasses('outline')}>
              <Share2 aria-hidden="true" />
              Connect an account
            </Link>
          }
        />
      </div>
    </div>
  );
}

interface InfoCardProps {
  icon: typeof Building2;
  label: string;
  children: ReactNode;
  className?: string;
}

function InfoCard({ icon: Icon, label, children, className }: InfoCardProps) {
  return (
    <Card className={`flex gap-4 p-5 ${className ?? ''}`}>
      <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="grid min-w-0 gap-1">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
        {children}
      </div>
    </Card>
  );
}
