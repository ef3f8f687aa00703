import type { WorkspaceRole } from '../../../contracts/auth';
import {
  type BillingSubscription,
  billingMessages,
  type CreateSubscriptionResponse,
  type PaidPlanId,
  type SandboxConfirmBody,
  type SandboxPortalBody,
} from '../../../contracts/billing';
import { plans } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import {
  BillingProviderError,
  type CreatedSubscription,
  type ProviderSubscription,
  type SandboxBillingOperations,
  SubscriptionAlreadyPaidError,
} from '../../integrations/billing/billing-provider';
import { billingProviderOf } from '../../integrations/billing/create-billing-provider';
import { sandboxBillingMessages } from '../../integrations/billing/sandbox/sandbox-billing';
import { SandboxCardInvalidError } from '../../integrations/billing/sandbox/sandbox-card';
import { AppError } from '../../lib/app-error';
import { enforceRateLimit, rateRules } from '../rate-limits';
import {
  findSubscriptionByProviderId,
  findWorkspaceBilling,
  insertSubscription,
  listWorkspaceSubscriptions,
  type SubscriptionRow,
  storeBillingCustomer,
  updateSubscription,
  type WorkspaceBillingRow,
} from './billing.repository';
import { receiveBillingEvent } from './billing-events.service';
import { BLOCKING_STATUSES, currentSubscriptionOf } from './billing-state';
import { loadPlanUsage } from './plan-usage';

/** Who is asking: the signed-in member and the workspace their session is in. */
export interface BillingCaller {
  userId: string;
  email: string;
  workspaceId: string;
  workspaceName: string;
  role: WorkspaceRole;
}

const BILLING_ROLES: readonly WorkspaceRole[] = ['owner', 'admin'];
export const billingServiceMessages = {
  notAllowed: 'Only the workspace owner or an admin can manage billing.',
  notSandbox: 'Sandbox billing is not in use.',
  portalFailed: 'The billing portal could not be opened. Please try again.',
} as const;

/** The workspace's plan, status, renewal or trial end, usage and what billing can do. */
export async function getBillingSubscription(
  ctx: Pick<AppContext, 'database' | 'billing'>,
  workspaceId: string,
  now = new Date(),
): Promise<BillingSubscription> {
  const workspace = await findWorkspaceBilling(ctx.database.db, workspaceId);
  if (!workspace) throw new AppError('not_found', 'Workspace not found');
  const [rows, usage] = await Promise.all([
    listWorkspaceSubscriptions(ctx.database.db, workspaceId),
    loadPlanUsage(ctx.database.db, workspaceId, workspace.plan, now),
  ]);
  const current = currentSubscriptionOf(rows);
  const { limits } = plans[workspace.plan];
  return {
    plan: workspace.plan,
    status: workspace.subscriptionStatus,
    // Kept on the workspace as history once paid; only a running trial has an end to show.
    trialEndsAt:
      workspace.subscriptionStatus === 'trialing' ? (workspace.trialEndsAt?.toISOString() ?? null) : null,
    currentPeriodEnd: current?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    sandbox: ctx.billing.provider?.sandbox ?? false,
    paidPlansAvailable: ctx.billing.provider !== null,
    canManageBilling: customerOf(ctx, workspace) !== undefined,
    usage,
    features: { teamCollaboration: limits.teamCollaboration, analytics: limits.analytics },
  };
}

/**
 * POST /api/create-subscription: the customer (created once, then reused), then an incomplete
 * subscription whose first payment the page confirms. A page reload resumes the one waiting for
 * the same plan; one waiting for another plan is cancelled. A workspace already paying is sent
 * to the portal instead (409).
 */
