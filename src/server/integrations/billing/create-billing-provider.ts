import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BillingProvider, SandboxBillingOperations } from './billing-provider';
import { SandboxBilling } from './sandbox/sandbox-billing';
import { StripeBilling } from './stripe/stripe-billing';

export interface Billing {
  provider: BillingProvider;
  /** Set only when billing is the sandbox. */
  sandbox: SandboxBillingOperations | null;
}

/** Stripe when every STRIPE_* setting is present; otherwise the sandbox (architecture §1). */
export function createBilling(config: Config, db: Db): Billing {
  if (config.billing.stripe) return { provider: new StripeBilling(config.billing.stripe), sandbox: null };
  const sandbox = new SandboxBilling({ db });
  return { provider: sandbox, sandbox };
}

export function describeBilling(provider: Pick<BillingProvider, 'kind' | 'sandbox'>) {
  return provider.sandbox
    ? { adapter: 'sandbox (no money moves)', sandbox: true }
    : { adapter: 'stripe', sandbox: false };
}
