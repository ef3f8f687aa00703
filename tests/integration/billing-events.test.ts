import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../src/contracts/notifications';
import { billingEvents, notifications, outbox, subscriptions } from '../../src/server/db/schema';
import type { BillingEvent } from '../../src/server/integrations/billing/billing-provider';
import { receiveBillingEvent } from '../../src/server/modules/billing/billing-events.service';
import { runBillingLifecycle } from '../../src/server/modules/billing/billing-lifecycle.service';
import {
  type BillingMember,
  billingOf,
  sessionPlanOf,
  signUpMember,
  startSubscription,
  subscribeInSandbox,
} from '../factories/billing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('billing events and their state changes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  async function subscriptionOf(member: BillingMember) {
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, member.workspaceId));
    if (!row) throw new Error('no subscription');
    return row;
  }
  const noticesOf = (member: BillingMember, kindOf: NotificationKind) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, kindOf)));

  const paymentFailed = (subscriptionId: string, id = `evt_${randomUUID()}`): BillingEvent => ({
    id,
    type: 'invoice.payment_failed',
    kind: 'payment_failed',
    subscriptionId,
    customerId: 'cus_whatever',
    message: 'Your card has insufficient funds.',
  });

  it('a failed renewal makes the workspace past due, keeps the plan and tells the members', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const row = await subscriptionOf(owner);

    const received = await receiveBillingEvent(t.ctx, 'sandbox', paymentFailed(row.providerSubscriptionId));
    expect(received).toEqual({ duplicate: false, applied: true });

    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'starter', status: 'past_due' });
    expect(await billingOf(t.app, owner.cookie)).toMatchObject({ plan: 'starter', status: 'past_due' });
    expect((await subscriptionOf(owner)).status).toBe('past_due');
    const [notice, ...more] = await noticesOf(owner, 'payment_failed');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Your payment for the Starter plan failed',
      link: '/settings#subscription',
    });
    expect(notice?.body).toContain('Your card has insufficient funds.');
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, owner.email));
    expect(mails.map((mail) => mail.subject)).toContain('Kitepost: Your payment for the Starter plan failed');
  });

  it('a replayed event id is recognised and applies nothing the second time', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const row = await subscriptionOf(owner);
    const event = paymentFailed(row.providerSubscriptionId);

    expect(await receiveBillingEvent(t.ctx, 'sandbox', event)).toEqual({ duplicate: false, applied: true });
    expect(await receiveBillingEvent(t.ctx, 'sandbox', event)).toEqual({ duplicate: true });
    expect(await noticesOf(owner, 'payment_failed')).toHaveLength(1);
    const stored = await db().select().from(billingEvents).where(eq(billingEvents.eventId, event.id));
    expect(stored).toMatchObject([{ provider: 'sandbox', type: 'invoice.payment_failed' }]);

    // The same id from the other provider is another event.
    expect(await receiveBillingEvent(t.ctx, 'stripe', event)).toEqual({ duplicate: false, applied: false });
    // A new event (another retry that failed) is applied.
    await receiveBillingEvent(t.ctx, 'sandbox', paymentFailed(row.providerSubscriptionId));
    expect(await noticesOf(owner, 'payment_failed')).toHaveLength(2);
  });

  it('an event that fails to apply is not remembered, so the provider can send it again', async () => {
    const owner = await signUpMember(t.app);
    await startSubscription(t.app, owner.cookie, 'starter');
    const row = await subscriptionOf(owner);
    const paid = (amountCents: number): BillingEvent => ({
      id: 'evt_fails_first',
      type: 'invoice.paid',
      kind: 'payment_succeeded',
      subscriptionId: row.providerSubscriptionId,
      customerId: row.providerCustomerId,
      payment: { id: 'pay_retried', amountCents, paidAt: new Date() },
      periodEnd: new Date(Date.now() + 30 * DAY),
    });
    // Not an integer amount: the database refuses the row mid-transaction.
    await expect(receiveBillingEvent(t.ctx, 'sandbox', paid(19.5))).rejects.toThrow();
    expect(
      await db().select().from(billingEvents).where(eq(billingEvents.eventId, 'evt_fails_first')),
    ).toEqual([]);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });

    expect(await receiveBillingEvent(t.ctx, 'sandbox', paid(1900))).toEqual({
      duplicate: false,
      applied: true,
    });
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'starter', status: 'active' });
  });

  it('ignores events about subscriptions that are not ours, and events of no interest', async () => {
    expect(await receiveBillingEvent(t.ctx, 'sandbox', paymentFailed('sub_not_ours'))).toEqual({
      duplicate: false,
      applied: false,
    });
    const ignored: BillingEvent = { id: `evt_${randomUUID()}`, type: 'customer.created', kind: 'ignored' };
    expect(await receiveBillingEvent(t.ctx, 'sandbox', ignored)).toEqual({
      duplicate: false,
      applied: false,
    });
    expect(await receiveBillingEvent(t.ctx, 'sandbox', ignored)).toEqual({ duplicate: true });
  });

  it('a failed first payment leaves the trial as it was', async () => {
    const owner = await signUpMember(t.app);
    await startSubscription(t.app, owner.cookie, 'professional');
    const row = await subscriptionOf(owner);
    await receiveBillingEvent(t.ctx, 'sandbox', paymentFailed(row.providerSubscriptionId));
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });
    expect((await subscriptionOf(owner)).status).toBe('incomplete');
    expect(await noticesOf(owner, 'payment_failed')).toHaveLength(0);
  });

  it('time passing renews a paid period; cancelled at period end, the workspace goes to free', async () => {
    const renewing = await signUpMember(t.app);
    const leaving = await signUpMember(t.app);
    await subscribeInSandbox(t.app, renewing.cookie, 'professional');
    await subscribeInSandbox(t.app, leaving.cookie, 'starter');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/billing/sandbox/portal',
      headers: { cookie: leaving.cookie },
      payload: { action: 'cancel' },
    });
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true });
    const periodEnd = (await subscriptionOf(renewing)).currentPeriodEnd;
    if (!periodEnd) throw new Error('no period end');

    const justAfter = new Date(
      Math.max(periodEnd.getTime(), (await subscriptionOf(leaving)).currentPeriodEnd?.getTime() ?? 0) +
        60_000,
    );
    const report = await runBillingLifecycle(t.ctx, justAfter);
    expect(report.sandboxEvents).toBeGreaterThanOrEqual(3);

    const renewed = await subscriptionOf(renewing);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd?.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * DAY);
    expect(renewed.latestPaymentAt?.getTime()).toBe(periodEnd.getTime());
    expect(await sessionPlanOf(t.app, renewing.cookie)).toEqual({ plan: 'professional', status: 'active' });

    expect((await subscriptionOf(leaving)).status).toBe('canceled');
    expect(await sessionPlanOf(t.app, leaving.cookie)).toEqual({ plan: 'free', status: 'cancelled' });
    expect(await billingOf(t.app, leaving.cookie)).toMatchObject({
      plan: 'free',
      status: 'cancelled',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canManageBilling: true,
      usage: { aiPosts: { limit: 10 }, socialAccounts: { limit: 1 } },
    });
    const [ended] = await noticesOf(leaving, 'subscription_changed');
    expect(ended).toMatchObject({ title: 'Your Starter subscription has ended', link: '/subscribe' });

    // The same moment again: nothing more happens.
    expect((await runBillingLifecycle(t.ctx, justAfter)).sandboxEvents).toBe(0);
    expect(await noticesOf(leaving, 'subscription_changed')).toHaveLength(1);
  });

  it('after a cancellation, a late event cannot bring the subscription back; a new one can be bought', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const row = await subscriptionOf(owner);
    const ended: BillingEvent = {
      id: `evt_${randomUUID()}`,
      type: 'customer.subscription.deleted',
      kind: 'subscription_deleted',
      subscription: {
        id: row.providerSubscriptionId,
        customerId: row.providerCustomerId,
        plan: 'starter',
        status: 'canceled',
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      },
    };
    await receiveBillingEvent(t.ctx, 'sandbox', ended);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'cancelled' });

    const late: BillingEvent[] = [
      {
        id: `evt_${randomUUID()}`,
        type: 'invoice.paid',
        kind: 'payment_succeeded',
        subscriptionId: row.providerSubscriptionId,
        customerId: row.providerCustomerId,
        payment: { id: 'pay_late', amountCents: 1900, paidAt: new Date() },
        periodEnd: new Date(Date.now() + 30 * DAY),
      },
      {
        ...ended,
        id: `evt_${randomUUID()}`,
        kind: 'subscription_updated',
        subscription: { ...ended.subscription, status: 'active' },
      },
    ];
    for (const event of late) await receiveBillingEvent(t.ctx, 'sandbox', event);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'cancelled' });
    expect(await subscriptionOf(owner)).toMatchObject({
      status: 'canceled',
      latestPaymentId: row.latestPaymentId,
    });

    await subscribeInSandbox(t.app, owner.cookie, 'enterprise');
    expect(await billingOf(t.app, owner.cookie)).toMatchObject({ plan: 'enterprise', status: 'active' });
    // A late deletion of the old one does not touch the new one.
    await receiveBillingEvent(t.ctx, 'sandbox', { ...ended, id: `evt_${randomUUID()}` });
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'enterprise', status: 'active' });
  });
});
