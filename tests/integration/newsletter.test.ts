import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../src/server/db/schema';
import { randomIp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const THANKS = {
  success: true,
  message: 'Thanks for subscribing! Watch your inbox for tips and product news.',
};

describe.each(databaseKinds)('POST /api/newsletter on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const subscribe = (payload: unknown, remoteAddress = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress });
  const rowsFor = (email: string) =>
    t.ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

  it('stores a new address, normalised', async () => {
    const email = uniqueEmail('news');
    const response = await subscribe({ email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(THANKS);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('answers an address already subscribed exactly like a new one, and keeps one row', async () => {
    const email = uniqueEmail('news');
    const first = await subscribe({ email });
    const again = await subscribe({ email });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('answers 400 with the issue for a bad or missing address', async () => {
    for (const payload of [{ email: 'not-an-email' }, { email: 'someone@localhost' }, { email: '' }, {}]) {
      const response = await subscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.issues[0].path).toBe('body.email');
    }
    const bad = await subscribe({ email: 'not-an-email' });
    expect(bad.json().error.issues[0].message).toBe('Please enter a valid email address.');
  });

  it('is rate limited per address: 429 with Retry-After after 5 in 10 minutes', async () => {
    const remoteAddress = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await subscribe({ email: uniqueEmail('news') }, remoteAddress)).statusCode).toBe(200);
    }
    const limited = await subscribe({ email: uniqueEmail('news') }, remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is refused from a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: uniqueEmail('news') },
      headers: { origin: 'https://evil.example' },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(403);
  });
});
