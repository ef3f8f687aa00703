import { randomBytes } from 'node:crypto';
import { DateTime, type WeekdayNumbers } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BestTime, PostMetricValues } from '../../src/contracts/analytics';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import { platformPostingDefaults } from '../../src/contracts/posting-defaults';
import { postMetricTotals, posts } from '../../src/server/db/schema';
import { asUser } from '../factories/posts';
import { insertAccount, newWorkspace } from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * The fixture's times are wall times in Tokyo (no daylight saving time, UTC+9), a few weeks back
 * from today, so the expected slots hold whatever day the test runs.
 */
const TOKYO = 'Asia/Tokyo';

/** `weekday` at `hour`:15 in Tokyo, in the ISO week `weeksAgo` weeks before this one. */
function tokyoTime(weeksAgo: number, weekday: number, hour: number): Date {
  return DateTime.now()
    .setZone(TOKYO)
    .minus({ weeks: weeksAgo })
    .set({ weekday: weekday as WeekdayNumbers, hour, minute: 15, second: 0, millisecond: 0 })
    .toJSDate();
}

const reading = (engagements: number, reach: number | null, impressions: number | null = null) => ({
  impressions,
  reach,
  likes: engagements,
  comments: 0,
  shares: null,
  clicks: null,
  views: null,
});

/** [weekday, hour, engagements, reach, how many (one a week going back)] in Tokyo. */
type SlotPlan = [number, number, number, number, number];

/*
 * 12 measured posts, 220 engagements on 2,200 reach: the prior adds 3 × 220 / 12 = 55 engagements
 * and 3 × 2,200 / 12 = 550 reach to each slot.
 *   Thu 18  1 post   50 / 200  score 105 /   750 = 0.14
 *   Wed 12  2 posts  60 / 400  score 115 /   950 = 0.1211
 *   Tue 09  3 posts  60 / 600  score 115 / 1,150 = 0.1
 *   Mon 20  2 posts  10 / 200  score  65 /   750 = 0.0867
 *   Fri 08  4 posts  40 / 800  score  95 / 1,350 = 0.0704
 */
const linkedinHistory: SlotPlan[] = [
  [4, 18, 50, 200, 1],
  [3, 12, 30, 200, 2],
  [2, 9, 20, 200, 3],
  [1, 20, 5, 100, 2],
  [5, 8, 10, 200, 4],
];
const LINKEDIN_LABEL_TOKYO = 'Thu 6 PM, Wed 12 PM, Tue 9 AM (from your 12 posts)';

