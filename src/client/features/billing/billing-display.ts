import type { WorkspaceRole } from '../../../contracts/auth';
import type { AdminSubscription, BillingSubscription, PaidPlanId } from '../../../contracts/billing';
import { type PlanId, plans } from '../../../contracts/plans';
import { can } from '../../../contracts/team';
import type { BadgeVariant } from '../../components/ui/badge';

/**
 * How a subscription reads on screen (Settings › Subscription, the banner, the sandbox portal).
 * Pure: the clock and the time zone come in, so each sentence is unit tested.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial's last days, when the banner turns from a slim line into a notice. */
export const TRIAL_URGENT_DAYS = 2;

/** 'Starter Plan', 'Free Plan'. */
export function planTitle(plan: PlanId): string {
  return `${plans[plan].name} Plan`;
}

/** '$19/month'; the free plan costs nothing. */
export function planPriceLabel(plan: PlanId): string {
  const { price } = plans[plan];
  return price === 0 ? 'Free' : `$${price}/month`;
}

/** '$19.00' (admin amounts are dollars with cents). */
export function formatAmount(dollars: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
}

export interface StatusLook {
  label: string;
  variant: BadgeVariant;
}

/** The badge next to the plan name: Trial, Active, Past due, Cancelled; the free plan says Free. */
export function statusLook(
  subscription: Pick<BillingSubscription, 'plan' | 'status' | 'cancelAtPeriodEnd'>,
): StatusLook {
  if (subscription.plan === 'free') return { label: 'Free', variant: 'outline' };
  switch (subscription.status) {
    case 'trialing':
      return { label: 'Trial', variant: 'secondary' };
    case 'past_due':
      return { label: 'Past due', variant: 'destructive' };
    case 'cancelled':
      return { label: 'Cancelled', variant: 'warning' };
    case 'inactive':
      return { label: 'Inactive', variant: 'outline' };
    case 'active':
      return subscription.cancelAtPeriodEnd
        ? { label: 'Cancelled', variant: 'warning' }
        : { label: 'Active', variant: 'success' };
    default: {
      const unknown: never = subscription.status;
      return { label: String(unknown), variant: 'outline' };
    }
  }
}

/** Whole days until `iso` (rounded up, never negative), as the sidebar's trial hint counts them. */
export function daysUntil(iso: string, now: Date): number | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / DAY_MS));
}

/** '5 days left', '1 day left', 'ends today'. */
export function daysLeftLabel(days: number): string {
  if (days === 0) return 'ends today';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** 'Nov 29, 2026' in the reader's locale and time zone. */
export function formatBillingDate(iso: string, timeZone?: string | null, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: timeZone ?? undefined }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
  }
}

export interface TimelineOptions {
  now: Date;
  timeZone?: string | null;
  locale?: string;
}

/**
 * The one sentence about time: when the trial ends, when the plan renews, when a cancelled plan
 * stops, or what happened to bring the workspace to the free plan. Null when there is nothing to say.
 */
export function subscriptionTimeline(
  subscription: Pick<
    BillingSubscription,
    'plan' | 'status' | 'trialEndsAt' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
  >,
  { now, timeZone, locale }: TimelineOptions,
): string | null {
  const { plan, status, trialEndsAt, currentPeriodEnd, cancelAtPeriodEnd } = subscription;
  const name = plans[plan].name;
  const date = (iso: string) => formatBillingDate(iso, timeZone, locale);

  if (status === 'trialing' && trialEndsAt) {
    const days = daysUntil(trialEndsAt, now);
    const left = days === null ? '' : ` (${daysLeftLabel(days)})`;
    return `Your ${name} trial ends on ${date(trialEndsAt)}${left}.`;
  }
  if (plan === 'free') {
    if (status === 'cancelled') return 'Your paid plan has ended. Your posts and accounts are kept.';
    if (trialEndsAt && Date.parse(trialEndsAt) <= now.getTime()) {
      return `Your trial ended on ${date(trialEndsAt)}. Your posts and accounts are kept.`;
    }
    return null;
  }
  if (status === 'past_due') return `Your last payment failed. Update your card to keep the ${name} plan.`;
  if (!currentPeriodEnd) return null;
  if (cancelAtPeriodEnd || status === 'cancelled') {
    return `Cancelled — your ${name} plan ends on ${date(currentPeriodEnd)}.`;
  }
  return `Renews on ${date(currentPeriodEnd)}.`;
}

