import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/contracts/auth';
import { rateLimits, users } from '../../src/server/db/schema';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Issue 18, item 9: what sign-in and sign-up tell a stranger about who has an account. */
describe.each(databaseKinds)('account enumeration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const timedSignIn = async (email: string, password: string) => {
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress: randomIp(),
    });
    const ms = performance.now() - started;
    expect(response.json()).toEqual({ success: false, user: null, message: authMessages.signInRefused });
    return ms;
  };

  it('a wrong password, an unknown email and an inactive account take the same time (the password is hashed every time)', async () => {
    const known = await signUp(t.app);
    const inactive = await signUp(t.app);
    await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    const times = { known: [] as number[], unknown: [] as number[], inactive: [] as number[] };
    // Interleaved, so that a busy moment on the machine falls on all three alike.
    for (let i = 0; i < 7; i++) {
      times.known.push(await timedSignIn(known.email, `wrong password ${i}`));
      times.unknown.push(await timedSignIn(uniqueEmail('ghost'), `wrong password ${i}`));
      times.inactive.push(await timedSignIn(inactive.email, inactive.password));
    }
    const knownMs = median(times.known);
    // Hashing a password costs tens of milliseconds; a lookup that finds nobody, one or two.
    // Without the dummy hash the unknown email answered in well under a fifth of the time.
    expect(median(times.unknown), JSON.stringify(times)).toBeGreaterThan(knownMs * 0.5);
    expect(median(times.inactive), JSON.stringify(times)).toBeGreaterThan(knownMs * 0.5);
  });

  it('sign-up says an email is taken (decision 029), but one address hears it at most 10 times an hour', async () => {
    const address = randomIp();
    const existing = await signUp(t.app);
    const trySignUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'a long password', firstName: 'Eve', lastName: 'Probe' },
        remoteAddress: address,
      });
    const taken = await trySignUp(existing.email);
    expect([taken.statusCode, taken.json().message]).toEqual([409, authMessages.emailTaken]);
    // A free address gives its count back: people who sign up are not slowed down.
    expect((await trySignUp(uniqueEmail())).statusCode).toBe(200);
    const key = `signup-taken:${address}`;
    const [row] = await t.ctx.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(1);

    // Nine more taken answers this hour (the 5-a-minute sign-up limit would make the test wait).
    await t.ctx.database.db.update(rateLimits).set({ count: 10 }).where(eq(rateLimits.key, key));
    const probe = await trySignUp(existing.email);
    expect(probe.statusCode).toBe(429);
    // And a free address answers the same: the refusal tells nothing.
    const free = await trySignUp(uniqueEmail());
    expect(free.json().error.message).toMatch(/Too many/);
    expect([free.statusCode, free.json()]).toEqual([probe.statusCode, probe.json()]);
    expect(probe.json().error.code).toBe('rate_limited');
  });
});
