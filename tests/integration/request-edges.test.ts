import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema';
import { createPost, daysFromNow } from '../factories/posts';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Issue 18 §13 (a, b): the Origin check in production, and POSTs whose body is optional. */
describe.each(databaseKinds)('request edges on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const send = (cookie: string, url: string, body: { payload?: string; type?: string }) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: randomIp(),
      headers: { cookie, ...(body.type ? { 'content-type': body.type } : {}) },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    });

  const bodies = {
    'no body and no content type': {},
    'a JSON null': { payload: 'null', type: 'application/json' },
    'a JSON content type and no body': { payload: '', type: 'application/json' },
    'an empty JSON object': { payload: '{}', type: 'application/json' },
  };

  it.each(Object.entries(bodies))(
    'answers a body-optional POST sent with %s as with no body',
    async (_, body) => {
      const ada = await signUp(t.app);
      // Retry (a body schema with a default) and cancel (no body schema).
      const failed = await createPost(t.app, ada.cookie);
      await t.ctx.database.db.update(posts).set({ status: 'failed' }).where(eq(posts.id, failed.id));
      const retried = await send(ada.cookie, `/api/posts/${failed.id}/retry`, body);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'scheduled' });
      const cancelled = await send(ada.cookie, `/api/posts/${failed.id}/cancel`, body);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    },
  );

  it('still refuses a null body where a body is required, as a 400', async () => {
    const ada = await signUp(t.app);
    const post = await createPost(t.app, ada.cookie);
    const scheduled = await send(ada.cookie, `/api/posts/${post.id}/schedule`, {
      payload: 'null',
      type: 'application/json',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(400);
    const broken = await send(ada.cookie, `/api/posts/${post.id}/retry`, {
      payload: '{"scheduledAt":',
      type: 'application/json',
    });
    expect(broken.statusCode, broken.body).toBe(400);
    // The JSON parser keeps Fastify's guard against prototype poisoning.
    const poisoned = await send(ada.cookie, `/api/posts/${post.id}/retry`, {
      payload: '{"__proto__":{"scheduledAt":"2030-01-01T00:00:00Z"}}',
      type: 'application/json',
    });
    expect(poisoned.statusCode, poisoned.body).toBe(400);
    const wrong = await send(ada.cookie, `/api/posts/${post.id}/schedule`, {
      payload: JSON.stringify({ scheduledAt: daysFromNow(1), socialAccountId: 'nope' }),
      type: 'application/json',
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('the Origin check in production', () => {
  let t: TestApp;
  const APP = 'https://app.kitepost.test';
  beforeAll(async () => {
    t = await buildTestApp('pglite', { NODE_ENV: 'production', APP_URL: APP });
  });
  afterAll(() => t.close());

  const signUpFrom = (origin: string, host: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin, host },
      remoteAddress: randomIp(),
      payload: {
        email: `o${Math.random()}@example.com`,
        password: 'a long password',
        firstName: 'A',
        lastName: 'B',
      },
    });

  it("accepts APP_URL's origin, whatever Host a proxy forwards", async () => {
    expect((await signUpFrom(APP, 'internal:5000')).statusCode).toBe(200);
  });

  it('refuses a page whose origin is the Host it sent the request to (DNS rebinding, a stray name)', async () => {
    const rebound = await signUpFrom('http://rebound.example', 'rebound.example');
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json()).toEqual({
      error: { code: 'forbidden', message: 'Cross-origin request refused.' },
    });
    expect((await signUpFrom('http://127.0.0.1:5000', '127.0.0.1:5000')).statusCode).toBe(403);
  });
});
