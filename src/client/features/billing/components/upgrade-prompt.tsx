import { ArrowRight, Gauge, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { PaidPlanId } from '../../../../contracts/billing';
import { paths, subscribePath } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCan } from '../../auth/use-permission';
import { useBillingSubscription } from '../api/get-billing-subscription';
import { billingRoleNote, nextPlanUp } from '../billing-display';

interface UpgradePromptProps {
  /** The server's own words (the 402's message). */
  message: string;
  title?: string;
  /** The plan /subscribe opens on; by default the one above the workspace's plan. */
  plan?: PaidPlanId | null;
  /** Shown as a close button when given (a page-level notice the user can put away). */
  onDismiss?: () => void;
  /** Scrolls it into view when it appears (at the foot of a long dialog, above its sticky buttons). */
  reveal?: boolean;
  className?: string;
}

/**
 * What a plan limit looks like wherever the server refused an action with 402: its message and an
 * 'Upgrade' link to /subscribe. Small enough for a dialog, wide enough for a page.
 */
export function UpgradePrompt({
  message,
  title = 'Your plan’s limit is reached',
  plan,
  onDismiss,
  reveal = false,
  className,
}: UpgradePromptProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [reveal]);
  const mayUpgrade = useCan('billing.manage');
  const subscription = useBillingSubscription({ enabled: plan === undefined && mayUpgrade });
  const target = plan === undefined ? (subscription.data ? nextPlanUp(subscription.data.plan) : null) : plan;
  return (
    <div
      ref={ref}
      role="alert"
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between',
        onDismiss && 'pr-10 sm:pr-12',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <Gauge className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5">
          <p className="font-semibold">{title}</p>
          <p className="text-pretty text-amber-900">{message}</p>
        </div>
      </div>
      {mayUpgrade ? (
        <Link
          href={target ? subscribePath(target) : paths.subscribe}
          className={buttonClasses('default', 'sm', 'self-start sm:self-auto')}
        >
          Upgrade
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <p className="shrink-0 text-xs font-medium text-amber-900">{billingRoleNote}</p>
      )}
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="absolute top-2 right-2 rounded-md p-1 text-amber-800 transition hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