const planOrder: PlanId[] = ['free', 'starter', 'professional', 'enterprise'];

/** The plan one step up, or null on the top plan. */
export function nextPlanUp(plan: PlanId): PaidPlanId | null {
  const next = planOrder[planOrder.indexOf(plan) + 1];
  return next && next !== 'free' ? next : null;
}

/**
 * Which plan /subscribe should open on: the plan being tried during a trial (to keep it), else
 * the next one up; from the free plan after a trial, the plan that was tried is not known, so Starter.
 */
export function suggestedPlan(subscription: Pick<BillingSubscription, 'plan' | 'status'>): PaidPlanId | null {
  const { plan, status } = subscription;
  if (status === 'trialing' && plan !== 'free') return plan;
  return nextPlanUp(plan);
}

/**
 * Whether the workspace is paying for a plan that is still running: then the plan changes in the
 * billing portal (the server answers 409 to a second subscription), not on /subscribe.
 */
export function hasLivePaidPlan(subscription: Pick<BillingSubscription, 'plan' | 'status'>): boolean {
  return (
    subscription.plan !== 'free' && (subscription.status === 'active' || subscription.status === 'past_due')
  );
}

const count = new Intl.NumberFormat('en-US');

export type MeterTone = 'normal' | 'near' | 'full' | 'over';

export interface Meter {
  /** '7 of 50', '3 · unlimited'. */
  text: string;
  /** 0–100 for the bar; null when unlimited (no bar to fill). */
  percent: number | null;
  /** near: 80% used; full: the limit is reached; over: past it (after a downgrade). */
  tone: MeterTone;
}

/**
 * A usage meter: how much of the plan's limit is used. `warnAtLimit: false` for a limit that is
 * normally reached (the one member of a plan without teams): only going over it is worth a colour.
 */
export function usageMeter(
  { used, limit }: { used: number; limit: number | null },
  { warnAtLimit = true }: { warnAtLimit?: boolean } = {},
): Meter {
  if (limit === null) return { text: `${count.format(used)} · unlimited`, percent: null, tone: 'normal' };
  const percent = limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  const tone: MeterTone =
    used > limit
      ? 'over'
      : !warnAtLimit
        ? 'normal'
        : used >= limit
          ? 'full'
          : percent >= 80
            ? 'near'
            : 'normal';
  return { text: `${count.format(used)} of ${count.format(limit)}`, percent, tone };
}

/** Who may choose, pay for and cancel the workspace's plan (the server checks the same roles). */
export function managesBilling(role: WorkspaceRole): boolean {
  return can(role, 'billing.manage');
}

/** What a role that cannot change the plan reads where the plan's buttons would be. */
export const billingRoleNote = 'Only the owner or an admin can change the plan.';

/** Who a refund goes to, as the admin knows them: the owner's email, else the workspace. */
export function payerOf(row: Pick<AdminSubscription, 'ownerEmail' | 'workspaceName'>): string {
  return row.ownerEmail ?? row.workspaceName;
}

/** 'Refund $19.00 to ada@example.com and cancel the Starter subscription?' */
export function refundQuestion(row: AdminSubscription): string {
  const amount = row.latestPayment ? formatAmount(row.latestPayment.amount) : 'the latest payment';
  return `Refund ${amount} to ${payerOf(row)} and cancel the ${plans[row.plan].name} subscription?`;
}
