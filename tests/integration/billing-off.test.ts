import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '../../src/contracts/billing';
import type { HealthResponse } from '../../src/contracts/health';
import { billingOf, futureExpiry, sandboxCards, signUpMember } from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Sandbox billing is not for sale in production (issue 18, item 11; decision 036): without Stripe
 * keys and without BILLING_SANDBOX=true, a production server sells no paid plan and says so, in the
 * API (503 with the reason, paidPlansAvailable: false) and in /api/health.
 */

/** A production server as `npm start` runs it, without any STRIPE_* setting. */
const PRODUCTION = { NODE_ENV: 'production' };

describe.each(databaseKinds)('billing in production without Stripe keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, PRODUCTION);
  });
  afterAll(() => t.close());

  const api = (cookie: string) => asUser(t.app, cookie);

  it('says paid plans cannot be bought, and refuses to start a subscription or open a portal', async () => {
    const owner = await signUpMember(t.app);
    const billing = await billingOf(t.app, owner.cookie);
    expect(billing).toMatchObject({ sandbox: false, paidPlansAvailable: false });

    const created = await api(owner.cookie).post('/api/create-subscription', { plan: 'starter' });
    expect(created.statusCode).toBe(503);
    expect(created.json()).toMatchObject({ error: { message: billingMessages.billingOff } });
    const portal = await api(owner.cookie).post('/api/billing/portal', {});
    expect(portal.statusCode).toBe(503);
    expect(portal.json().error.message).toBe(billingMessages.billingOff);
  });

  it("cannot be paid through the sandbox's own routes either (forged client secret, test card)", async () => {
    const owner = await signUpMember(t.app);
    const confirm = await api(owner.cookie).post('/api/billing/sandbox/confirm', {
      clientSecret: 'seti_forged_secret_0123456789',
      cardNumber: sandboxCards.succeeds,
      expiry: futureExpiry(),
      cvc: '123',
    });
    expect([400, 404]).toContain(confirm.statusCode);
    const portal = await api(owner.cookie).post('/api/billing/sandbox/portal', { action: 'cancel' });
    expect(portal.statusCode).toBe(404);
    expect((await billingOf(t.app, owner.cookie)).plan).not.toBe('starter');
    // No webhook is taken either: there is no provider to sign one.
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(webhook.statusCode).toBe(404);
  });

  it('reports billing as off in /api/health, and no sandbox fault routes', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<HealthResponse>();
    expect(health.adapters.billing).toEqual({
      adapter: 'off: no Stripe keys and BILLING_SANDBOX is not true',
      sandbox: false,
    });
    const owner = await signUpMember(t.app);
    // POST: a GET of a path the API lacks is the front end's page once the client is built.
    const faults = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ platform: 'twitter', account: 'someone', fault: 'rate-limit' }),
    });
    expect(faults.statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('billing in production with BILLING_SANDBOX=true on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...PRODUCTION, BILLING_SANDBOX: 'true' });
  });
  afterAll(() => t.close());

  it('sells plans through the sandbox, labelled as such', async () => {
    const owner = await signUpMember(t.app);
    expect(await billingOf(t.app, owner.cookie)).toMatchObject({ sandbox: true, paidPlansAvailable: true });
    const created = await asUser(t.app, owner.cookie).post('/api/create-subscription', {
      plan: 'starter',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ provider: 'sandbox', plan: 'starter' });
  });
});
