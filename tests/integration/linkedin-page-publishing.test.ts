import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMetrics, sandboxPosts, socialAccounts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { attemptsOf, insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, hiddenFields, popupResult } from '../factories/sandbox';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/**
 * A LinkedIn Page through the app: the popup connects one of the member's two Pages (the 'choose'
 * step), the publishing engine posts as it through the real adapter and the pretend LinkedIn
 * Pages, reconciles a post whose answer was lost, and the metrics sync reads its statistics.
 */
describe.each(databaseKinds)('publishing to a LinkedIn Page in the simulator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connectedPage(content: string) {
    const workspace = await newWorkspace(t);
    const { page } = await connectThroughSimulator(t.app, workspace.cookie, 'linkedin_page', {
      fields: {
        account: '__new__',
        username: `admin-${Date.now().toString(36)}`,
        decision: 'authorize',
        pages: '2',
        analyst_page: 'on',
      },
      checkAuthorize: (authorize) =>
        expect(authorize.searchParams.get('scope')).toBe(
          'r_organization_social w_organization_social rw_organization_admin',
        ),
    });
    // Two Pages to post as (the analyst's is not offered): Kitepost asks which one.
    expect(page).toContain('Choose the LinkedIn Page account');
    const fields = hiddenFields(page);
    const choices = [...page.matchAll(/name="externalId" value="(\d+)"/g)].map((match) => match[1]);
    expect(choices).toHaveLength(2);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/linkedin_page/choose',
      headers: {
        cookie: workspace.cookie,
        origin: TEST_APP_URL,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        state: fields.state as string,
        externalId: choices[1] as string,
      }).toString(),
    });
    const result = popupResult(chosen.body);
    expect(result.type).toBe('OAUTH_SUCCESS');
    const accountId = result['account-id'] as string;
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account).toMatchObject({ platform: 'linkedin_page', externalId: choices[1] });
    expect(account?.refreshTokenEncrypted).not.toBeNull();
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      platform: 'linkedin_page',
      socialAccountId: accountId,
      content,
    });
    const arm = (fault: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: workspace.cookie },
        payload: { platform: 'linkedin_page', account: account?.externalId, fault, on: 'publish', times: 1 },
      });
    return { workspace, post, accountId, arm };
  }

  it('publishes as the chosen Page, then reads its share statistics and followers', async () => {
    const { workspace, post, accountId } = await connectedPage('Our spring catalogue is out.');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    const after = await postRow(t, post.id);
    expect(after.externalUrl).toContain('/sandbox/linkedin-pages/feed/update/urn:li:share:');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/refresh',
      headers: { cookie: workspace.cookie, origin: TEST_APP_URL },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ postsRead: 1, accountsRead: 1 });
    const [reading] = await t.ctx.database.db
      .select()
      .from(postMetrics)
      .where(eq(postMetrics.postId, post.id));
    expect(reading?.impressions).toEqual(expect.any(Number));
    expect(reading?.clicks).toEqual(expect.any(Number));
    expect(reading?.views).toBeNull();
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account?.followers).toBeGreaterThan(0);
  });

  it('unknown outcome: the post is found among the Page posts and recorded once as reconciled', async () => {
    const { post, arm } = await connectedPage('Reconciled catalogue.');
    expect((await arm('unknown-outcome')).statusCode).toBe(201);
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('reconciled');
    const created = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.text, post.content));
    expect(created).toHaveLength(1);
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'published',
      externalId: created[0]?.externalId,
    });
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'reconciled',
      errorKind: 'unknown_outcome',
    });
  });

  it("a revoked token fails the post and marks the Page's account for reconnecting", async () => {
    const { post, accountId, arm } = await connectedPage('Revoked catalogue.');
    expect((await arm('revoked-token')).statusCode).toBe(201);
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account?.status).toBe('needs_reauth');
  });
});
