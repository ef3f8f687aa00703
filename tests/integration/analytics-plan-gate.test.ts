import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnalyticsAccount, setWorkspacePlan } from '../factories/analytics';
import { type BillingMember, signUpMember } from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * The overview reads the workspace's plan in the same statement as its data (issue 22), and the
 * posts list checks it beside its own reads: the plan's refusal still comes first, as when it was
 * checked before anything else. A plan without analytics never learns whether an account exists.
 */
describe.each(databaseKinds)('analytics plan gate on %s', (kind) => {
  let t: TestApp;
  let free: BillingMember;
  let strangerAccountId: string;
  const week = 'from=2026-10-20&to=2026-10-26';

  beforeAll(async () => {
    t = await buildTestApp(kind);
    free = await signUpMember(t.app);
    await setWorkspacePlan(t, free.workspaceId, 'free');
    const stranger = await signUpMember(t.app);
    strangerAccountId = (await insertAnalyticsAccount(t, stranger.workspaceId, { platform: 'linkedin' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 402 before 404 for another workspace's account on a plan without analytics", async () => {
    for (const url of ['/api/analytics/overview', '/api/analytics/posts']) {
      const response = await asUser(t.app, free.cookie).get(`${url}?${week}&accountId=${strangerAccountId}`);
      expect(response.statusCode, url).toBe(402);
      expect(response.json().error.message).toMatch(/Free/);
    }
  });

  it('gates click analytics on its own table: Free 402 naming Starter, Starter 200 while its overview is 402', async () => {
    const refused = await asUser(t.app, free.cookie).get(`/api/analytics/clicks?${week}`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'starter' });

    await setWorkspacePlan(t, free.workspaceId, 'starter');
    const clicks = await asUser(t.app, free.cookie).get(`/api/analytics/clicks?${week}`);
    expect(clicks.statusCode, clicks.body).toBe(200);
    const overview = await asUser(t.app, free.cookie).get(`/api/analytics/overview?${week}`);
    expect(overview.statusCode).toBe(402);
    await setWorkspacePlan(t, free.workspaceId, 'free');
  });

  it('answers the overview once the plan includes analytics, and 404 for that account', async () => {
    await setWorkspacePlan(t, free.workspaceId, 'professional');
    const own = await asUser(t.app, free.cookie).get(`/api/analytics/overview?${week}`);
    expect(own.statusCode, own.body).toBe(200);
    const stranger = await asUser(t.app, free.cookie).get(
      `/api/analytics/overview?${week}&accountId=${strangerAccountId}`,
    );
    expect(stranger.statusCode).toBe(404);
  });
});
