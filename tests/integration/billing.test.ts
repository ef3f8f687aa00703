import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '../../src/contracts/billing';
import { subscriptions, workspaces } from '../../src/server/db/schema';
import {
  billingOf,
  confirmWithCard,
  futureExpiry,
  joinWorkspace,
  sandboxCards,
  sessionPlanOf,
  signUpMember,
  startSubscription,
  subscribeInSandbox,
} from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('subscribing with sandbox billing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const subscriptionsOf = (workspaceId: string) =>
    db().select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  const workspaceRow = async (workspaceId: string) => {
    const [row] = await db().select().from(workspaces).where(eq(workspaces.id, workspaceId));
    return row;
  };

  it('creates the customer once, and an incomplete subscription the page can pay', async () => {
    const owner = await signUpMember(t.app);
    const setup = await startSubscription(t.app, owner.cookie, 'starter');
    expect(setup).toMatchObject({ provider: 'sandbox', publishableKey: null, plan: 'starter', amount: 19 });
    expect(setup.clientSecret).toMatch(/\S{20,}/);

    const workspace = await workspaceRow(owner.workspaceId);
    expect(workspace?.billingProvider).toBe('sandbox');
    expect(workspace?.billingCustomerId).toMatch(/^cus_/);
    const rows = await subscriptionsOf(owner.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'sandbox',
      providerCustomerId: workspace?.billingCustomerId,
      plan: 'starter',
      status: 'incomplete',
      latestPaymentId: null,
    });
    // Nothing is paid yet: the trial goes on.
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });
  });

  it('a reload resumes the waiting subscription with the same customer; another plan replaces it', async () => {
    const owner = await signUpMember(t.app);
    await startSubscription(t.app, owner.cookie, 'starter');
    const customer = (await workspaceRow(owner.workspaceId))?.billingCustomerId;

    const again = await startSubscription(t.app, owner.cookie, 'starter');
    expect((await workspaceRow(owner.workspaceId))?.billingCustomerId).toBe(customer);
    const afterReload = await subscriptionsOf(owner.workspaceId);
    expect(afterReload).toHaveLength(1);

    const switched = await startSubscription(t.app, owner.cookie, 'enterprise');
    expect(switched).toMatchObject({ plan: 'enterprise', amount: 99 });
    expect((await workspaceRow(owner.workspaceId))?.billingCustomerId).toBe(customer);
    const rows = await subscriptionsOf(owner.workspaceId);
    expect(rows).toHaveLength(2);
    const starter = rows.find((row) => row.plan === 'starter');
    expect(starter).toMatchObject({ status: 'canceled', providerCustomerId: customer });
    expect(starter?.endedAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.plan === 'enterprise')).toMatchObject({ status: 'incomplete' });

    // The cancelled one can no longer be paid; the new one can.
    const stale = await confirmWithCard(t.app, owner.cookie, again.clientSecret, sandboxCards.succeeds);
    expect(stale.statusCode).toBe(400);
    const paid = await confirmWithCard(t.app, owner.cookie, switched.clientSecret, sandboxCards.succeeds);
    expect(paid.statusCode).toBe(200);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'enterprise', status: 'active' });
  });

  it('pays with 4242 4242 4242 4242: Starter, active, the same everywhere', async () => {
    const owner = await signUpMember(t.app);
    const { clientSecret } = await startSubscription(t.app, owner.cookie, 'starter');
    const response = await confirmWithCard(t.app, owner.cookie, clientSecret, sandboxCards.succeeds);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded' });

    const billing = await billingOf(t.app, owner.cookie);
    expect(billing).toMatchObject({
      plan: 'starter',
      status: 'active',
      trialEndsAt: null,
      cancelAtPeriodEnd: false,
      sandbox: true,
      canManageBilling: true,
      usage: {
        aiPosts: { used: 0, limit: 50 },
        socialAccounts: { used: 0, limit: 2 },
        members: { used: 1, limit: 1 },
      },
      features: { teamCollaboration: false, analytics: false },
    });
    const periodEnd = new Date(billing.currentPeriodEnd ?? 0).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 24 * 60 * 60 * 1000);
    expect(periodEnd - Date.now()).toBeLessThan(32 * 24 * 60 * 60 * 1000);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'starter', status: 'active' });

    const [row] = await subscriptionsOf(owner.workspaceId);
    expect(row).toMatchObject({ status: 'active', latestPaymentAmountCents: 1900 });
    expect(row?.latestPaymentId).toBeTruthy();
    // The trial end stays on the workspace as history.
    expect((await workspaceRow(owner.workspaceId))?.trialEndsAt).toBeInstanceOf(Date);
  });

  it('refuses a second subscription while one is paid (409), and says which plan', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const response = await asUser(t.app, owner.cookie).post('/api/create-subscription', {
      plan: 'professional',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'already_subscribed', message: billingMessages.alreadySubscribed('Starter') },
    });
  });

  it('declines 4000 0000 0000 0002 with the provider message and changes nothing', async () => {
    const owner = await signUpMember(t.app);
    const { clientSecret } = await startSubscription(t.app, owner.cookie, 'starter');
    const declined = await confirmWithCard(t.app, owner.cookie, clientSecret, sandboxCards.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      error: { code: 'payment_failed', message: 'Your card was declined.' },
    });

    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });
    expect(await billingOf(t.app, owner.cookie)).toMatchObject({ plan: 'professional', status: 'trialing' });
    expect((await subscriptionsOf(owner.workspaceId))[0]).toMatchObject({
      status: 'incomplete',
      latestPaymentId: null,
    });

    // Another card then pays the same subscription.
    const paid = await confirmWithCard(t.app, owner.cookie, clientSecret, sandboxCards.succeeds);
    expect(paid.statusCode).toBe(200);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'starter', status: 'active' });
  });

  it('answers 400 with the reason for malformed card fields and unknown payments', async () => {
    const owner = await signUpMember(t.app);
    const { clientSecret } = await startSubscription(t.app, owner.cookie, 'starter');
    const confirm = (fields: Record<string, string>) =>
      asUser(t.app, owner.cookie).post('/api/billing/sandbox/confirm', {
        clientSecret,
        cardNumber: sandboxCards.succeeds,
        expiry: futureExpiry(),
        cvc: '123',
        ...fields,
      });

    const badNumber = await confirm({ cardNumber: '4242 4242 4242 4241' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.message).toBe('Your card number is invalid.');
    const expired = await confirm({ expiry: '01/20' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(billingMessages.cardExpired);
    const noCvc = await confirm({ cvc: '' });
    expect(noCvc.statusCode).toBe(400);
    expect(noCvc.json().error.message).toMatch(/security code/);
    const unknown = await confirm({ clientSecret: 'sub_sandbox_nothing_secret_nothing' });
    expect(unknown.statusCode).toBe(400);
    const missing = await asUser(t.app, owner.cookie).post('/api/billing/sandbox/confirm', { clientSecret });
    expect(missing.statusCode).toBe(400);
    // Another workspace's member cannot pay (or probe) this workspace's subscription.
    const stranger = await signUpMember(t.app);
    const foreign = await asUser(t.app, stranger.cookie).post('/api/billing/sandbox/confirm', {
      clientSecret,
      cardNumber: sandboxCards.succeeds,
      expiry: futureExpiry(),
      cvc: '123',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('This payment could not be found. Start again.');
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });
  });

  it('validates the plan and needs a session', async () => {
    const owner = await signUpMember(t.app);
    for (const payload of [{ plan: 'free' }, { plan: 'platinum' }, {}, { plan: 19 }]) {
      const response = await asUser(t.app, owner.cookie).post('/api/create-subscription', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toBe('body.plan');
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan: 'starter' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/billing/subscription' })).statusCode).toBe(401);
    expect((await subscriptionsOf(owner.workspaceId)).length).toBe(0);
  });

  it('limits how often a workspace sets up a subscription (each may create objects at the provider)', async () => {
    const owner = await signUpMember(t.app);
    const plans = ['starter', 'professional'] as const;
    for (let i = 0; i < 20; i += 1) {
      const response = await asUser(t.app, owner.cookie).post('/api/create-subscription', {
        plan: plans[i % 2],
      });
      expect(response.statusCode).toBe(200);
    }
    const refused = await asUser(t.app, owner.cookie).post('/api/create-subscription', { plan: 'starter' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another workspace is not affected.
    const other = await signUpMember(t.app);
    expect(
      (await asUser(t.app, other.cookie).post('/api/create-subscription', { plan: 'starter' })).statusCode,
    ).toBe(200);
  });

  it('only the owner or an admin of the workspace manages billing; every member can read it', async () => {
    const owner = await signUpMember(t.app);
    const editor = await signUpMember(t.app);
    const admin = await signUpMember(t.app);
    await joinWorkspace(t.ctx, owner, editor, 'editor');
    await joinWorkspace(t.ctx, owner, admin, 'admin');

    const refused = await asUser(t.app, editor.cookie).post('/api/create-subscription', { plan: 'starter' });
    expect(refused.statusCode).toBe(403);
    expect((await asUser(t.app, editor.cookie).post('/api/billing/portal')).statusCode).toBe(403);
    expect(await subscriptionsOf(owner.workspaceId)).toHaveLength(0);

    await subscribeInSandbox(t.app, admin.cookie, 'professional');
    expect(await billingOf(t.app, editor.cookie)).toMatchObject({ plan: 'professional', status: 'active' });
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'active' });
  });

  it('the sandbox portal cancels at period end and takes it back', async () => {
    const owner = await signUpMember(t.app);
    const noCustomer = await asUser(t.app, owner.cookie).post('/api/billing/portal');
    expect(noCustomer.statusCode).toBe(409);
    expect(noCustomer.json().error.message).toBe(billingMessages.noCustomer);
    expect((await billingOf(t.app, owner.cookie)).canManageBilling).toBe(false);

    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const portal = await asUser(t.app, owner.cookie).post('/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: '/billing/sandbox-portal' });

    const cancel = await asUser(t.app, owner.cookie).post('/api/billing/sandbox/portal', {
      action: 'cancel',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ plan: 'starter', status: 'active', cancelAtPeriodEnd: true });
    expect((await billingOf(t.app, owner.cookie)).cancelAtPeriodEnd).toBe(true);

    const resume = await asUser(t.app, owner.cookie).post('/api/billing/sandbox/portal', {
      action: 'resume',
    });
    expect(resume.json()).toMatchObject({ plan: 'starter', status: 'active', cancelAtPeriodEnd: false });
    const junk = await asUser(t.app, owner.cookie).post('/api/billing/sandbox/portal', { action: 'delete' });
    expect(junk.statusCode).toBe(400);
  });

  it('the webhook refuses any call in the sandbox: there is no signature to trust', async () => {
    const event = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers,
        payload: event,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'bad_request', message: expect.any(String) } });
    }
  });
});

