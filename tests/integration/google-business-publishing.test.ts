import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMetrics, posts, sandboxPosts, socialAccounts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser } from '../factories/posts';
import { attemptsOf, newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, hiddenFields, popupResult } from '../factories/sandbox';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/**
 * Google Business Profile through the app: the popup connects one of the user's two locations
 * (the 'choose' step), scheduling refuses what Google would refuse (400), the publishing engine
 * posts an Event through the real adapter and the pretend Business Profile, reconciles a post
 * whose answer was lost, fails one Google's review rejects, and the metrics sync records nothing
 * (Google reports no per-post insights).
 */
describe.each(databaseKinds)('publishing to Google Business Profile in the simulator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connectedLocation() {
    const workspace = await newWorkspace(t);
    const { page } = await connectThroughSimulator(t.app, workspace.cookie, 'google_business', {
      fields: { account: '__new__', username: `shop.${Date.now().toString(36)}`, decision: 'authorize' },
      checkAuthorize: (authorize) => {
        expect(authorize.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/business.manage');
        expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      },
    });
    expect(page).toContain('Choose the Google Business Profile account');
    const choices = [...page.matchAll(/name="externalId" value="([^"]+)"/g)].map((match) => match[1]);
    expect(choices).toHaveLength(2);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/google_business/choose',
      headers: {
        cookie: workspace.cookie,
        origin: TEST_APP_URL,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        state: hiddenFields(page).state as string,
        externalId: choices[1] as string,
      }).toString(),
    });
    const result = popupResult(chosen.body);
    expect(result.type, chosen.body).toBe('OAUTH_SUCCESS');
    const accountId = result['account-id'] as string;
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account).toMatchObject({ platform: 'google_business', externalId: choices[1] });
    const as = asUser(t.app, workspace.cookie);
    /** A post scheduled through the API (the checks run), due now for the engine. */
    async function schedule(content: string, platformOptions: unknown = {}) {
      const created = await as.post('/api/posts', {
        platform: 'google_business',
        content,
        socialAccountId: accountId,
        platformOptions,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      return {
        id,
        scheduled: await as.post(`/api/posts/${id}/schedule`, {
          scheduledAt: new Date(Date.now() + 60_000).toISOString(),
        }),
      };
    }
    const arm = (fault: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/faults',
        headers: { cookie: workspace.cookie },
        payload: {
          platform: 'google_business',
          account: account?.externalId,
          fault,
          on: 'publish',
          times: 1,
        },
      });
    return { workspace, accountId, schedule, arm };
  }

  /** Makes a scheduled post due now (the engine's job would fire at scheduledAt). */
  const dueNow = async (id: string) => {
    await t.ctx.database.db
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, id));
  };

  it('refuses to schedule what Google would refuse, with words (400)', async () => {
    const { schedule } = await connectedLocation();
    const event = await schedule('Tasting night', { googleBusiness: { topic: 'EVENT' } });
    expect(event.scheduled.statusCode).toBe(400);
    expect(event.scheduled.body).toContain('An Event needs a title.');
    const phone = await schedule('Book on 555 123 4567');
    expect(phone.scheduled.statusCode).toBe(400);
    expect(phone.scheduled.body).toContain('phone number');
    const button = await schedule('Order ahead', { googleBusiness: { action: 'ORDER' } });
    expect(button.scheduled.statusCode).toBe(400);
    const { workspace } = await connectedLocation();
    const backwards = await asUser(t.app, workspace.cookie).post('/api/posts', {
      platform: 'google_business',
      content: 'x',
      platformOptions: { googleBusiness: { startsAt: '2026-12-05T18:00', endsAt: '2026-12-05T17:00' } },
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('publishes an Event as the chosen location; the metrics sync records no numbers', async () => {
    const { workspace, schedule } = await connectedLocation();
    const options = {
      googleBusiness: {
        topic: 'EVENT',
        eventTitle: 'Winter tasting',
        startsAt: '2026-12-12T18:00',
        endsAt: '2026-12-12T21:00',
        action: 'BOOK',
        actionUrl: 'https://bakery.example/book',
      },
    };
    const { id, scheduled } = await schedule('Taste our winter loaves.', options);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await dueNow(id);
    expect(await publishPost(t.ctx, { postId: id, version: (await postRow(t, id)).publishVersion })).toBe(
      'published',
    );
    const after = await postRow(t, id);
    expect(after.externalId).toMatch(/^accounts\/\d+\/locations\/\d+\/localPosts\/\d+$/);
    expect(after.externalUrl).toMatch(/\/sandbox\/google-business\/posts\/\d+$/);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/refresh',
      headers: { cookie: workspace.cookie, origin: TEST_APP_URL },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const [reading] = await t.ctx.database.db.select().from(postMetrics).where(eq(postMetrics.postId, id));
    expect(reading?.impressions ?? null).toBeNull();
    expect(reading?.clicks ?? null).toBeNull();
  });

  it('reconciles an unknown outcome once, and fails a post Google’s review rejects', async () => {
    const { schedule, arm } = await connectedLocation();
    const lost = await schedule('Reconciled loaves.');
    await dueNow(lost.id);
    expect((await arm('unknown-outcome')).statusCode).toBe(201);
    expect(
      await publishPost(t.ctx, { postId: lost.id, version: (await postRow(t, lost.id)).publishVersion }),
    ).toBe('reconciled');
    const created = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.text, 'Reconciled loaves.'));
    expect(created).toHaveLength(1);
    expect((await attemptsOf(t, lost.id))[0]).toMatchObject({
      outcome: 'reconciled',
      errorKind: 'unknown_outcome',
    });

    const rejected = await schedule('Rejected loaves.');
    await dueNow(rejected.id);
    expect((await arm('post-rejected')).statusCode).toBe(201);
    expect(
      await publishPost(t.ctx, {
        postId: rejected.id,
        version: (await postRow(t, rejected.id)).publishVersion,
      }),
    ).toBe('failed');
    expect((await postRow(t, rejected.id)).failureReason).toContain('REJECTED');
  });
});