export async function createSubscription(
  ctx: Pick<AppContext, 'database' | 'billing' | 'log'>,
  caller: BillingCaller,
  plan: PaidPlanId,
): Promise<CreateSubscriptionResponse> {
  assertCanManageBilling(caller);
  // Billing off: no plan can be bought here, and the caller is told so (503, billingOff).
  const provider = billingProviderOf(ctx.billing);
  await enforceRateLimit(ctx.database.db, rateRules.billingSetup, caller.workspaceId);
  const rows = await listWorkspaceSubscriptions(ctx.database.db, caller.workspaceId);
  const paying = rows.find((row) => row.endedAt === null && BLOCKING_STATUSES.includes(row.status));
  if (paying)
    throw new AppError('already_subscribed', billingMessages.alreadySubscribed(plans[paying.plan].name));

  try {
    const customerId = await ensureCustomer(ctx, caller);
    const waiting = rows.filter(
      (row) => row.provider === provider.kind && row.status === 'incomplete' && row.endedAt === null,
    );
    let ready: CreatedSubscription | null = null;
    for (const row of waiting) {
      if (row.plan === plan) {
        if (ready) continue;
        // Null: no longer payable (expired or cancelled); paid meanwhile (its events still on their
        // way): recorded, and the caller is told it already pays rather than offered a second one.
        try {
          ready = await provider.resumeSubscription(row.providerSubscriptionId);
        } catch (error) {
          if (!(error instanceof SubscriptionAlreadyPaidError)) throw error;
          await recordProviderSubscription(ctx, row, error.subscription);
          throw new AppError('already_subscribed', billingMessages.alreadySubscribed(plans[row.plan].name));
        }
        if (ready) await recordProviderSubscription(ctx, row, ready);
        continue;
      }
      // Waiting for another plan: it must not be paid by mistake later.
      const cancelled = await provider.cancelSubscription(row.providerSubscriptionId, { atPeriodEnd: false });
      await recordProviderSubscription(ctx, row, cancelled);
    }
    if (!ready) {
      ready = await provider.createSubscription({ customerId, plan, workspaceId: caller.workspaceId });
      await insertSubscription(ctx.database.db, {
        workspaceId: caller.workspaceId,
        provider: provider.kind,
        providerCustomerId: customerId,
        providerSubscriptionId: ready.id,
        plan,
        status: ready.status,
        currentPeriodEnd: ready.currentPeriodEnd,
        cancelAtPeriodEnd: ready.cancelAtPeriodEnd,
      });
    }
    return {
      clientSecret: ready.clientSecret,
      provider: provider.kind,
      publishableKey: provider.publishableKey,
      plan,
      amount: plans[plan].price,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, workspaceId: caller.workspaceId, plan }, 'setting up a subscription failed');
    throw new AppError('upstream_failed', billingMessages.setupFailed);
  }
}

/** POST /api/billing/portal: Stripe's customer portal (or the sandbox's page), back to Settings. */
export async function openBillingPortal(
  ctx: Pick<AppContext, 'database' | 'billing' | 'config' | 'log'>,
  caller: BillingCaller,
): Promise<{ url: string }> {
  assertCanManageBilling(caller);
  const provider = billingProviderOf(ctx.billing);
  const customerId = await requireCustomer(ctx, caller.workspaceId);
  try {
    const url = await provider.createPortalSession(customerId, `${ctx.config.appUrl}/settings#subscription`);
    return { url };
  } catch (error) {
    ctx.log.error({ err: error, workspaceId: caller.workspaceId }, 'opening the billing portal failed');
    throw new AppError('upstream_failed', billingServiceMessages.portalFailed);
  }
}

export type SandboxPaymentOutcome = { status: 'succeeded' } | { status: 'declined'; message: string };

/**
 * The sandbox card form's payment (what Stripe.js would confirm with Stripe): the sandbox answers
 * the events Stripe would send, applied here through the webhook code before answering, so the
 * new plan shows at once.
 */
export async function confirmSandboxPayment(
  ctx: Pick<AppContext, 'database' | 'billing' | 'mail' | 'config' | 'log' | 'jobs'>,
  workspaceId: string,
  body: SandboxConfirmBody,
  now = new Date(),
): Promise<SandboxPaymentOutcome> {
  const sandbox = requireSandbox(ctx);
  const { clientSecret, ...card } = body;
  // A secret is '<subscription id>_secret_<random>': only the workspace's own can be paid here.
  const subscriptionId = clientSecret.split('_secret_')[0] ?? '';
  const row = await findSubscriptionByProviderId(ctx.database.db, subscriptionId);
  if (row?.workspaceId !== workspaceId || row.provider !== 'sandbox') {
    throw new AppError('bad_request', sandboxBillingMessages.paymentNotFound);
  }
  let result: Awaited<ReturnType<SandboxBillingOperations['confirmPayment']>>;
  try {
    result = await sandbox.confirmPayment(clientSecret, card, now);
  } catch (error) {
    if (error instanceof SandboxCardInvalidError || error instanceof BillingProviderError) {
      throw new AppError('bad_request', error.message);
    }
    throw error;
  }
  for (const event of result.events) await receiveBillingEvent(ctx, 'sandbox', event, now);
  return result.declined ? { status: 'declined', message: result.declined } : { status: 'succeeded' };
}

/**
 * The sandbox's stand-in for the customer portal: cancel at period end, take that back, or switch
 * the paid plan. The sandbox answers the events Stripe's portal would cause; they are applied
 * through the webhook code before answering, so the new plan shows at once.
 */
