import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { sandboxBillingSubscriptions } from '../../src/server/db/schema';
import {
  type BillingEvent,
  BillingProviderError,
  SubscriptionAlreadyPaidError,
  WebhookSignatureError,
} from '../../src/server/integrations/billing/billing-provider';
import { SandboxBilling } from '../../src/server/integrations/billing/sandbox/sandbox-billing';
import { SandboxCardInvalidError } from '../../src/server/integrations/billing/sandbox/sandbox-card';
import { databaseKinds, openTestDatabase } from '../setup/databases';

const SUCCESS_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINE_CARD = { ...SUCCESS_CARD, cardNumber: '4000 0000 0000 0002' };
const HOUR = 60 * 60 * 1000;

describe.each(databaseKinds)('sandbox billing provider on %s', (kind) => {
  let database: Database;
  let billing: SandboxBilling;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    billing = new SandboxBilling({ db: database.db });
  });
  afterAll(() => database.close());

  const storedRow = async (id: string) => {
    const [row] = await database.db
      .select()
      .from(sandboxBillingSubscriptions)
      .where(eq(sandboxBillingSubscriptions.id, id));
    return row;
  };

  /** A customer with an incomplete subscription to `plan`, waiting for its first payment. */
  async function subscribe(plan: 'starter' | 'professional' | 'enterprise' = 'starter') {
    const customerId = await billing.createCustomer({
      workspaceId: crypto.randomUUID(),
      email: 'a@b.test',
      name: 'A',
    });
    const created = await billing.createSubscription({ customerId, plan, workspaceId: crypto.randomUUID() });
    return { customerId, created };
  }

  /** A customer whose subscription is paid at `paidAt`. */
  async function paidSubscription(paidAt: Date, plan: 'starter' | 'professional' = 'starter') {
    const { customerId, created } = await subscribe(plan);
    await billing.confirmPayment(created.clientSecret, SUCCESS_CARD, paidAt);
    return { customerId, subscriptionId: created.id };
  }

  it('says it is the sandbox, with no publishable key', () => {
    expect(billing.kind).toBe('sandbox');
    expect(billing.sandbox).toBe(true);
    expect(billing.publishableKey).toBeNull();
  });

  it('creates customers and incomplete subscriptions priced from the plan table, storing only the secret hash', async () => {
    const { customerId, created } = await subscribe('professional');
    expect(customerId).toMatch(/^cus_sandbox_[A-Za-z0-9]+$/);
    expect(created.id).toMatch(/^sub_sandbox_[A-Za-z0-9]+$/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_[A-Za-z0-9]+$`));
    expect(created).toMatchObject({
      customerId,
      plan: 'professional',
      status: 'incomplete',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    const row = await storedRow(created.id);
    expect(row?.amountCents).toBe(4900);
    expect(row?.clientSecretHash).toBe(createHash('sha256').update(created.clientSecret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.clientSecret);
    expect(await billing.createCustomer({ workspaceId: 'w', email: 'e', name: 'n' })).not.toBe(customerId);
  });

  it('pays with the success card: active for a month, the payment recorded, invoice.paid then subscription.updated', async () => {
    const { customerId, created } = await subscribe('starter');
    const now = new Date('2026-01-31T10:00:00Z');
    const { events, declined } = await billing.confirmPayment(created.clientSecret, SUCCESS_CARD, now);

    expect(declined).toBeNull();
    expect(events.map((event) => [event.kind, event.type])).toEqual([
      ['payment_succeeded', 'invoice.paid'],
      ['subscription_updated', 'customer.subscription.updated'],
    ]);
    const [paid, updated] = events as [
      Extract<BillingEvent, { kind: 'payment_succeeded' }>,
      Extract<BillingEvent, { kind: 'subscription_updated' }>,
    ];
    // A month after 31 January is the end of February (luxon's month arithmetic).
    const periodEnd = new Date('2026-02-28T10:00:00Z');
    expect(paid).toMatchObject({ subscriptionId: created.id, customerId, periodEnd });
    expect(paid.payment).toMatchObject({ amountCents: 1900, paidAt: now });
    expect(paid.payment.id).toMatch(/^pay_sandbox_/);
    expect(updated.subscription).toMatchObject({
      id: created.id,
      plan: 'starter',
      status: 'active',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    for (const event of events) expect(event.id).toMatch(/^evt_sandbox_/);
    expect(await storedRow(created.id)).toMatchObject({
      status: 'active',
      latestPaymentId: paid.payment.id,
      latestPaymentAt: now,
    });
  });

  it("declines 4000 0000 0000 0002 with Stripe's message, leaving the subscription payable", async () => {
    const { customerId, created } = await subscribe();
    const { events, declined } = await billing.confirmPayment(created.clientSecret, DECLINE_CARD);
    expect(declined).toBe('Your card was declined.');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'payment_failed',
      type: 'invoice.payment_failed',
      subscriptionId: created.id,
      customerId,
      message: 'Your card was declined.',
    });
    expect((await storedRow(created.id))?.status).toBe('incomplete');

    const retried = await billing.confirmPayment(created.clientSecret, SUCCESS_CARD);
    expect(retried.declined).toBeNull();
    expect((await storedRow(created.id))?.status).toBe('active');
  });

  it('declines the insufficient-funds card with its message', async () => {
    const { created } = await subscribe();
    const { declined } = await billing.confirmPayment(created.clientSecret, {
      ...SUCCESS_CARD,
      cardNumber: '4000000000009995',
    });
    expect(declined).toBe('Your card has insufficient funds.');
  });

  it('refuses malformed card fields with SandboxCardInvalidError, changing nothing', async () => {
    const { created } = await subscribe();
    await expect(
      billing.confirmPayment(created.clientSecret, { ...SUCCESS_CARD, cardNumber: '4242 4242 4242 4241' }),
    ).rejects.toThrow(new SandboxCardInvalidError('Your card number is invalid.'));
    await expect(
      billing.confirmPayment(created.clientSecret, { ...SUCCESS_CARD, expiry: '01/20' }),
    ).rejects.toBeInstanceOf(SandboxCardInvalidError);
    expect((await storedRow(created.id))?.status).toBe('incomplete');
  });

  it('refuses an unknown secret and a secret of a subscription already paid', async () => {
    await expect(billing.confirmPayment('sub_sandbox_x_secret_y', SUCCESS_CARD)).rejects.toThrow(
      new BillingProviderError('This payment could not be found. Start again.'),
    );
    const { created } = await subscribe();
    await billing.confirmPayment(created.clientSecret, SUCCESS_CARD);
    await expect(billing.confirmPayment(created.clientSecret, SUCCESS_CARD)).rejects.toThrow(
      new BillingProviderError('This subscription is already paid.'),
    );
  });

  it('pays once when the same secret is confirmed twice at once', async () => {
    const { created } = await subscribe();
    const results = await Promise.allSettled([
      billing.confirmPayment(created.clientSecret, SUCCESS_CARD),
      billing.confirmPayment(created.clientSecret, SUCCESS_CARD),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(BillingProviderError);
  });

  it('resumes an incomplete subscription with a new secret, replacing the old one', async () => {
    const { created } = await subscribe();
    const resumed = await billing.resumeSubscription(created.id);
    expect(resumed?.id).toBe(created.id);
    expect(resumed?.clientSecret).not.toBe(created.clientSecret);
    await expect(billing.confirmPayment(created.clientSecret, SUCCESS_CARD)).rejects.toThrow(
      'This payment could not be found. Start again.',
    );
    expect((await billing.confirmPayment(resumed?.clientSecret ?? '', SUCCESS_CARD)).declined).toBeNull();
    const paid = await billing.resumeSubscription(created.id).catch((error: unknown) => error);
    expect(paid).toBeInstanceOf(SubscriptionAlreadyPaidError);
    expect((paid as SubscriptionAlreadyPaidError).subscription).toMatchObject({
      id: created.id,
      status: 'active',
    });
    expect(await billing.resumeSubscription('sub_sandbox_unknown')).toBeNull();
  });

  it('cancels at period end and resumes through the portal, answering subscription.updated', async () => {
    const { customerId, subscriptionId } = await paidSubscription(new Date());
    const [cancelled] = await billing.portalAction(customerId, { action: 'cancel' });
    expect(cancelled).toMatchObject({
      kind: 'subscription_updated',
      subscription: { id: subscriptionId, status: 'active', cancelAtPeriodEnd: true },
    });
    const [resumed] = await billing.portalAction(customerId, { action: 'resume' });
    expect(resumed).toMatchObject({
      kind: 'subscription_updated',
      subscription: { cancelAtPeriodEnd: false },
    });
    expect(cancelled?.id).not.toBe(resumed?.id);
  });

  it('switches the plan at once through the portal; the new price is charged from the next renewal', async () => {
    const paidAt = new Date('2032-02-10T09:00:00Z');
    const { customerId, subscriptionId } = await paidSubscription(paidAt, 'starter');
    const before = await storedRow(subscriptionId);
    const events = await billing.portalAction(
      customerId,
      { action: 'switch', plan: 'professional' },
      new Date('2032-02-20T09:00:00Z'),
    );
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'subscription_updated',
        type: 'customer.subscription.updated',
        subscription: expect.objectContaining({
          id: subscriptionId,
          plan: 'professional',
          status: 'active',
          currentPeriodEnd: before?.currentPeriodEnd,
          cancelAtPeriodEnd: false,
        }),
      }),
    ]);
    expect(events[0]?.id).toMatch(/^evt_sandbox_/);
    // No proration: the period and its payment stay as they were, and a refund pays back what was paid.
    expect(await storedRow(subscriptionId)).toMatchObject({
      plan: 'professional',
      currentPeriodEnd: before?.currentPeriodEnd,
      latestPaymentId: before?.latestPaymentId,
    });
    expect(await billing.refundPayment(before?.latestPaymentId ?? '')).toEqual({ amountCents: 1900 });

    const renewal = (await billing.advance(new Date('2032-03-10T09:00:01Z'))).filter(
      (event) => event.kind === 'payment_succeeded' && event.subscriptionId === subscriptionId,
    );
    expect(renewal).toEqual([
      expect.objectContaining({ payment: expect.objectContaining({ amountCents: 4900 }) }),
    ]);
  });

  it('refuses a switch to the plan the subscription is on, or while it is cancelled at period end', async () => {
    const { customerId, subscriptionId } = await paidSubscription(new Date(), 'professional');
    await expect(
      billing.portalAction(customerId, { action: 'switch', plan: 'professional' }),
    ).rejects.toThrow(new BillingProviderError('You are already on the Professional plan.'));

    await billing.portalAction(customerId, { action: 'cancel' });
    await expect(billing.portalAction(customerId, { action: 'switch', plan: 'enterprise' })).rejects.toThrow(
      new BillingProviderError(
        'This subscription ends at the end of its period. Resume it before changing its plan.',
      ),
    );
    expect((await storedRow(subscriptionId))?.plan).toBe('professional');
    await billing.portalAction(customerId, { action: 'resume' });
    const [switched] = await billing.portalAction(customerId, { action: 'switch', plan: 'enterprise' });
    expect(switched).toMatchObject({ subscription: { plan: 'enterprise' } });
  });

  it('switches once when the same switch is sent twice at once', async () => {
    const { customerId, subscriptionId } = await paidSubscription(new Date(), 'starter');
    const results = await Promise.allSettled([
      billing.portalAction(customerId, { action: 'switch', plan: 'professional' }),
      billing.portalAction(customerId, { action: 'switch', plan: 'professional' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(BillingProviderError);
    expect((await storedRow(subscriptionId))?.plan).toBe('professional');
  });

  it('refuses a portal action for a customer with no paid subscription', async () => {
    const { customerId } = await subscribe();
    await expect(billing.portalAction(customerId, { action: 'cancel' })).rejects.toBeInstanceOf(
      BillingProviderError,
    );
    await expect(
      billing.portalAction(customerId, { action: 'switch', plan: 'professional' }),
    ).rejects.toThrow(new BillingProviderError('There is no sandbox subscription to change.'));
  });

  it('renews a subscription whose period ended: a new payment and period', async () => {
    const paidAt = new Date('2030-03-15T12:00:00Z');
    const { subscriptionId } = await paidSubscription(paidAt);
    const firstPayment = (await storedRow(subscriptionId))?.latestPaymentId;
    const events = (await billing.advance(new Date('2030-04-15T12:00:01Z'))).filter((event) =>
      JSON.stringify(event).includes(subscriptionId),
    );
    expect(events.map((event) => event.kind)).toEqual(['payment_succeeded', 'subscription_updated']);
    const [payment, updated] = events;
    const nextEnd = new Date('2030-05-15T12:00:00Z');
    expect(payment).toMatchObject({
      kind: 'payment_succeeded',
      subscriptionId,
      periodEnd: nextEnd,
      payment: { amountCents: 1900, paidAt: new Date('2030-04-15T12:00:00Z') },
    });
    expect(updated).toMatchObject({ subscription: { status: 'active', currentPeriodEnd: nextEnd } });
    const row = await storedRow(subscriptionId);
    expect(row?.latestPaymentId).not.toBe(firstPayment);
    expect(row?.currentPeriodEnd).toEqual(nextEnd);

    // Advancing again at the same instant does nothing more.
    const again = await billing.advance(new Date('2030-04-15T12:00:01Z'));
    expect(again.some((event) => JSON.stringify(event).includes(subscriptionId))).toBe(false);
  });

  it('ends a subscription cancelled at period end with subscription.deleted', async () => {
    const { customerId, subscriptionId } = await paidSubscription(new Date('2031-06-01T00:00:00Z'));
    await billing.portalAction(customerId, { action: 'cancel' });
    expect(
      (await billing.advance(new Date('2031-06-30T00:00:00Z'))).some((event) =>
        JSON.stringify(event).includes(subscriptionId),
      ),
    ).toBe(false);
    const events = (await billing.advance(new Date('2031-07-01T00:00:00Z'))).filter((event) =>
      JSON.stringify(event).includes(subscriptionId),
    );
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'subscription_deleted',
        type: 'customer.subscription.deleted',
        subscription: expect.objectContaining({ id: subscriptionId, status: 'canceled' }),
      }),
    ]);
    expect((await storedRow(subscriptionId))?.status).toBe('canceled');
  });

  it('expires a subscription left unpaid for 23 hours', async () => {
    const { created } = await subscribe();
    const createdAt = (await storedRow(created.id))?.createdAt ?? new Date();
    const mine = (events: BillingEvent[]) =>
      events.filter((event) => JSON.stringify(event).includes(created.id));

    expect(mine(await billing.advance(new Date(createdAt.getTime() + 22 * HOUR)))).toEqual([]);
    expect(mine(await billing.advance(new Date(createdAt.getTime() + 23 * HOUR + 1000)))).toEqual([
      expect.objectContaining({
        kind: 'subscription_updated',
        subscription: expect.objectContaining({ status: 'incomplete_expired' }),
      }),
    ]);
    await expect(billing.confirmPayment(created.clientSecret, SUCCESS_CARD)).rejects.toThrow(
      'This payment has expired. Start again.',
    );
    expect(await billing.resumeSubscription(created.id)).toBeNull();
  });

  it('cancels a subscription now or at period end', async () => {
    const atEnd = await paidSubscription(new Date());
    expect(await billing.cancelSubscription(atEnd.subscriptionId, { atPeriodEnd: true })).toMatchObject({
      id: atEnd.subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    const now = await paidSubscription(new Date());
    expect(await billing.cancelSubscription(now.subscriptionId, { atPeriodEnd: false })).toMatchObject({
      status: 'canceled',
    });
    expect((await storedRow(now.subscriptionId))?.status).toBe('canceled');
    await expect(
      billing.cancelSubscription('sub_sandbox_unknown', { atPeriodEnd: false }),
    ).rejects.toBeInstanceOf(BillingProviderError);
  });

  it("refunds a payment's amount without moving money, and refuses an unknown payment", async () => {
    const { subscriptionId } = await paidSubscription(new Date(), 'professional');
    const paymentId = (await storedRow(subscriptionId))?.latestPaymentId ?? '';
    expect(await billing.refundPayment(paymentId)).toEqual({ amountCents: 4900 });
    await expect(billing.refundPayment('pay_sandbox_unknown')).rejects.toBeInstanceOf(BillingProviderError);
  });

  it('opens the sandbox portal page and accepts no webhooks', async () => {
    expect(await billing.createPortalSession('cus_sandbox_x', 'http://kitepost.test/settings')).toBe(
      '/billing/sandbox-portal',
    );
    await expect(billing.parseWebhook(Buffer.from('{}'), 't=1,v1=abc')).rejects.toThrow(
      new WebhookSignatureError('The sandbox receives no webhooks.'),
    );
  });
});
