import { type PaidPlanId, paidPlanId } from '../../../contracts/billing';
import { plans } from '../../../contracts/plans';
import { socialAccountMessages } from '../../../contracts/social-accounts';
import { ApiError, failureCode, failureMessage } from '../../lib/api-client';

/**
 * The server answers `plan_limit` (402) when the workspace's plan refuses an action (credits used up, the
 * account limit, scheduling to an account over the plan's limit). Its message says why; the UI
 * shows it with an upgrade link. Null for any other failure.
 */
export function planLimitMessage(error: unknown): string | null {
  if (failureCode(error) !== 'plan_limit') return null;
  return failureMessage(error, 'Your plan does not include this. Upgrade to continue.');
}

/**
 * The plan a scheduling refusal names (`error.planNeeded` of a 402: the first plan that includes
 * the feature), for the upgrade prompt's link; undefined when the refusal named none.
 */
export function planNeededOf(error: unknown): PaidPlanId | undefined {
  if (!(error instanceof ApiError) || failureCode(error) !== 'plan_limit') return undefined;
  const body = error.body as { error?: { planNeeded?: unknown } } | null;
  const parsed = paidPlanId.safeParse(body?.error?.planNeeded);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The OAuth popup reports a refused connection as text only (no status). The account limit's
 * refusal is the contract's own sentence for one of the plans: recognise it exactly.
 */
export function isAccountLimitMessage(message: string): boolean {
  return Object.values(plans).some(
    (plan) =>
      plan.limits.socialAccounts !== null &&
      message === socialAccountMessages.planLimit(plan.limits.socialAccounts, plan.name),
  );
}
