import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSubscription, billingMessages, planLimitMessages } from '../../src/contracts/billing';
import { notifications, subscriptions } from '../../src/server/db/schema';
import { sandboxBillingMessages } from '../../src/server/integrations/billing/sandbox/sandbox-billing';
import { runBillingLifecycle } from '../../src/server/modules/billing/billing-lifecycle.service';
import { requirePlanFeature } from '../../src/server/modules/plans/plan-gates';
import { grantAdminAccess } from '../factories/admin-access';
import {
  type BillingMember,
  billingOf,
  joinWorkspace,
  sessionPlanOf,
  signUpMember,
  startSubscription,
  subscribeInSandbox,
} from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Changing the paid plan in the sandbox's stand-in for Stripe's portal: the switch goes through
 * the same event handling as Stripe's customer.subscription.updated, so the new plan and its
 * limits hold everywhere at once. (Stripe's own event: billing-stripe.test.ts.)
 */

describe.each(databaseKinds)('switching plans in the sandbox portal on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const portal = (cookie: string, body: Record<string, unknown>) =>
    asUser(t.app, cookie).post('/api/billing/sandbox/portal', body);
  const switchTo = (cookie: string, plan: string) => portal(cookie, { action: 'switch', plan });
  /** The plan the billing page and the session user report; they must agree. */
  const planEverywhere = async (member: BillingMember) => {
    const billing = await billingOf(t.app, member.cookie);
    expect(await sessionPlanOf(t.app, member.cookie)).toEqual({ plan: billing.plan, status: billing.status });
    return billing;
  };
  const creditLimitOf = async (member: BillingMember) => {
    const response = await asUser(t.app, member.cookie).get('/api/user/credits');
    expect(response.statusCode).toBe(200);
    return (response.json() as { limit: number | null }).limit;
  };
  const teamGate = (workspaceId: string) =>
    requirePlanFeature(db(), workspaceId, 'teamCollaboration').then(
      () => null,
      (error: Error) => error.message,
    );

  it('moves a Starter workspace to Professional at once: plan, limits and features everywhere', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const before = await planEverywhere(owner);
    expect(before).toMatchObject({ plan: 'starter', status: 'active' });
    expect(await creditLimitOf(owner)).toBe(50);
    expect(await teamGate(owner.workspaceId)).toBe(planLimitMessages.teamCollaboration('Starter'));

    const response = await switchTo(owner.cookie, 'professional');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      plan: 'professional',
      status: 'active',
      cancelAtPeriodEnd: false,
      usage: { aiPosts: { limit: 200 }, socialAccounts: { limit: 10 } },
      features: { teamCollaboration: true, analytics: true },
    });
    const after = await planEverywhere(owner);
    expect(after).toEqual(response.json());
    // No proration in the sandbox: the paid period goes on as it was.
    expect(after.currentPeriodEnd).toBe(before.currentPeriodEnd);
    expect(await creditLimitOf(owner)).toBe(200);
    expect(await teamGate(owner.workspaceId)).toBeNull();

    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, owner.workspaceId));
    expect(rows).toEqual([
      expect.objectContaining({ plan: 'professional', status: 'active', endedAt: null }),
    ]);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(notices.map((notice) => [notice.kind, notice.title])).toContainEqual([
      'subscription_changed',
      'Your workspace is now on the Professional plan',
    ]);

    // And on to Enterprise: unlimited.
    expect((await switchTo(owner.cookie, 'enterprise')).statusCode).toBe(200);
    expect(await planEverywhere(owner)).toMatchObject({
      plan: 'enterprise',
      status: 'active',
      usage: { aiPosts: { limit: null }, socialAccounts: { limit: null } },
    });
    expect(await creditLimitOf(owner)).toBeNull();
  });

  it('refuses a switch to the plan the workspace is on (400), changing nothing', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const response = await switchTo(owner.cookie, 'starter');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: billingMessages.samePlan('Starter') } });
    expect(await planEverywhere(owner)).toMatchObject({ plan: 'starter', status: 'active' });
  });

  it('refuses a switch without a paid subscription (409): a trial, an unpaid start, the free plan', async () => {
    const trial = await signUpMember(t.app);
    const onTrial = await switchTo(trial.cookie, 'starter');
    expect(onTrial.statusCode).toBe(409);
    expect(onTrial.json()).toMatchObject({ error: { message: billingMessages.noPlanToSwitch } });

    // A customer exists, its subscription waiting for the first payment: still nothing to switch.
    await startSubscription(t.app, trial.cookie, 'starter');
    const unpaid = await switchTo(trial.cookie, 'enterprise');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ error: { message: billingMessages.noPlanToSwitch } });
    expect(await planEverywhere(trial)).toMatchObject({ plan: 'professional', status: 'trialing' });

    // Cancelled, and the period over: the free plan chooses a plan on /subscribe again.
    const ended = await signUpMember(t.app);
    await subscribeInSandbox(t.app, ended.cookie, 'starter');
    expect((await portal(ended.cookie, { action: 'cancel' })).statusCode).toBe(200);
    const periodEnd = Date.parse((await billingOf(t.app, ended.cookie)).currentPeriodEnd ?? '');
    await runBillingLifecycle(t.ctx, new Date(periodEnd + 1000));
    expect(await planEverywhere(ended)).toMatchObject({ plan: 'free', status: 'cancelled' });
    const onFree = await switchTo(ended.cookie, 'professional');
    expect(onFree.statusCode).toBe(409);
    expect(onFree.json()).toMatchObject({ error: { message: billingMessages.noPlanToSwitch } });
  });

  it('refuses a switch while the subscription is cancelled at period end (409); after resuming it works', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    expect((await portal(owner.cookie, { action: 'cancel' })).statusCode).toBe(200);
    const refused = await switchTo(owner.cookie, 'professional');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: sandboxBillingMessages.switchWhenCancelling } });
    expect(await planEverywhere(owner)).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: true });

    expect((await portal(owner.cookie, { action: 'resume' })).statusCode).toBe(200);
    expect((await switchTo(owner.cookie, 'professional')).statusCode).toBe(200);
    expect(await planEverywhere(owner)).toMatchObject({ plan: 'professional', cancelAtPeriodEnd: false });
  });

  it('validates the switch and lets only the owner or an admin make it', async () => {
    const owner = await signUpMember(t.app);
    const editor = await signUpMember(t.app);
    await joinWorkspace(t.ctx, owner, editor, 'editor');
    await subscribeInSandbox(t.app, owner.cookie, 'starter');

    for (const body of [
      { action: 'switch' },
      { action: 'switch', plan: 'free' },
      { action: 'switch', plan: 'gold' },
    ]) {
      expect((await portal(owner.cookie, body)).statusCode).toBe(400);
    }
    expect((await switchTo(editor.cookie, 'professional')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/billing/sandbox/portal', payload: {} })).statusCode,
    ).toBe(401);
    expect(await planEverywhere(owner)).toMatchObject({ plan: 'starter' });
  });

  it("a refund after a switch pays back what was paid, not the new plan's price", async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    expect((await switchTo(owner.cookie, 'enterprise')).statusCode).toBe(200);

    const admin = await signUpMember(t.app);
    admin.cookie = await grantAdminAccess(t.app, admin.cookie);
    const listed = (await asUser(t.app, admin.cookie).get('/api/admin/subscriptions')).json() as {
      subscriptions: AdminSubscription[];
    };
    expect(listed.subscriptions.find((row) => row.workspaceId === owner.workspaceId)).toMatchObject({
      plan: 'enterprise',
      latestPayment: { amount: 19, refundable: true },
    });
    const refund = await asUser(t.app, admin.cookie).post(
      `/api/admin/subscriptions/${owner.workspaceId}/refund`,
    );
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ refundedAmount: 19, subscription: { plan: 'free' } });
  });
});