describe('with Stripe configured (no call reaches Stripe here)', () => {
  let stripe: TestApp;
  let sandbox: TestApp;
  beforeAll(async () => {
    stripe = await buildTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_kitepost',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kitepost',
      STRIPE_WEBHOOK_SECRET: 'whsec_kitepost',
      STRIPE_PRICE_STARTER: 'price_starter',
      STRIPE_PRICE_PROFESSIONAL: 'price_professional',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
      // Nothing listens there: a call that reached it would fail the test.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    sandbox = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await stripe.close();
    await sandbox.close();
  });

  const directivesOf = async (app: TestApp) => {
    const response = await app.app.inject({ url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    return Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    ) as Record<string, string[] | undefined>;
  };

  it('the CSP lets Stripe.js and the Payment Element in; without Stripe it stays closed', async () => {
    const withStripe = await directivesOf(stripe);
    expect(withStripe['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(withStripe['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(withStripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(withStripe['frame-ancestors']).toEqual(["'none'"]);

    const withoutStripe = await directivesOf(sandbox);
    expect(withoutStripe['script-src']).toEqual(["'self'"]);
    expect(withoutStripe['connect-src']).toEqual(["'self'"]);
    expect(withoutStripe['frame-src']).toBeUndefined();
    expect(withoutStripe['default-src']).toEqual(["'self'"]);
  });

  it('the sandbox routes do not exist (404), and the billing state says no sandbox', async () => {
    const owner = await signUpMember(stripe.app);
    const confirm = await confirmWithCard(stripe.app, owner.cookie, 'pi_x_secret_y', sandboxCards.succeeds);
    expect(confirm.statusCode).toBe(404);
    const portal = await asUser(stripe.app, owner.cookie).post('/api/billing/sandbox/portal', {
      action: 'cancel',
    });
    expect(portal.statusCode).toBe(404);
    expect(await billingOf(stripe.app, owner.cookie)).toMatchObject({
      sandbox: false,
      canManageBilling: false,
    });
  });
});
