import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, AnalyticsPost } from '../../src/contracts/analytics';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import { posts } from '../../src/server/db/schema';
import {
  insertAnalyticsAccount,
  insertFollowerReading,
  insertPostWithStatus,
  insertPublishedPost,
  setWorkspacePlan,
} from '../factories/analytics';
import { type BillingMember, signUpMember } from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * One workspace, the week of 2026-10-20..26 seen from Paris (CEST, UTC+2, until 25 October; CET,
 * UTC+1, after). Expected values are worked out by hand next to each post.
 */
const PARIS = 'Europe/Paris';
const week = 'from=2026-10-20&to=2026-10-26';

const empty = { posts: 0, impressions: null, reach: null, engagements: null, engagementRate: null };

describe.each(databaseKinds)('analytics on %s', (kind) => {
  let t: TestApp;
  let owner: BillingMember;
  let ids: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6', string>;
  let accounts: Record<'linkedIn' | 'x' | 'instagram', string>;
  let strangerAccountId: string;
  const syncedAt = new Date('2026-10-27T08:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await signUpMember(t.app);
    const ws = owner.workspaceId;
    const linkedIn = await insertAnalyticsAccount(t, ws, {
      platform: 'linkedin',
      username: 'cornerbakery',
      displayName: 'Corner Bakery',
      connectedAt: new Date('2026-09-01T00:00:00Z'),
    });
    const x = await insertAnalyticsAccount(t, ws, {
      platform: 'twitter',
      username: 'cornerbakery_x',
      displayName: 'Corner Bakery X',
      sandbox: false,
      connectedAt: new Date('2026-09-02T00:00:00Z'),
    });
    const instagram = await insertAnalyticsAccount(t, ws, {
      platform: 'instagram',
      username: 'cornerbakery_ig',
      displayName: 'Corner Bakery IG',
      connectedAt: new Date('2026-09-03T00:00:00Z'),
    });
    accounts = { linkedIn: linkedIn.id, x: x.id, instagram: instagram.id };
    const published = (
      account: { id: string; platform: PublishingPlatform },
      at: string,
      metrics: Parameters<typeof insertPublishedPost>[2] = {},
    ) =>
      insertPublishedPost(t, ws, {
        platform: account.platform,
        socialAccountId: account.id,
        publishedAt: new Date(at),
        syncedAt,
        ...metrics,
      });

    // p1: Paris 20 Oct 09:00. Engagements 20 + 5 = 25 over reach 500: 5 %.
    const p1 = await published(linkedIn, '2026-10-20T07:00:00Z', {
      metrics: { impressions: 800, reach: 500, likes: 20, comments: 5 },
      content: 'Fresh bread, "warm" from the oven\nCome early = get the best',
      hashtags: ['Bakery', 'Sourdough'],
      externalUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
    });
    // p2: Paris 20 Oct 23:30. No reach on X: 40 + 5 + 7 = 52 over impressions 1000: 5.2 %.
    const p2 = await published(x, '2026-10-20T21:30:00Z', {
      metrics: { impressions: 1000, likes: 40, comments: 5, shares: 7 },
      content: '=SUM(A1:A9) bread math',
    });
    // p3: Paris 21 Oct 00:30 (still 20 Oct in UTC). 2 over impressions 200: 1 %.
    const p3 = await published(x, '2026-10-20T22:30:00Z', { metrics: { impressions: 200, likes: 2 } });
    // p4: Paris 23 Oct. Instagram's empty set: every metric null; since deleted on the platform.
    const p4 = await published(instagram, '2026-10-23T10:00:00Z', {
      metrics: {},
      removedAt: new Date('2026-10-25T00:00:00Z'),
    });
    // p5: Paris 26 Oct 23:30 (CET): the range's last day. 3 + 6 = 9 over reach 300: 3 %.
    const p5 = await published(linkedIn, '2026-10-26T22:30:00Z', {
      metrics: { reach: 300, likes: 3, clicks: 6 },
    });
    // p6: Paris 27 Oct 00:30: outside (but 26 Oct in UTC). Reach 50, 1 like.
    const p6 = await published(linkedIn, '2026-10-26T23:30:00Z', { metrics: { reach: 50, likes: 1 } });
    // Paris 19 Oct 23:59: outside in Paris and in UTC.
    await published(linkedIn, '2026-10-19T21:59:00Z', { metrics: { reach: 7000, likes: 700 } });
    // A scheduled post in the range is not a published one.
    await insertPostWithStatus(t, ws, 'scheduled', { scheduledAt: new Date('2026-10-22T10:00:00Z') });
    ids = { p1: p1.id, p2: p2.id, p3: p3.id, p4: p4.id, p5: p5.id, p6: p6.id };

    // Followers (UTC days). LinkedIn: 1010 → 1040 in the range (+30), 1040 the last by 26 Oct.
    for (const [day, followers] of [
      ['2026-10-18', 1000],
      ['2026-10-21', 1010],
      ['2026-10-24', null],
      ['2026-10-25', 1040],
      ['2026-10-28', 2000],
    ] as const) {
      await insertFollowerReading(t, { workspaceId: ws, socialAccountId: linkedIn.id, day, followers });
    }
    // X: one reading in the range (no change to report).
    await insertFollowerReading(t, {
      workspaceId: ws,
      socialAccountId: x.id,
      day: '2026-10-22',
      followers: 300,
    });

    // Another workspace, same days: never counted.
    const stranger = await signUpMember(t.app);
    const theirs = await insertAnalyticsAccount(t, stranger.workspaceId, { platform: 'linkedin' });
    await insertPublishedPost(t, stranger.workspaceId, {
      platform: 'linkedin',
      socialAccountId: theirs.id,
      publishedAt: new Date('2026-10-22T10:00:00Z'),
      metrics: { reach: 99_999, likes: 9_999 },
    });
    await insertFollowerReading(t, {
      workspaceId: stranger.workspaceId,
      socialAccountId: theirs.id,
      day: '2026-10-22',
      followers: 50_000,
    });
    strangerAccountId = theirs.id;
  });
  afterAll(() => t.close());

  const get = (url: string, member = owner) => asUser(t.app, member.cookie).get(url);
  async function overview(query: string): Promise<AnalyticsOverview> {
    const response = await get(`/api/analytics/overview?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function topPosts(query: string): Promise<AnalyticsPost[]> {
    const response = await get(`/api/analytics/posts?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  describe('overview', () => {
    it('sums the posts published on each day in the zone, zero days included', async () => {
      const result = await overview(`${week}&timeZone=${PARIS}`);
      expect(result.range).toEqual({ from: '2026-10-20', to: '2026-10-26', timeZone: PARIS });
      // Engagements 25 + 52 + 2 + 9 = 88 over 500 + 1000 + 200 + 300 = 2000: 4.4 %.
      expect(result.totals).toEqual({
        posts: 5,
        impressions: 2000, // 800 + 1000 + 200
        reach: 800, // 500 + 300
        engagements: 88,
        engagementRate: 4.4,
        followers: 1340, // LinkedIn 1040 + X 300; Instagram never reported
        followerChange: 30, // LinkedIn 1040 - 1010; X has a single reading
      });
      expect(result.daily).toEqual([
        // p1 + p2: 77 over 500 + 1000 = 5.13 %.
        {
          date: '2026-10-20',
          posts: 2,
          impressions: 1800,
          reach: 500,
          engagements: 77,
          engagementRate: 5.13,
        },
        { date: '2026-10-21', posts: 1, impressions: 200, reach: null, engagements: 2, engagementRate: 1 },
        { date: '2026-10-22', ...empty },
        { date: '2026-10-23', ...empty, posts: 1 },
        { date: '2026-10-24', ...empty },
        { date: '2026-10-25', ...empty },
        { date: '2026-10-26', posts: 1, impressions: null, reach: 300, engagements: 9, engagementRate: 3 },
      ]);
      expect(result.lastSyncedAt).toBe(syncedAt.toISOString());
      expect(result.sandbox).toBe(true);
    });

    it('splits by platform and by account with the same sums', async () => {
      const result = await overview(`${week}&timeZone=${PARIS}`);
      expect(result.byPlatform).toEqual([
        // p1 + p5: 34 over 800: 4.25 %.
        {
          platform: 'linkedin',
          posts: 2,
          impressions: 800,
          reach: 800,
          engagements: 34,
          engagementRate: 4.25,
        },
        { platform: 'instagram', ...empty, posts: 1 },
        // p2 + p3: 54 over 1200: 4.5 %.
        {
          platform: 'twitter',
          posts: 2,
          impressions: 1200,
          reach: null,
          engagements: 54,
          engagementRate: 4.5,
        },
      ]);
      expect(result.byAccount).toEqual([
        {
          accountId: accounts.linkedIn,
          platform: 'linkedin',
          username: 'cornerbakery',
          displayName: 'Corner Bakery',
          followers: 1040,
          sandbox: true,
          posts: 2,
          impressions: 800,
          reach: 800,
          engagements: 34,
          engagementRate: 4.25,
        },
        expect.objectContaining({
          accountId: accounts.x,
          followers: 300,
          posts: 2,
          engagements: 54,
          sandbox: false,
        }),
        expect.objectContaining({
          accountId: accounts.instagram,
          followers: null,
          posts: 1,
          engagements: null,
        }),
      ]);
      expect(result.followerGrowth).toEqual([
        {
          accountId: accounts.linkedIn,
          platform: 'linkedin',
          displayName: 'Corner Bakery',
          points: [
            { date: '2026-10-21', followers: 1010 },
            { date: '2026-10-25', followers: 1040 },
          ],
        },
        {
          accountId: accounts.x,
          platform: 'twitter',
          displayName: 'Corner Bakery X',
          points: [{ date: '2026-10-22', followers: 300 }],
        },
        { accountId: accounts.instagram, platform: 'instagram', displayName: 'Corner Bakery IG', points: [] },
      ]);
    });

    it("counts days in the user's zone when none is asked, UTC when the user has none", async () => {
      // UTC: p3 moves to 20 Oct and p6 (26 Oct 23:30 UTC) comes in: 6 posts, 88 + 1 engagements.
      const utc = await overview(week);
      expect(utc.range.timeZone).toBe('UTC');
      expect(utc.totals).toMatchObject({ posts: 6, reach: 850, engagements: 89 });
      expect(utc.daily[0]).toMatchObject({ date: '2026-10-20', posts: 3 });
      expect(utc.daily[1]).toMatchObject({ date: '2026-10-21', posts: 0, engagements: null });

      const member = await signUpMember(t.app);
      await asUser(t.app, member.cookie).put('/api/user/timezone', { timezone: PARIS });
      const response = await get(`/api/analytics/overview?${week}`, member);
      expect(response.json().range.timeZone).toBe(PARIS);
    });

    it('applies the platform and account filters to everything', async () => {
      const x = await overview(`${week}&timeZone=${PARIS}&platform=twitter`);
      expect(x.totals).toEqual({
        posts: 2,
        impressions: 1200,
        reach: null,
        engagements: 54,
        engagementRate: 4.5,
        followers: 300,
        followerChange: null,
      });
      expect(x.byPlatform.map((row) => row.platform)).toEqual(['twitter']);
      expect(x.byAccount.map((row) => row.accountId)).toEqual([accounts.x]);
      expect(x.followerGrowth.map((row) => row.accountId)).toEqual([accounts.x]);
      expect(x.daily.reduce((sum, day) => sum + day.posts, 0)).toBe(2);
      expect(x.sandbox).toBe(false);

      const linkedIn = await overview(`${week}&timeZone=${PARIS}&accountId=${accounts.linkedIn}`);
      expect(linkedIn.totals).toMatchObject({
        posts: 2,
        engagements: 34,
        followers: 1040,
        followerChange: 30,
      });
      expect(linkedIn.byAccount).toHaveLength(1);

      const facebook = await overview(`${week}&platform=facebook`);
      expect(facebook.totals).toEqual({ ...empty, followers: null, followerChange: null });
      expect(facebook.byPlatform).toEqual([]);
      expect(facebook.daily).toHaveLength(7);
    });

    it("never shows another workspace's account", async () => {
      const response = await get(`/api/analytics/overview?${week}&accountId=${strangerAccountId}`);
      expect(response.statusCode).toBe(404);
      expect(JSON.stringify(response.json())).not.toContain('99999');
      const list = await get(`/api/analytics/posts?${week}&accountId=${strangerAccountId}`);
      expect(list.statusCode).toBe(404);
    });
  });

  describe('top posts', () => {
    it('says what kind of post each was: a Reel, a thread and its length', async () => {
      const pending = { mediaIds: [], status: 'published' as const, externalId: '9', url: null, error: null };
      await t.ctx.database.db
        .update(posts)
        .set({
          postType: 'thread',
          thread: [
            { content: 'two', ...pending },
            { content: 'three', ...pending },
          ],
        })
        .where(eq(posts.id, ids.p3));
      const list = await topPosts(`${week}&timeZone=${PARIS}`);
      expect(list.find((post) => post.postId === ids.p3)).toMatchObject({
        postType: 'thread',
        threadPosts: 2,
      });
      expect(list.find((post) => post.postId === ids.p1)).toMatchObject({
        postType: 'post',
        mediaIds: [],
        threadPosts: 0,
      });
    });

    it('sorts by engagements, posts without them last', async () => {
      const list = await topPosts(`${week}&timeZone=${PARIS}`);
      expect(list.map((post) => post.postId)).toEqual([ids.p2, ids.p1, ids.p5, ids.p3, ids.p4]);
      expect(list[1]).toEqual({
        postId: ids.p1,
        platform: 'linkedin',
        accountId: accounts.linkedIn,
        accountName: 'Corner Bakery (@cornerbakery)',
        content: 'Fresh bread, "warm" from the oven\nCome early = get the best',
        hashtags: ['Bakery', 'Sourdough'],
        postType: 'post',
        mediaIds: [],
        threadPosts: 0,
        publishedAt: '2026-10-20T07:00:00.000Z',
        externalUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        metrics: {
          impressions: 800,
          reach: 500,
          likes: 20,
          comments: 5,
          shares: null,
          clicks: null,
          views: null,
        },
        engagements: 25,
        engagementRate: 5,
        syncedAt: syncedAt.toISOString(),
        removedFromPlatform: false,
        // Published without short links: its clicks are unknown (issue 29), not 0.
        linkClicks: null,
        uniqueVisitors: null,
        clickThroughRate: null,
      });
      expect(list[4]).toMatchObject({
        postId: ids.p4,
        engagements: null,
        engagementRate: null,
        removedFromPlatform: true,
      });
    });

    it('sorts by reach, impressions or time, and honours the limit', async () => {
      const order = async (query: string) =>
        (await topPosts(`${week}&timeZone=${PARIS}&${query}`)).map((post) => post.postId);
      // Reach: 500, 300, then the posts without reach, newest first.
      expect(await order('sort=reach')).toEqual([ids.p1, ids.p5, ids.p4, ids.p3, ids.p2]);
      expect(await order('sort=impressions')).toEqual([ids.p2, ids.p1, ids.p3, ids.p5, ids.p4]);
      expect(await order('sort=publishedAt')).toEqual([ids.p5, ids.p4, ids.p3, ids.p2, ids.p1]);
      expect(await order('sort=engagements&limit=2')).toEqual([ids.p2, ids.p1]);
    });
  });

  describe('CSV export', () => {
    it('sends every post of the range as CSV with a byte order mark and a file name', async () => {
      const response = await get(`/api/analytics/posts.csv?${week}&timeZone=${PARIS}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="kitepost-posts-2026-10-20-to-2026-10-26.csv"',
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = response.rawPayload.toString('utf8').slice(1);
      expect(text.startsWith('published_at,platform,account,content,hashtags,url,impressions,reach,')).toBe(
        true,
      );
      const rows = text.split('\r\n');
      expect(rows).toHaveLength(7); // header, five posts, the empty string after the last CRLF
      expect(rows[1]).toBe(
        '2026-10-20T07:00:00.000Z,linkedin,Corner Bakery (@cornerbakery),' +
          '"Fresh bread, ""warm"" from the oven\nCome early = get the best",#Bakery #Sourdough,' +
          `https://www.linkedin.com/feed/update/urn:li:share:1,800,500,20,5,,,,25,5.00,${syncedAt.toISOString()}` +
          // No short links: link clicks, unique visitors and CTR are empty (issue 29).
          ',,,',
      );
      // The formula guard, and X's missing reach as an empty cell.
      expect(rows[2]).toContain(",'=SUM(A1:A9) bread math,,https://platform.test/p/");
      expect(rows[2]).toContain(',1000,,40,5,7,,,52,5.20,');
      // Instagram's empty reading: every metric cell empty.
      expect(rows[4]).toContain(',,,,,,,,,,');
      expect(rows[5]?.startsWith('2026-10-26T22:30:00.000Z,linkedin,')).toBe(true);
      expect(rows[6]).toBe('');
    });

    it('reads past a page of 1,000 posts without losing or repeating one', async () => {
      const member = await signUpMember(t.app);
      const at = new Date('2026-10-22T10:00:00Z'); // the same instant: the id breaks the tie
      await t.ctx.database.db.insert(posts).values(
        Array.from({ length: 1001 }, (_, index) => ({
          workspaceId: member.workspaceId,
          platform: 'linkedin' as const,
          content: `bulk post ${index}`,
          status: 'published' as const,
          scheduledAt: at,
          publishedAt: at,
          externalId: `bulk-${index}-${randomBytes(3).toString('hex')}`,
        })),
      );
      const response = await get(`/api/analytics/posts.csv?${week}`, member);
      const rows = response.body.split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(1001);
      const contents = new Set(rows.map((row) => row.split(',')[3]));
      expect(contents.size).toBe(1001);
    });
  });

  describe('access and input', () => {
    it('refuses the analytics reads on a plan without analytics (402), not the dashboard', async () => {
      const free = await signUpMember(t.app);
      await setWorkspacePlan(t, free.workspaceId, 'free');
      for (const url of ['/api/analytics/overview', '/api/analytics/posts', '/api/analytics/posts.csv']) {
        const response = await get(`${url}?${week}`, free);
        expect(response.statusCode, url).toBe(402);
        expect(response.json().error.message).toMatch(/Free/);
      }
      expect((await get('/api/dashboard/stats', free)).statusCode).toBe(200);
    });

    it('answers bad ranges, zones and sorts with 400 and the issues', async () => {
      for (const query of [
        'from=2026-10-20',
        'from=yesterday&to=2026-10-26',
        'from=2026-10-27&to=2026-10-26',
        'from=2025-10-01&to=2026-10-02', // 367 days
        `${week}&timeZone=Mars/Olympus`,
        `${week}&platform=myspace`,
        `${week}&accountId=not-a-uuid`,
      ]) {
        const response = await get(`/api/analytics/overview?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.issues.length, query).toBeGreaterThan(0);
      }
      for (const query of [`${week}&sort=likes`, `${week}&limit=0`, `${week}&limit=501`]) {
        expect((await get(`/api/analytics/posts?${query}`)).statusCode, query).toBe(400);
      }
      expect((await get(`/api/analytics/posts.csv?${week}&timeZone=Nowhere`)).statusCode).toBe(400);
      // 366 days is the most a range may hold.
      expect((await get('/api/analytics/overview?from=2025-10-01&to=2026-10-01')).statusCode).toBe(200);
    });

    it('documents the routes in the OpenAPI document', async () => {
      const response = await t.app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json().paths);
      for (const path of ['/api/analytics/overview', '/api/analytics/posts', '/api/analytics/posts.csv']) {
        expect(paths).toContain(path);
      }
    });

    it('needs a session', async () => {
      for (const url of ['/api/analytics/overview', '/api/analytics/posts', '/api/analytics/posts.csv']) {
        const response = await t.app.inject({ method: 'GET', url: `${url}?${week}` });
        expect(response.statusCode).toBe(401);
      }
    });
  });
});
