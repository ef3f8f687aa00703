import type { BillingSubscription } from '../../../contracts/billing';
import type { PlanId } from '../../../contracts/plans';

export const PLAN_WAIT_TIMEOUT_MS = 20_000;
export const PLAN_WAIT_INTERVAL_MS = 1_000;

export interface WaitForPlanOptions {
  /** Reads GET /api/billing/subscription. */
  read: () => Promise<BillingSubscription>;
  /** The plan paid for; any paid plan when absent (coming back from a Stripe redirect). */
  plan?: PlanId;
  timeoutMs?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** The plan is in force: paid for (active) and, when one was named, that plan. */
export function isPlanActive(subscription: BillingSubscription, plan?: PlanId): boolean {
  if (subscription.status !== 'active' || subscription.plan === 'free') return false;
  return plan === undefined || subscription.plan === plan;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * With Stripe, the browser learns that the card was charged before the server does: the plan
 * changes when Stripe's webhook arrives. Polls the subscription until the plan is active, for
 * up to `timeoutMs`. Answers whether it became active in time; a failed read counts as "not
 * yet" (the payment itself has succeeded either way).
 */
export async function waitForPlan(options: WaitForPlanOptions): Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? PLAN_WAIT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? PLAN_WAIT_INTERVAL_MS;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  for (;;) {
    try {
      if (isPlanActive(await options.read(), options.plan)) return true;
    } catch {
      // Not yet: try again until the deadline.
    }
    if (now() + intervalMs > deadline) return false;
    await sleep(intervalMs);
  }
}
