import { aiStudioByPlan } from '../../../contracts/ai-studio';
import { type BillingSubscription, type PaidPlanId, paidPlanIds } from '../../../contracts/billing';
import { formatStorageBytes } from '../../../contracts/media';
import { type PlanId, plans } from '../../../contracts/plans';

/**
 * How a plan switch in the sandbox portal reads (pure, unit tested). The sandbox switches at
 * once and does not prorate: the paid period stays, and the new price is charged from the next
 * renewal (integrations/billing/sandbox/sandbox-billing.ts).
 */

export type SwitchDirection = 'upgrade' | 'downgrade';

export interface PlanChoice {
  plan: PaidPlanId;
  /** The plan the workspace is on. */
  current: boolean;
  /** Null for the current plan. */
  direction: SwitchDirection | null;
}

/** The paid plans in price order, the current one marked. */
export function planChoices(current: PlanId): PlanChoice[] {
  const currentPrice = plans[current].price;
  return paidPlanIds.map((plan) => ({
    plan,
    current: plan === current,
    direction: plan === current ? null : plans[plan].price > currentPrice ? 'upgrade' : 'downgrade',
  }));
}

const count = new Intl.NumberFormat('en-US');

/**
 * '100 AI images a month', 'Unlimited AI images' (issue 30). The allowance lives in the AI
 * studio's table, not in `plans`: the landing's first load does not carry it, so only the
 * subscribe and billing pages (lazy chunks) say it.
 */
export function aiImagesLine(plan: PlanId): string {
  const images = aiStudioByPlan[plan].imagesPerMonth;
  return images === null ? 'Unlimited AI images' : `${count.format(images)} AI images a month`;
}

/**
 * '200 AI posts a month', '100 AI images a month', '10 social accounts', '25 GB media storage',
 * 'Team collaboration and analytics'.
 */
export function planLimitLines(plan: PlanId): string[] {
  const { limits } = plans[plan];
  const lines = [
    limits.aiPostsPerMonth === null
      ? 'Unlimited AI posts'
      : `${count.format(limits.aiPostsPerMonth)} AI posts a month`,
    aiImagesLine(plan),
    limits.socialAccounts === null
      ? 'Unlimited social accounts'
      : `${count.format(limits.socialAccounts)} social ${limits.socialAccounts === 1 ? 'account' : 'accounts'}`,
    `${formatStorageBytes(limits.mediaStorageBytes)} media storage`,
  ];
  if (limits.teamCollaboration && limits.analytics) lines.push('Team collaboration and analytics');
  else if (limits.teamCollaboration) lines.push('Team collaboration');
  else if (limits.analytics) lines.push('Analytics');
  return lines;
}

/** Why the plan cannot change now (the server refuses the same), or null when it can. */
export function switchBlockedReason(
  subscription: Pick<BillingSubscription, 'status' | 'cancelAtPeriodEnd'>,
): string | null {
  if (subscription.cancelAtPeriodEnd) return 'Resume your subscription to change its plan.';
  if (subscription.status !== 'active')
    return 'Your last payment failed. The plan can change once it is paid.';
  return null;
}

/** The sandbox's billing rule, said once under the heading. */
export function noProrationNote(renewsOn: string | null): string {
  const next = renewsOn ? `your next renewal on ${renewsOn}` : 'your next renewal';
  return `A switch takes effect at once. The sandbox does not prorate: the period you paid for stays as it is, and the new plan's price is charged from ${next}.`;
}

/** What the confirmation says will happen. */
export function switchSummary(from: PlanId, to: PaidPlanId, renewsOn: string | null): string {
  const target = plans[to];
  const limits = listOf(planLimitLines(to).map(lowerFirst));
  const change = `Your workspace moves from ${plans[from].name} to ${target.name} now: ${limits}.`;
  const keep =
    target.price < plans[from].price
      ? ' Nothing is deleted: social accounts beyond the new limit stay connected but take no posts, and media beyond the new storage stays, though nothing new can be uploaded until there is room.'
      : '';
  const price = `$${target.price}/month is charged from ${renewsOn ? `your next renewal on ${renewsOn}` : 'your next renewal'}.`;
  return `${change}${keep} ${price}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** 'a and b', 'a, b and c'; a last item with its own 'and' ('x and y') is not given another. */
function listOf(items: string[]): string {
  const last = items.at(-1) ?? '';
  if (items.length < 2 || last.includes(' and ')) return items.join(', ');
  return `${items.slice(0, -1).join(', ')} and ${last}`;
}