describe.each(databaseKinds)('best times to post on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  /** A published post of the account with its latest reading (syncedAt null: not read yet). */
  async function publishedPost(
    workspaceId: string,
    account: { id: string; platform: PublishingPlatform },
    publishedAt: Date,
    metrics: PostMetricValues,
    syncedAt: Date | null = new Date(),
  ) {
    const externalId = randomBytes(6).toString('hex');
    const [post] = await db()
      .insert(posts)
      .values({
        workspaceId,
        platform: account.platform,
        content: `Post ${externalId}`,
        status: 'published',
        socialAccountId: account.id,
        publishedAt,
        externalId,
      })
      .returning();
    if (!post) throw new Error('no post');
    await db()
      .insert(postMetricTotals)
      .values({
        postId: post.id,
        workspaceId,
        socialAccountId: account.id,
        platform: account.platform,
        externalId,
        publishedAt,
        ...metrics,
        syncedAt,
      });
  }

  async function publishPlan(
    workspaceId: string,
    account: { id: string; platform: PublishingPlatform },
    plan: SlotPlan[],
  ) {
    for (const [weekday, hour, engagements, reach, count] of plan) {
      for (let week = 1; week <= count; week++) {
        await publishedPost(
          workspaceId,
          account,
          tokyoTime(week, weekday, hour),
          reading(engagements, reach, reach * 3),
        );
      }
    }
  }

  /** A workspace in Tokyo with the LinkedIn history above, an X account with too little, and noise. */
  async function workspaceWithHistory() {
    const owner = await newWorkspace(t);
    const api = asUser(t.app, owner.cookie);
    expect((await api.put('/api/user/timezone', { timezone: TOKYO })).statusCode).toBe(200);
    const linkedin = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const twitter = await insertAccount(t, owner.workspaceId, { platform: 'twitter' });
    await publishPlan(owner.workspaceId, linkedin, linkedinHistory);
    // Not measured: not read yet, published 100 days ago, or reporting no base at all.
    await publishedPost(owner.workspaceId, linkedin, tokyoTime(1, 6, 7), reading(900, 1000), null);
    await publishedPost(
      owner.workspaceId,
      linkedin,
      DateTime.now().minus({ days: 100 }).toJSDate(),
      reading(900, 1000),
    );
    await publishedPost(owner.workspaceId, linkedin, tokyoTime(2, 6, 7), reading(900, null, null));
    await publishPlan(owner.workspaceId, twitter, [[1, 9, 5, 100, 3]]);
    return { ...owner, api, linkedin, twitter };
  }

  it('answers the account history in the user zone, and the platform pattern without enough', async () => {
    const { api, linkedin, twitter } = await workspaceWithHistory();
    const response = await api.get('/api/analytics/best-times');
    expect(response.statusCode).toBe(200);
    const list = response.json() as BestTime[];
    expect(list).toEqual([
      {
        accountId: linkedin.id,
        platform: 'linkedin',
        displayName: linkedin.displayName,
        source: 'account_history',
        label: LINKEDIN_LABEL_TOKYO,
        slots: [
          { weekday: 4, hour: 18 },
          { weekday: 3, hour: 12 },
          { weekday: 2, hour: 9 },
        ],
        timeZone: TOKYO,
        basedOnPosts: 12,
      },
      {
        accountId: twitter.id,
        platform: 'twitter',
        displayName: twitter.displayName,
        source: 'platform_default',
        label: 'Weekdays, 9 AM–12 PM (general X (Twitter) pattern)',
        slots: platformPostingDefaults.twitter.slots,
        timeZone: TOKYO,
        basedOnPosts: 0,
      },
    ]);
  });

  it('reads the slots in the zone asked for, and for one account', async () => {
    const { api, linkedin } = await workspaceWithHistory();
    // UTC is 9 hours behind Tokyo: Thu 18 → Thu 9, Wed 12 → Wed 3, Tue 9 → Tue 0.
    const response = await api.get(`/api/analytics/best-times?accountId=${linkedin.id}&timeZone=UTC`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        accountId: linkedin.id,
        label: 'Thu 9 AM, Wed 3 AM, Tue 12 AM (from your 12 posts)',
        slots: [
          { weekday: 4, hour: 9 },
          { weekday: 3, hour: 3 },
          { weekday: 2, hour: 0 },
        ],
        timeZone: 'UTC',
      }),
    ]);
  });

  it('gives a workspace without accounts an empty list and keeps workspaces apart', async () => {
    const { linkedin } = await workspaceWithHistory();
    const stranger = await newWorkspace(t);
    const api = asUser(t.app, stranger.cookie);
    expect((await api.get('/api/analytics/best-times')).json()).toEqual([]);
    expect((await api.get(`/api/analytics/best-times?accountId=${linkedin.id}`)).statusCode).toBe(404);

    // The stranger's own LinkedIn account has none of the other workspace's history.
    const own = await insertAccount(t, stranger.workspaceId, { platform: 'linkedin' });
    const [entry] = (await api.get('/api/analytics/best-times')).json() as BestTime[];
    expect(entry).toMatchObject({ accountId: own.id, source: 'platform_default', timeZone: 'UTC' });
  });

  it('refuses bad input with 400 and the issue, and callers without a session', async () => {
    const api = asUser(t.app, (await newWorkspace(t)).cookie);
    const badZone = await api.get('/api/analytics/best-times?timeZone=Mars/Olympus_Mons');
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.issues).toEqual([expect.objectContaining({ path: 'querystring.timeZone' })]);
    const badId = await api.get('/api/analytics/best-times?accountId=12');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.issues[0].message).toBe('Not an account id');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/analytics/best-times' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives generated LinkedIn ideas the best time of the account with the most measured posts', async () => {
    const owner = await workspaceWithHistory();
    // A second LinkedIn account with 14 measured posts: Sat 10 Tokyo stands out.
    const busier = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    await publishPlan(owner.workspaceId, busier, [
      [6, 10, 40, 200, 4],
      [1, 7, 10, 200, 4],
      [3, 7, 10, 200, 2],
      [5, 17, 15, 200, 4],
    ]);
    const response = await owner.api.post('/api/user/generate-content', {
      businessType: 'technology',
      contentType: 'educational',
      platforms: ['linkedin', 'twitter', 'facebook'],
      count: 6,
    });
    expect(response.statusCode).toBe(200);
    const ideas = response.json().posts as Array<{ platform: string; bestTimeToPost: string }>;
    const timesOf = (platform: string) => [
      ...new Set(ideas.filter((idea) => idea.platform === platform).map((idea) => idea.bestTimeToPost)),
    ];
    /*
     * 14 posts, 280 engagements on 2,800 reach: prior +60 and +600. Sat 10: 220 / 1,400 = 0.157;
     * Fri 17: 120 / 1,400 = 0.086; Wed 7: 80 / 1,000 = 0.08; Mon 7: 100 / 1,400 = 0.071.
     */
    expect(timesOf('linkedin')).toEqual(['Sat 10 AM, Fri 5 PM, Wed 7 AM (from your 14 posts)']);
    // Too little X history, and no Facebook account: today's general advice.
    expect(timesOf('twitter')).toEqual([platformPostingDefaults.twitter.label]);
    expect(timesOf('facebook')).toEqual([platformPostingDefaults.facebook.label]);
  });
});
