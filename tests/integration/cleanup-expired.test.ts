import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../../src/server/db/schema';
import { cleanupExpiredJob } from '../../src/server/jobs/cleanup-expired.job';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Issue 18 §13 (c): the hourly cleanup purges expired OAuth states (they grew forever). */
describe.each(databaseKinds)('the cleanup job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  /** The connect popup's first step: it stores one OAuth state for the session. */
  const startConnect = async (cookie: string) => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/social/twitter', headers: { cookie } });
    expect(start.statusCode).toBe(302);
  };
  const statesOf = (userId: string) => db().select().from(oauthStates).where(eq(oauthStates.userId, userId));

  it('removes expired OAuth states and keeps the ones still in time', async () => {
    const ada = await signUp(t.app);
    await startConnect(ada.cookie);
    await db()
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oauthStates.userId, ada.user.id));
    await startConnect(ada.cookie);
    expect(await statesOf(ada.user.id)).toHaveLength(2);

    await cleanupExpiredJob.handle(
      {},
      {
        database: t.ctx.database,
        app: t.ctx,
        log: { info: () => {}, error: () => {} },
      },
    );
    const left = await statesOf(ada.user.id);
    expect(left).toHaveLength(1);
    expect(left[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});
