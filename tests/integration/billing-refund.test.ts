import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSubscription, billingMessages } from '../../src/contracts/billing';
import { auditLog, notifications, subscriptions } from '../../src/server/db/schema';
import { confirmSandboxPayment, createSubscription } from '../../src/server/modules/billing/billing.service';
import { runBillingLifecycle } from '../../src/server/modules/billing/billing-lifecycle.service';
import { grantAdminAccess } from '../factories/admin-access';
import {
  type BillingMember,
  billingOf,
  futureExpiry,
  sandboxCards,
  sessionPlanOf,
  signUpMember,
  subscribeInSandbox,
} from '../factories/billing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('the 14-day money-back refund on %s', (kind) => {
  let t: TestApp;
  let admin: BillingMember;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signUpMember(t.app);
    admin.cookie = await grantAdminAccess(t.app, admin.cookie);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const asAdmin = (method: 'GET' | 'POST', url: string, cookie = admin.cookie) =>
    t.app.inject({ method, url, headers: { cookie }, remoteAddress: '203.0.113.7' });
  const refund = (workspaceId: string, cookie?: string) =>
    asAdmin('POST', `/api/admin/subscriptions/${workspaceId}/refund`, cookie);
  const listed = async (workspaceId: string): Promise<AdminSubscription | undefined> => {
    const response = await asAdmin('GET', '/api/admin/subscriptions');
    expect(response.statusCode).toBe(200);
    return (response.json().subscriptions as AdminSubscription[]).find((s) => s.workspaceId === workspaceId);
  };

  /** A workspace whose Starter plan was paid `daysAgo` days ago (through the sandbox confirmation). */
  async function paidDaysAgo(daysAgo: number): Promise<BillingMember> {
    const owner = await signUpMember(t.app);
    const caller = {
      userId: owner.user.id,
      email: owner.email,
      workspaceId: owner.workspaceId,
      workspaceName: 'Ada workspace',
      role: 'owner' as const,
    };
    const paidAt = new Date(Date.now() - daysAgo * DAY);
    const { clientSecret } = await createSubscription(t.ctx, caller, 'starter');
    const card = { cardNumber: sandboxCards.succeeds, expiry: futureExpiry(), cvc: '123' };
    await confirmSandboxPayment(t.ctx, owner.workspaceId, { clientSecret, ...card }, paidAt);
    return owner;
  }

  it('lists the subscriptions with the owner, the latest payment and whether it can be refunded', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const old = await paidDaysAgo(15);
    const entry = await listed(owner.workspaceId);
    expect(entry).toMatchObject({
      ownerEmail: owner.email,
      plan: 'starter',
      status: 'active',
      provider: 'sandbox',
      latestPayment: { amount: 19, refundedAt: null, refundable: true },
    });
    expect((await listed(old.workspaceId))?.latestPayment).toMatchObject({ refundable: false });

    const all = (await asAdmin('GET', '/api/admin/subscriptions')).json()
      .subscriptions as AdminSubscription[];
    const paidTimes = all.flatMap((s) => (s.latestPayment ? [Date.parse(s.latestPayment.paidAt)] : []));
    expect(paidTimes).toEqual([...paidTimes].sort((a, b) => b - a));
    // A workspace that never subscribed is not listed.
    const never = await signUpMember(t.app);
    expect(await listed(never.workspaceId)).toBeUndefined();
  });

  it('refunds within 14 days: the payment back, the subscription cancelled, the workspace free, audited', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');

    const response = await refund(owner.workspaceId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.refundedAmount).toBe(19);
    expect(body.subscription).toMatchObject({
      workspaceId: owner.workspaceId,
      plan: 'free',
      status: 'cancelled',
      latestPayment: { amount: 19, refundable: false },
    });
    expect(body.subscription.latestPayment.refundedAt).toEqual(expect.any(String));

    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'cancelled' });
    expect(await billingOf(t.app, owner.cookie)).toMatchObject({ plan: 'free', status: 'cancelled' });
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, owner.workspaceId));
    expect(row).toMatchObject({ status: 'canceled' });
    expect(row?.refundedAt).toBeInstanceOf(Date);
    expect(row?.endedAt).toBeInstanceOf(Date);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'subscription_changed')));
    expect(told).toHaveLength(1);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.refunded'), eq(auditLog.targetId, owner.workspaceId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.user.id,
      targetType: 'workspace',
      ipAddress: '203.0.113.7',
      before: { plan: 'starter', subscriptionStatus: 'active' },
      after: { plan: 'free', subscriptionStatus: 'cancelled', refundedAmountCents: 1900 },
    });

    const again = await refund(owner.workspaceId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(billingMessages.alreadyRefunded);
    // The sandbox's time passing renews nothing: the subscription ended there too.
    await runBillingLifecycle(t.ctx, new Date(Date.now() + 40 * DAY));
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'cancelled' });
  });

  it('refuses after 14 days, without a payment, and for unknown workspaces', async () => {
    const old = await paidDaysAgo(15);
    const tooOld = await refund(old.workspaceId);
    expect(tooOld.statusCode).toBe(409);
    expect(tooOld.json().error.message).toBe(billingMessages.refundWindowPassed(14));
    expect(await sessionPlanOf(t.app, old.cookie)).toEqual({ plan: 'starter', status: 'active' });

    const recent = await paidDaysAgo(13);
    expect((await refund(recent.workspaceId)).statusCode).toBe(200);

    const trial = await signUpMember(t.app);
    const nothing = await refund(trial.workspaceId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe(billingMessages.nothingToRefund);

    expect((await refund(randomUUID())).statusCode).toBe(404);
    const junk = await refund('not-a-uuid');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.issues[0].path).toBe('params.workspaceId');
  });

  it('is for admins only', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${owner.workspaceId}/refund`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await refund(owner.workspaceId, owner.cookie)).statusCode).toBe(403);
    expect((await asAdmin('GET', '/api/admin/subscriptions', owner.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/subscriptions' })).statusCode).toBe(401);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'starter', status: 'active' });
  });
});
