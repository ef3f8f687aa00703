import { billingMessages } from '../../../contracts/billing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BillingProvider, SandboxBillingOperations } from './billing-provider';
import { SandboxBilling } from './sandbox/sandbox-billing';

export interface Billing {
  /**
   * Null: billing is off (production without Stripe keys and without BILLING_SANDBOX=true): paid
   * plans cannot be bought, and the API and the UI say so.
   */
  provider: BillingProvider | null;
  /** Set only when billing is the sandbox. */
  sandbox: SandboxBillingOperations | null;
}

/**
 * Stripe when every STRIPE_* setting is present; otherwise the sandbox (architecture §1) when
 * BILLING_SANDBOX allows it (by default outside production only: a production server must not
 * sell plans that no money pays for); otherwise none. The Stripe adapter, and the large `stripe`
 * package with it, is loaded only when it is the one (issue 22's cold start).
 */
export async function createBilling(config: Config, db: Db): Promise<Billing> {
  if (config.billing.stripe) {
    const { StripeBilling } = await import('./stripe/stripe-billing');
    return { provider: new StripeBilling(config.billing.stripe), sandbox: null };
  }
  if (!config.billing.sandbox) return { provider: null, sandbox: null };
  const sandbox = new SandboxBilling({ db });
  return { provider: sandbox, sandbox };
}

/** The provider in use; with billing off, a 503 that says paid plans cannot be bought here. */
export function billingProviderOf(billing: Billing): BillingProvider {
  if (!billing.provider) throw new AppError('billing_off', billingMessages.billingOff);
  return billing.provider;
}

export const BILLING_OFF_ADAPTER = 'off: no Stripe keys and BILLING_SANDBOX is not true';

export function describeBilling(provider: Pick<BillingProvider, 'kind' | 'sandbox'> | null) {
  if (!provider) return { adapter: BILLING_OFF_ADAPTER, sandbox: false };
  return provider.sandbox
    ? { adapter: 'sandbox (no money moves)', sandbox: true }
    : { adapter: 'stripe', sandbox: false };
}