export async function runSandboxPortalAction(
  ctx: Pick<AppContext, 'database' | 'billing' | 'mail' | 'config' | 'log' | 'jobs'>,
  caller: BillingCaller,
  request: SandboxPortalBody,
  now = new Date(),
): Promise<BillingSubscription> {
  const sandbox = requireSandbox(ctx);
  assertCanManageBilling(caller);
  if (request.action === 'switch') await assertCanSwitchTo(ctx, caller.workspaceId, request.plan);
  const customerId = await requireCustomer(ctx, caller.workspaceId);
  let events: Awaited<ReturnType<SandboxBillingOperations['portalAction']>>;
  try {
    events = await sandbox.portalAction(customerId, request, now);
  } catch (error) {
    if (error instanceof BillingProviderError) throw new AppError('conflict', error.message);
    throw error;
  }
  for (const event of events) await receiveBillingEvent(ctx, 'sandbox', event, now);
  return getBillingSubscription(ctx, caller.workspaceId, now);
}

/**
 * A switch needs a paid subscription the workspace is on (a trial or the free plan chooses a plan
 * on /subscribe instead), and another plan than its own: asking for the same plan is a mistake in
 * the request (400), not a conflict with the subscription's state (the provider's refusals, 409).
 */
async function assertCanSwitchTo(ctx: Pick<AppContext, 'database'>, workspaceId: string, plan: PaidPlanId) {
  const current = currentSubscriptionOf(await listWorkspaceSubscriptions(ctx.database.db, workspaceId));
  if (!current) throw new AppError('conflict', billingMessages.noPlanToSwitch);
  if (current.plan === plan) throw new AppError('bad_request', billingMessages.samePlan(plans[plan].name));
}

function assertCanManageBilling(caller: BillingCaller) {
  if (!BILLING_ROLES.includes(caller.role))
    throw new AppError('forbidden', billingServiceMessages.notAllowed);
}

function requireSandbox(ctx: Pick<AppContext, 'billing'>): SandboxBillingOperations {
  if (!ctx.billing.sandbox) throw new AppError('not_found', billingServiceMessages.notSandbox);
  return ctx.billing.sandbox;
}

/** The workspace's customer with the provider in use; one of the other provider does not count. */
function customerOf(ctx: Pick<AppContext, 'billing'>, workspace: WorkspaceBillingRow): string | undefined {
  return workspace.billingProvider === ctx.billing.provider?.kind && workspace.billingCustomerId
    ? workspace.billingCustomerId
    : undefined;
}

async function requireCustomer(
  ctx: Pick<AppContext, 'database' | 'billing'>,
  workspaceId: string,
): Promise<string> {
  const workspace = await findWorkspaceBilling(ctx.database.db, workspaceId);
  if (!workspace) throw new AppError('not_found', 'Workspace not found');
  const customerId = customerOf(ctx, workspace);
  if (!customerId) throw new AppError('conflict', billingMessages.noCustomer);
  return customerId;
}

async function ensureCustomer(
  ctx: Pick<AppContext, 'database' | 'billing' | 'log'>,
  caller: BillingCaller,
): Promise<string> {
  const workspace = await findWorkspaceBilling(ctx.database.db, caller.workspaceId);
  if (!workspace) throw new AppError('not_found', 'Workspace not found');
  const existing = customerOf(ctx, workspace);
  if (existing) return existing;
  const provider = billingProviderOf(ctx.billing);
  const created = await provider.createCustomer({
    workspaceId: caller.workspaceId,
    email: caller.email,
    name: caller.workspaceName,
  });
  const stored = await storeBillingCustomer(ctx.database.db, caller.workspaceId, provider.kind, created);
  if (stored !== created) {
    ctx.log.warn(
      { workspaceId: caller.workspaceId, customerId: created },
      'another request stored a billing customer first; this one is left unused',
    );
  }
  return stored ?? created;
}

/** What the provider answered to our own call (resume or cancel of a subscription not yet paid). */
async function recordProviderSubscription(
  ctx: Pick<AppContext, 'database'>,
  row: SubscriptionRow,
  reported: ProviderSubscription,
  now = new Date(),
) {
  const ended = reported.status === 'canceled' || reported.status === 'incomplete_expired';
  await updateSubscription(
    ctx.database.db,
    row.id,
    {
      status: reported.status,
      currentPeriodEnd: reported.currentPeriodEnd,
      cancelAtPeriodEnd: reported.cancelAtPeriodEnd,
      ...(ended ? { endedAt: now } : {}),
    },
    now,
  );
}
