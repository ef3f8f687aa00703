import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, type PaidPlanId } from '../../src/contracts/billing';
import { grantAdminAccess } from '../factories/admin-access';
import {
  type BillingMember,
  billingOf,
  sessionPlanOf,
  signUpMember,
  startSubscription,
} from '../factories/billing';
import { asUser } from '../factories/posts';
import { signUp } from '../factories/users';
import { type SignedStripeEvent, signStripeEvent } from '../fakes/stripe/stripe-events';
import { type StripeFake, startStripeFake } from '../fakes/stripe/stripe-fake';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * The whole app in Stripe mode (every STRIPE_* set, the API pointed at a loopback fake of Stripe)
 * through the billing routes: subscribing, Stripe's signed webhooks moving the workspace, the
 * customer portal and the admin's money-back refund. The browser's part (confirming the payment
 * with the client secret) is played on the fake.
 */

const SECRET_KEY = 'sk_test_kitepost_app_51';
const WEBHOOK_SECRET = 'whsec_kitepost_app_test';
const PRICES = { starter: 'price_app_starter', professional: 'price_app_pro', enterprise: 'price_app_ent' };

describe.each(databaseKinds)('billing with Stripe on %s', (kind) => {
  let fake: StripeFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startStripeFake({
      secretKey: SECRET_KEY,
      prices: { [PRICES.starter]: 1900, [PRICES.professional]: 4900, [PRICES.enterprise]: 9900 },
    });
    t = await buildTestApp(kind, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kitepost_app',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_PROFESSIONAL: PRICES.professional,
      STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
      STRIPE_API_URL: fake.baseUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const signed = (type: string, object: unknown, secret = WEBHOOK_SECRET) =>
    signStripeEvent({ type, object, secret });
  const deliver = (delivery: Pick<SignedStripeEvent, 'payload'>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: delivery.payload,
    });
  const subscriptionAtStripe = (clientSecret: string) => {
    const intent = [...fake.store.paymentIntents.values()].find((pi) => pi.clientSecret === clientSecret);
    const invoice = [...fake.store.invoices.values()].find((inv) => inv.paymentIntent === intent?.id);
    const sub = fake.store.subscriptions.get(invoice?.subscription ?? '');
    if (!sub) throw new Error('no subscription at the fake for this client secret');
    return sub;
  };
  const plansAgree = async (member: BillingMember) => {
    const billing = await billingOf(t.app, member.cookie);
    expect(await sessionPlanOf(t.app, member.cookie)).toEqual({ plan: billing.plan, status: billing.status });
    return billing;
  };

  /** Sign-up, create-subscription, the card confirmed in the browser, Stripe's invoice.paid delivered. */
  async function paidMember(plan: PaidPlanId) {
    const member = await signUpMember(t.app);
    const { clientSecret } = await startSubscription(t.app, member.cookie, plan);
    const { subscription, invoice } = fake.confirmPayment(clientSecret);
    const paid = signed('invoice.paid', invoice);
    const response = await deliver(paid, paid.signature);
    expect(response.statusCode).toBe(200);
    return { member, subscriptionId: subscription.id, invoice, paid };
  }

  it("creates the customer and an incomplete subscription at Stripe and answers the payment's client secret", async () => {
    const member = await signUpMember(t.app);
    const setup = await startSubscription(t.app, member.cookie, 'starter');
    expect(setup).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_kitepost_app',
      plan: 'starter',
      amount: 19,
    });
    const sub = subscriptionAtStripe(setup.clientSecret);
    expect(sub).toMatchObject({ status: 'incomplete', price: PRICES.starter });
    expect(sub.metadata).toEqual({ workspaceId: member.workspaceId, plan: 'starter' });
    const customer = fake.store.customers.get(sub.customer);
    expect(customer).toMatchObject({ email: member.email, metadata: { workspaceId: member.workspaceId } });
    // Nothing is paid yet: the trial goes on.
    expect(await sessionPlanOf(t.app, member.cookie)).toEqual({ plan: 'professional', status: 'trialing' });

    // A reload resumes the same subscription; another plan replaces it, for the same customer.
    const again = await startSubscription(t.app, member.cookie, 'starter');
    expect(again.clientSecret).toBe(setup.clientSecret);
    const switched = await startSubscription(t.app, member.cookie, 'enterprise');
    const enterprise = subscriptionAtStripe(switched.clientSecret);
    expect(enterprise).toMatchObject({
      customer: sub.customer,
      price: PRICES.enterprise,
      status: 'incomplete',
    });
    expect(fake.store.subscriptions.get(sub.id)?.status).toBe('canceled');
    const customersOfWorkspace = [...fake.store.customers.values()].filter(
      (c) => c.metadata.workspaceId === member.workspaceId,
    );
    expect(customersOfWorkspace).toHaveLength(1);
  });

  it('does not offer a second subscription when the first was paid and its webhook is still on its way', async () => {
    const member = await signUpMember(t.app);
    const setup = await startSubscription(t.app, member.cookie, 'starter');
    fake.confirmPayment(setup.clientSecret);
    // The page is reopened before invoice.paid arrives.
    const response = await asUser(t.app, member.cookie).post('/api/create-subscription', { plan: 'starter' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { message: billingMessages.alreadySubscribed('Starter') },
    });
    const ofWorkspace = [...fake.store.subscriptions.values()].filter(
      (sub) => sub.metadata.workspaceId === member.workspaceId,
    );
    expect(ofWorkspace).toHaveLength(1);
  });

  it('answers 502 with the setup message when Stripe fails', async () => {
    const member = await signUpMember(t.app);
    fake.failNext({ status: 500, times: 3, path: '/v1/customers' });
    const response = await asUser(t.app, member.cookie).post('/api/create-subscription', { plan: 'starter' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: { message: billingMessages.setupFailed } });
  });

  it('a signed invoice.paid makes the workspace active on the plan, and a replay of it changes nothing', async () => {
    const { member, subscriptionId, paid } = await paidMember('starter');
    const billing = await plansAgree(member);
    expect(billing).toMatchObject({
      plan: 'starter',
      status: 'active',
      sandbox: false,
      canManageBilling: true,
    });
    const periodEnd = (fake.store.subscriptions.get(subscriptionId)?.periodEnd ?? 0) * 1000;
    expect(billing.currentPeriodEnd).toBe(new Date(periodEnd).toISOString());

    // The renewal fails (past_due); then Stripe resends the first invoice.paid: it must not undo that.
    const failed = signed('invoice.payment_failed', fake.renew(subscriptionId, 'declined').invoice);
    expect((await deliver(failed, failed.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({ plan: 'starter', status: 'past_due' });
    const replay = await deliver(paid, paid.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true });
    expect(await plansAgree(member)).toMatchObject({ plan: 'starter', status: 'past_due' });
  });

  it('refuses a bad signature with 400 and changes nothing; the genuine delivery still counts', async () => {
    const member = await signUpMember(t.app);
    const { clientSecret } = await startSubscription(t.app, member.cookie, 'professional');
    const { invoice } = fake.confirmPayment(clientSecret);
    const genuine = signed('invoice.paid', invoice);
    const forged = signed('invoice.paid', invoice, 'whsec_not_ours');

    for (const attempt of [
      await deliver(forged, forged.signature),
      await deliver(
        { payload: genuine.payload.replace('"amount_paid": 4900', '"amount_paid": 1') },
        genuine.signature,
      ),
      await deliver(genuine),
    ]) {
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    expect(await plansAgree(member)).toMatchObject({ plan: 'professional', status: 'trialing' });

    expect((await deliver(genuine, genuine.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({ plan: 'professional', status: 'active' });
  });

  it("invoice.payment_failed makes the workspace past_due and tells the owner Stripe's reason", async () => {
    const { member, subscriptionId } = await paidMember('professional');
    const failed = signed('invoice.payment_failed', fake.renew(subscriptionId, 'declined').invoice);
    expect((await deliver(failed, failed.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({ plan: 'professional', status: 'past_due' });
    const notices = (await asUser(t.app, member.cookie).get('/api/notifications')).json() as {
      notifications: { kind: string; body: string }[];
    };
    expect(notices.notifications.find((n) => n.kind === 'payment_failed')?.body).toContain(
      'Your card was declined.',
    );
  });

  it('follows a cancellation at period end, then the end of the subscription back to free', async () => {
    const { member, subscriptionId } = await paidMember('enterprise');
    const sub = fake.store.subscriptions.get(subscriptionId);
    if (!sub) throw new Error('no subscription');
    // What the customer portal does at Stripe; its event follows.
    sub.cancelAtPeriodEnd = true;
    const updated = signStripeEvent({
      type: 'customer.subscription.updated',
      object: fake.subscription(subscriptionId),
      previousAttributes: { cancel_at_period_end: false },
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(updated, updated.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({
      plan: 'enterprise',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(sub.periodEnd * 1000).toISOString(),
    });

    // The period ends: Stripe cancels the subscription.
    Object.assign(sub, { status: 'canceled', canceledAt: sub.periodEnd, endedAt: sub.periodEnd });
    const deleted = signed('customer.subscription.deleted', fake.subscription(subscriptionId));
    expect((await deliver(deleted, deleted.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({
      plan: 'free',
      status: 'cancelled',
      cancelAtPeriodEnd: false,
    });
  });

  it("follows a plan switched in Stripe's portal: the new price moves the workspace to its plan", async () => {
    const { member, subscriptionId } = await paidMember('starter');
    const sub = fake.store.subscriptions.get(subscriptionId);
    if (!sub) throw new Error('no subscription');
    const periodEnd = new Date(sub.periodEnd * 1000).toISOString();
    // What the portal's 'Update plan' does at Stripe: the item's price changes; its event follows.
    Object.assign(sub, { price: PRICES.professional, unitAmount: 4900 });
    const switched = signStripeEvent({
      type: 'customer.subscription.updated',
      object: fake.subscription(subscriptionId),
      previousAttributes: { items: { data: [{ price: { id: PRICES.starter } }] } },
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(switched, switched.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({
      plan: 'professional',
      status: 'active',
      currentPeriodEnd: periodEnd,
      usage: { aiPosts: { limit: 200 }, socialAccounts: { limit: 10 } },
      features: { teamCollaboration: true, analytics: true },
    });
    const notices = (await asUser(t.app, member.cookie).get('/api/notifications')).json() as {
      notifications: { kind: string; title: string }[];
    };
    expect(notices.notifications).toContainEqual(
      expect.objectContaining({
        kind: 'subscription_changed',
        title: 'Your workspace is now on the Professional plan',
      }),
    );

    // A price that is not ours keeps the plan.
    Object.assign(sub, { price: 'price_someone_elses', unitAmount: 500 });
    const foreign = signed('customer.subscription.updated', fake.subscription(subscriptionId));
    expect((await deliver(foreign, foreign.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({ plan: 'professional', status: 'active' });
  });

  it("opens Stripe's customer portal for a workspace with a customer, 409 before", async () => {
    const member = await signUpMember(t.app);
    const before = await asUser(t.app, member.cookie).post('/api/billing/portal');
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ error: { message: billingMessages.noCustomer } });

    const { clientSecret } = await startSubscription(t.app, member.cookie, 'starter');
    const customer = subscriptionAtStripe(clientSecret).customer;
    const response = await asUser(t.app, member.cookie).post('/api/billing/portal');
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    const session = [...fake.store.portalSessions.values()].find((s) => s.url === url);
    expect(session).toMatchObject({ customer, returnUrl: `${TEST_APP_URL}/settings#subscription` });
  });

  it('refunds the latest payment from the admin portal at Stripe and cancels the subscription', async () => {
    const { member, subscriptionId, invoice } = await paidMember('professional');
    const admin = await signUp(t.app);
    const adminCookie = await grantAdminAccess(t.app, admin.cookie);

    const listed = (await asUser(t.app, adminCookie).get('/api/admin/subscriptions')).json() as {
      subscriptions: {
        workspaceId: string;
        provider: string;
        latestPayment: { amount: number; refundable: boolean } | null;
      }[];
    };
    expect(listed.subscriptions.find((s) => s.workspaceId === member.workspaceId)).toMatchObject({
      provider: 'stripe',
      latestPayment: { amount: 49, refundable: true },
    });

    const refund = await asUser(t.app, adminCookie).post(
      `/api/admin/subscriptions/${member.workspaceId}/refund`,
    );
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({
      refundedAmount: 49,
      subscription: { plan: 'free', status: 'cancelled', latestPayment: { refundable: false } },
    });
    const intent = fake.store.invoices.get(invoice.id)?.paymentIntent;
    expect([...fake.store.refunds.values()].filter((r) => r.paymentIntent === intent)).toEqual([
      expect.objectContaining({ amount: 4900 }),
    ]);
    expect(fake.store.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(fake.requestsTo(`/v1/subscriptions/${subscriptionId}`, 'DELETE')).toHaveLength(1);
    expect(await plansAgree(member)).toMatchObject({ plan: 'free', status: 'cancelled' });

    const twice = await asUser(t.app, adminCookie).post(
      `/api/admin/subscriptions/${member.workspaceId}/refund`,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { message: billingMessages.alreadyRefunded } });
    expect(fake.requestsTo('/v1/refunds').filter((r) => r.params.payment_intent === intent)).toHaveLength(1);

    // Stripe's own event about the cancellation arrives afterwards and changes nothing.
    const deleted = signed('customer.subscription.deleted', fake.subscription(subscriptionId));
    expect((await deliver(deleted, deleted.signature)).statusCode).toBe(200);
    expect(await plansAgree(member)).toMatchObject({ plan: 'free', status: 'cancelled' });
  });
});
