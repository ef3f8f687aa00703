import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsPost } from '../../src/contracts/analytics';
import type { ClickAnalytics } from '../../src/contracts/links';
import { linkMessages } from '../../src/contracts/links';
import { bioPages } from '../../src/server/db/schema';
import { insertPublishedPost, setWorkspacePlan } from '../factories/analytics';
import { type BillingMember, signUpMember } from '../factories/billing';
import { type SeedClick, seedClicks, seedShortLink } from '../factories/links';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Click analytics (issue 29) over the week 2026-10-20..26 seen from Paris (CEST, UTC+2, until
 * 25 October; CET, UTC+1, after). Every expected number is worked out by hand beside its clicks.
 */
const week = 'from=2026-10-20&to=2026-10-26';
const paris = `${week}&timeZone=Europe/Paris`;

describe.each(databaseKinds)('click analytics on %s', (kind) => {
  let t: TestApp;
  let owner: BillingMember;
  let ids: Record<'p1' | 'p2' | 'p3' | 'p4', string>;
  let codes: Record<'l1' | 'l2' | 'l3' | 'bio', string>;

  const get = (query: string) => asUser(t.app, owner.cookie).get(`/api/analytics/clicks?${query}`);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await signUpMember(t.app);
    const ws = owner.workspaceId;
    const db = t.ctx.database.db;
    // p1 LinkedIn, 1,000 impressions; p2 X, 500 impressions; p3 Instagram, reach 400 only (its
    // CTR base) and never clicked; p4 published without short links (not in any rate).
    const p1 = await insertPublishedPost(t, ws, {
      platform: 'linkedin',
      publishedAt: new Date('2026-10-20T07:00:00Z'),
      content: 'Fresh bread at https://bakery.example/menu',
      metrics: { impressions: 1000, reach: 700 },
    });
    const p2 = await insertPublishedPost(t, ws, {
      platform: 'twitter',
      publishedAt: new Date('2026-10-21T07:00:00Z'),
      metrics: { impressions: 500 },
    });
    const p3 = await insertPublishedPost(t, ws, {
      platform: 'instagram',
      publishedAt: new Date('2026-10-22T07:00:00Z'),
      metrics: { reach: 400 },
    });
    const p4 = await insertPublishedPost(t, ws, {
      platform: 'linkedin',
      publishedAt: new Date('2026-10-22T08:00:00Z'),
      metrics: { impressions: 10_000 },
    });
    ids = { p1: p1.id, p2: p2.id, p3: p3.id, p4: p4.id };
    const l1 = await seedShortLink(db, { workspaceId: ws, postId: p1.id, platform: 'linkedin' });
    const l2 = await seedShortLink(db, {
      workspaceId: ws,
      postId: p2.id,
      platform: 'twitter',
      url: 'https://bakery.example/cakes',
    });
    const l3 = await seedShortLink(db, { workspaceId: ws, postId: p3.id, platform: 'instagram' });
    const bio = await seedShortLink(db, {
      workspaceId: ws,
      kind: 'bio',
      url: 'https://bakery.example/order',
    });
    codes = { l1: l1.code, l2: l2.code, l3: l3.code, bio: bio.code };
    await db.insert(bioPages).values({ workspaceId: ws, slug: 'corner-bakery', title: 'Corner Bakery' });

    const click = (
      code: string,
      at: string,
      visitorHash: string,
      more: Partial<SeedClick> = {},
    ): SeedClick => ({
      workspaceId: ws,
      code,
      occurredAt: new Date(at),
      visitorHash,
      ...more,
    });
    const onP1 = { postId: p1.id, platform: 'linkedin' as const };
    await seedClicks(db, [
      // p1: visitor a twice on 20 Oct (1 unique), again on 21 Oct (a second unique), b at
      // 22 Oct 22:30 UTC = 23 Oct 00:30 in Paris. 4 clicks, 3 uniques.
      click(l1.code, '2026-10-20T08:00:00Z', 'a', onP1),
      click(l1.code, '2026-10-20T09:00:00Z', 'a', onP1),
      click(l1.code, '2026-10-21T08:00:00Z', 'a', onP1),
      click(l1.code, '2026-10-22T22:30:00Z', 'b', onP1),
      // Left out: a bot, and a click before the range (19 Oct, 23:00 in Paris).
      click(l1.code, '2026-10-20T10:00:00Z', 'bot', { ...onP1, isBot: true }),
      click(l1.code, '2026-10-19T21:00:00Z', 'z', onP1),
      // p2: one click, 21 Oct.
      click(l2.code, '2026-10-21T12:00:00Z', 'c', { postId: p2.id, platform: 'twitter' }),
      // The bio page: a link click from Instagram, three human views by two visitors, a bot view.
      click(bio.code, '2026-10-23T10:00:00Z', 'd', { platform: 'instagram' }),
      { workspaceId: ws, kind: 'view', occurredAt: new Date('2026-10-23T09:59:00Z'), visitorHash: 'd' },
      { workspaceId: ws, kind: 'view', occurredAt: new Date('2026-10-23T10:00:00Z'), visitorHash: 'e' },
      { workspaceId: ws, kind: 'view', occurredAt: new Date('2026-10-23T11:00:00Z'), visitorHash: 'd' },
      {
        workspaceId: ws,
        kind: 'view',
        occurredAt: new Date('2026-10-23T11:00:00Z'),
        visitorHash: 'crawler',
        isBot: true,
      },
    ]);
    // Another workspace's clicks in the same week are never counted here.
    const stranger = await signUpMember(t.app);
    const theirs = await seedShortLink(db, { workspaceId: stranger.workspaceId });
    await seedClicks(db, [
      {
        workspaceId: stranger.workspaceId,
        code: theirs.code,
        occurredAt: new Date('2026-10-21T12:00:00Z'),
        platform: 'linkedin',
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts human clicks, unique visitors per day and the CTR of the same posts', async () => {
    const response = await get(paris);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ClickAnalytics;
    // 4 on p1 + 1 on p2 + 1 on the bio page; uniques (20 Oct, a), (21 Oct, a), (22 Oct, b),
    // (21 Oct, c), (23 Oct, d). CTR: p1, p2 and p3 (unclicked, with a short link): 5 / 1,900.
    expect(body.totals).toEqual({ linkClicks: 6, uniqueVisitors: 5, clickThroughRate: 0.26 });
  });

  it('puts each click on its day in the zone asked for', async () => {
    const paris_ = (await get(paris)).json() as ClickAnalytics;
    expect(paris_.daily).toEqual([
      { date: '2026-10-20', linkClicks: 2, uniqueVisitors: 1 },
      { date: '2026-10-21', linkClicks: 2, uniqueVisitors: 2 },
      { date: '2026-10-22', linkClicks: 0, uniqueVisitors: 0 },
      { date: '2026-10-23', linkClicks: 2, uniqueVisitors: 2 },
      { date: '2026-10-24', linkClicks: 0, uniqueVisitors: 0 },
      { date: '2026-10-25', linkClicks: 0, uniqueVisitors: 0 },
      { date: '2026-10-26', linkClicks: 0, uniqueVisitors: 0 },
    ]);
    const utc = (await get(`${week}&timeZone=UTC`)).json() as ClickAnalytics;
    expect(utc.daily.slice(2, 4)).toEqual([
      { date: '2026-10-22', linkClicks: 1, uniqueVisitors: 1 },
      { date: '2026-10-23', linkClicks: 1, uniqueVisitors: 1 },
    ]);
  });

  it('splits by network, most clicks first, each with its posts’ CTR', async () => {
    const body = (await get(paris)).json() as ClickAnalytics;
    expect(body.byPlatform).toEqual([
      { platform: 'linkedin', linkClicks: 4, uniqueVisitors: 3, clickThroughRate: 0.4 },
      // The bio page's click came from Instagram; p3 (reach 400, no click) is its only post.
      { platform: 'instagram', linkClicks: 1, uniqueVisitors: 1, clickThroughRate: 0 },
      { platform: 'twitter', linkClicks: 1, uniqueVisitors: 1, clickThroughRate: 0.2 },
    ]);
  });

  it('lists the top posts and links, post and bio links alike, as written', async () => {
    const body = (await get(paris)).json() as ClickAnalytics;
    expect(body.topPosts).toEqual([
      {
        postId: ids.p1,
        platform: 'linkedin',
        content: 'Fresh bread at https://bakery.example/menu',
        linkClicks: 4,
        uniqueVisitors: 3,
        impressions: 1000,
        clickThroughRate: 0.4,
      },
      {
        postId: ids.p2,
        platform: 'twitter',
        content: expect.any(String),
        linkClicks: 1,
        uniqueVisitors: 1,
        impressions: 500,
        clickThroughRate: 0.2,
      },
    ]);
    expect(body.topLinks[0]).toEqual({
      code: codes.l1,
      url: 'https://bakery.example/menu',
      source: 'post',
      postId: ids.p1,
      linkClicks: 4,
      uniqueVisitors: 3,
    });
    expect(body.topLinks.slice(1)).toEqual(
      expect.arrayContaining([
        {
          code: codes.l2,
          url: 'https://bakery.example/cakes',
          source: 'post',
          postId: ids.p2,
          linkClicks: 1,
          uniqueVisitors: 1,
        },
        {
          code: codes.bio,
          url: 'https://bakery.example/order',
          source: 'bio',
          postId: null,
          linkClicks: 1,
          uniqueVisitors: 1,
        },
      ]),
    );
    expect(body.topLinks).toHaveLength(3);
  });

  it("shows the bio page's views, unique views, clicks and CTR, bots left out", async () => {
    const body = (await get(paris)).json() as ClickAnalytics;
    expect(body.bioPage).toEqual({ views: 3, uniqueViews: 2, linkClicks: 1, clickThroughRate: 33.33 });
  });

  it('narrows everything to one network', async () => {
    const body = (await get(`${paris}&platform=twitter`)).json() as ClickAnalytics;
    expect(body.totals).toEqual({ linkClicks: 1, uniqueVisitors: 1, clickThroughRate: 0.2 });
    expect(body.byPlatform.map((row) => row.platform)).toEqual(['twitter']);
    expect(body.bioPage).toEqual({ views: 0, uniqueViews: 0, linkClicks: 0, clickThroughRate: null });
  });

  it('gives each analytics post its lifetime link clicks, null without short links, and the CSV columns', async () => {
    const list = await asUser(t.app, owner.cookie).get(`/api/analytics/posts?${paris}&sort=publishedAt`);
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map((list.json() as AnalyticsPost[]).map((post) => [post.postId, post]));
    // p1: 4 in the week + 1 on 19 Oct, by 4 (day, visitor) pairs; 5 / 1,000 impressions.
    expect(byId.get(ids.p1)).toMatchObject({ linkClicks: 5, uniqueVisitors: 4, clickThroughRate: 0.5 });
    expect(byId.get(ids.p3)).toMatchObject({ linkClicks: 0, uniqueVisitors: 0, clickThroughRate: 0 });
    expect(byId.get(ids.p4)).toMatchObject({
      linkClicks: null,
      uniqueVisitors: null,
      clickThroughRate: null,
    });

    const csv = await asUser(t.app, owner.cookie).get(`/api/analytics/posts.csv?${paris}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]?.endsWith(',synced_at,link_clicks,unique_visitors,click_through_rate')).toBe(true);
    expect(lines[1]?.endsWith(',5,4,0.50')).toBe(true);
    expect(lines.at(-1)?.endsWith(',,,')).toBe(true);
  });

  it('refuses bad input with 400s', async () => {
    expect((await get(`${week}&timeZone=Mars/Olympus`)).statusCode).toBe(400);
    expect((await get('from=2026-10-27&to=2026-10-20')).statusCode).toBe(400);
    expect((await get('from=yesterday&to=2026-10-20')).statusCode).toBe(400);
  });

  it('answers Starter (whose overview is refused) and refuses Free with 402 naming Starter', async () => {
    await setWorkspacePlan(t, owner.workspaceId, 'starter');
    const overview = await asUser(t.app, owner.cookie).get(`/api/analytics/overview?${paris}`);
    expect(overview.statusCode).toBe(402);
    const starter = await get(paris);
    expect(starter.statusCode, starter.body).toBe(200);
    expect((starter.json() as ClickAnalytics).totals.linkClicks).toBe(6);

    await setWorkspacePlan(t, owner.workspaceId, 'free');
    const free = await get(paris);
    expect(free.statusCode).toBe(402);
    expect(free.json().error).toMatchObject({
      code: 'plan_limit',
      planNeeded: 'starter',
      message: linkMessages.clickAnalyticsNotInPlan,
    });
    await setWorkspacePlan(t, owner.workspaceId, 'professional');
  });
});
