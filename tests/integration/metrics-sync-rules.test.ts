import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsMessages, metricsRefreshResponse, notReportedMetrics } from '../../src/contracts/analytics';
import { type PublishingPlatform, publishingPlatforms } from '../../src/contracts/platforms';
import {
  accountMetrics,
  postMetrics,
  postMetricTotals,
  posts as postsTable,
  socialAccounts,
} from '../../src/server/db/schema';
import { TokenExpiredError } from '../../src/server/integrations/social/social-provider';
import { metricsSyncJob } from '../../src/server/jobs/metrics-sync.job';
import { allJobs } from '../../src/server/jobs/registry';
import {
  firstReadingAt,
  metricsReadBudgets,
  postsPerRun,
  utcDayOf,
} from '../../src/server/modules/metrics/metrics-schedule';
import {
  claimPostsForReading,
  reserveReadCalls,
} from '../../src/server/modules/metrics/metrics-sync.repository';
import { runMetricsSync } from '../../src/server/modules/metrics/metrics-sync.service';
import { addMember, insertPublishedPost } from '../factories/analytics';
import { asUser } from '../factories/posts';
import {
  insertAccount,
  newWorkspace,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const MIN = 60_000;
const HOUR = 60 * MIN;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * The sync's rules with a scripted platform standing in for Facebook (what it answers is set per
 * test): budgets, failures and their backoff, unusable tokens, the weighted engagement rate,
 * concurrent runs, disconnected accounts, and the manual refresh route.
 */
describe.each(databaseKinds)('metrics sync rules on %s', (kind) => {
  let t: TestApp;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    platform = scriptedPlatform('facebook');
    t = await buildTestApp(kind, {}, { socialProviders: { facebook: platform } });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    platform.reads.length = 0;
    platform.readFailures = [];
  });
  const db = () => t.ctx.database.db;

  /** A workspace with a scripted Facebook account and `count` published posts due for reading. */
  async function accountWithPosts(count: number, publishedAt = new Date(Date.now() - 2 * HOUR)) {
    const workspace = await newWorkspace(t);
    const account = await insertAccount(t, workspace.workspaceId, { platform: 'facebook' });
    const published = [];
    for (let i = 0; i < count; i++) {
      const post = await insertPublishedPost(t, workspace.workspaceId, {
        platform: 'facebook',
        socialAccountId: account.id,
        publishedAt,
        syncedAt: null,
      });
      await db()
        .update(postMetricTotals)
        .set({ nextSyncAt: firstReadingAt(publishedAt) })
        .where(eq(postMetricTotals.postId, post.id));
      published.push(post);
    }
    return { ...workspace, account, posts: published, due: firstReadingAt(publishedAt) };
  }
  const totalsOf = async (postId: string) => {
    const [row] = await db().select().from(postMetricTotals).where(eq(postMetricTotals.postId, postId));
    if (!row) throw new Error(`no totals for ${postId}`);
    return row;
  };
  const accountOf = async (id: string) => {
    const [row] = await db().select().from(socialAccounts).where(eq(socialAccounts.id, id));
    if (!row) throw new Error(`no account ${id}`);
    return row;
  };
  const postReads = () => platform.reads.filter((read) => read.kind === 'posts');

  it('the weighted engagement rate of the account, and its followers, from hand-computed readings', async () => {
    const { account, posts, due, workspaceId } = await accountWithPosts(4);
    const [a, b, c, d] = posts.map((post) => post.externalId as string);
    platform.postMetrics.set(a as string, {
      ...notReportedMetrics,
      reach: 200,
      likes: 10,
      comments: 5,
      shares: 3,
      clicks: 2,
    });
    platform.postMetrics.set(b as string, { ...notReportedMetrics, reach: 300, likes: 9 });
    // No base (neither reach nor impressions) and no engagement: both left out of the rate.
    platform.postMetrics.set(c as string, { ...notReportedMetrics, likes: 4 });
    platform.postMetrics.set(d as string, { ...notReportedMetrics, reach: 100 });
    platform.followers.set(account.externalId, 1234);

    const report = await runMetricsSync(t.ctx, { now: due, workspaceId });
    expect(report).toMatchObject({ postsRead: 4, accountsRead: 1, followersRead: 1 });
    // (10 + 5 + 3 + 2 + 9) / (200 + 300) = 5.8 %
    const after = await accountOf(account.id);
    expect(after.engagementRate).toBeCloseTo(5.8, 5);
    expect(after.followers).toBe(1234);
    const [day] = await db()
      .select()
      .from(accountMetrics)
      .where(eq(accountMetrics.socialAccountId, account.id));
    expect(day).toMatchObject({ day: utcDayOf(due), followers: 1234, workspaceId });
    expect(await totalsOf(posts[2]?.id as string)).toMatchObject({
      ...notReportedMetrics,
      likes: 4,
      syncedAt: due,
    });
  });

  it('reads at most the per-run budget of an account; the rest stay due for the next run', async () => {
    const perRun = postsPerRun(metricsReadBudgets.facebook);
    const { posts, due, workspaceId } = await accountWithPosts(perRun + 2);
    const first = await runMetricsSync(t.ctx, { now: due, workspaceId });
    expect(first.postsRead).toBe(perRun);
    // Two calls per Facebook post (insights, the post's counts), plus one for the followers: the run's budget.
    expect(platform.reads).toHaveLength(perRun + 1);
    const { callsPerRead, followerCalls, callsPerRun } = metricsReadBudgets.facebook;
    expect(perRun * callsPerRead + followerCalls).toBeLessThanOrEqual(callsPerRun);
    const waiting = [];
    for (const post of posts) {
      const totals = await totalsOf(post.id);
      if (totals.syncedAt === null) waiting.push(totals);
    }
    expect(waiting).toHaveLength(2);
    for (const totals of waiting) expect(totals.nextSyncAt).toEqual(due);
    const second = await runMetricsSync(t.ctx, { now: later(due, 5 * MIN), workspaceId });
    expect(second.postsRead).toBe(2);
  });

  it('keeps an account within its hourly call budget, a fixed window per account', async () => {
    const accountId = randomUUID();
    const now = new Date();
    const reserve = (wanted: number, at = now) =>
      reserveReadCalls(db(), { accountId, wanted, maxPerWindow: 120, windowMs: HOUR, now: at });
    expect(await reserve(100)).toBe(100);
    expect(await reserve(30)).toBe(20);
    expect(await reserve(5)).toBe(0);
    expect(await reserve(5, later(now, HOUR))).toBe(5);
  });

  it("tells the platform which of the posts it reads are Reels (a Reel's plays are its views)", async () => {
    const { posts, due, workspaceId } = await accountWithPosts(2);
    const [reel, photo] = posts as [(typeof posts)[number], (typeof posts)[number]];
    await db().update(postsTable).set({ postType: 'reel' }).where(eq(postsTable.id, reel.id));
    await runMetricsSync(t.ctx, { now: due, workspaceId });
    const read = postReads().find((one) => one.externalIds.includes(reel.externalId as string));
    expect(read?.reels).toEqual([reel.externalId]);
    // Facebook reads a post per call: the photo's read names no Reel.
    const photoRead = postReads().find((one) => one.externalIds.includes(photo.externalId as string));
    expect(photoRead?.reels).toBeUndefined();
  });

  it('a failed reading backs off 15, 30, 60, 120 minutes; the fifth stops reading and keeps the numbers', async () => {
    const { posts, due, workspaceId } = await accountWithPosts(1);
    const post = posts[0] as (typeof posts)[number];
    platform.postMetrics.set(post.externalId as string, {
      impressions: null,
      reach: 80,
      likes: 6,
      comments: 1,
      shares: null,
      clicks: null,
      views: null,
    });
    await runMetricsSync(t.ctx, { now: due, workspaceId });
    let now = (await totalsOf(post.id)).nextSyncAt as Date;
    for (const [failures, waitMinutes] of [
      [1, 15],
      [2, 30],
      [3, 60],
      [4, 120],
    ] as const) {
      platform.readFailures = [new Error('Facebook answered 500')];
      const report = await runMetricsSync(t.ctx, { now, workspaceId });
      expect(report).toMatchObject({ postsRead: 0, postsFailed: 1 });
      const totals = await totalsOf(post.id);
      expect(totals).toMatchObject({ failures, nextSyncAt: later(now, waitMinutes * MIN) });
      now = totals.nextSyncAt as Date;
    }
    platform.readFailures = [new Error('Facebook answered 500')];
    await runMetricsSync(t.ctx, { now, workspaceId });
    expect(await totalsOf(post.id)).toMatchObject({ failures: 5, nextSyncAt: null, reach: 80, likes: 6 });
  });

  it('an expired token: the account is skipped, its posts come back later, no failure counted', async () => {
    const { posts, due, workspaceId } = await accountWithPosts(1);
    platform.readFailures = [new TokenExpiredError('facebook', 'Error validating access token')];
    const report = await runMetricsSync(t.ctx, { now: due, workspaceId });
    expect(report).toMatchObject({ postsRead: 0, postsFailed: 0, accountsSkipped: 1, accountsRead: 0 });
    expect(await totalsOf(posts[0]?.id as string)).toMatchObject({
      failures: 0,
      syncedAt: null,
      nextSyncAt: later(due, 15 * MIN),
    });
  });

  it('two runs at once read each post once', async () => {
    const { posts, due, workspaceId } = await accountWithPosts(8);
    const [one, two] = await Promise.all([
      runMetricsSync(t.ctx, { now: due, workspaceId }),
      runMetricsSync(t.ctx, { now: due, workspaceId }),
    ]);
    expect((one?.postsRead ?? 0) + (two?.postsRead ?? 0)).toBe(8);
    const readIds = postReads().flatMap((read) => read.externalIds);
    expect(readIds.sort()).toEqual(posts.map((post) => post.externalId).sort());
    for (const post of posts) {
      expect(await db().select().from(postMetrics).where(eq(postMetrics.postId, post.id))).toHaveLength(1);
    }
  });

  it('a claim taken while another is in flight takes none of its posts', async () => {
    const { posts, due, workspaceId } = await accountWithPosts(3);
    const claim = (on: Parameters<typeof claimPostsForReading>[0]) =>
      claimPostsForReading(on, {
        now: due,
        leaseUntil: later(due, 15 * MIN),
        limit: 100,
        perAccount: Object.fromEntries(publishingPlatforms.map((platform) => [platform, 100])) as Record<
          PublishingPlatform,
          number
        >,
        workspaceId,
        includeNotDue: false,
      });
    let second: Promise<unknown[]> | undefined;
    const first = await db().transaction(async (tx) => {
      const taken = await claim(tx as unknown as Parameters<typeof claim>[0]);
      // On PostgreSQL the second claim sees the posts still due and waits on their rows; once
      // the first commits, the rows no longer match what it saw. (PGlite runs one at a time.)
      second = claim(db());
      await sleep(200);
      return taken;
    });
    expect(first.map((post) => post.postId).sort()).toEqual(posts.map((post) => post.id).sort());
    expect(await second).toEqual([]);
  });

  it("a disconnected account's posts stop being read; their numbers stay", async () => {
    const { account, posts, due, workspaceId, cookie } = await accountWithPosts(1);
    const deleted = await asUser(t.app, cookie).delete(`/api/user/social-accounts/${account.id}`);
    expect(deleted.statusCode).toBe(204);
    const report = await runMetricsSync(t.ctx, { now: due, workspaceId });
    expect(report).toMatchObject({ postsRead: 0, postsRetired: 1 });
    expect(await totalsOf(posts[0]?.id as string)).toMatchObject({ socialAccountId: null, nextSyncAt: null });
    expect(postReads()).toHaveLength(0);
  });

  it('is a job every 5 minutes', () => {
    expect(allJobs).toContain(metricsSyncJob);
    expect(metricsSyncJob).toMatchObject({ name: 'analytics.metrics-sync.v1', cron: '*/5 * * * *' });
  });

  describe('POST /api/analytics/refresh', () => {
    it('reads the workspace posts still in their window, due or not, once a minute', async () => {
      const mine = await accountWithPosts(1);
      // Not due for hours, still in its window: a refresh reads it too.
      const notDue = await insertPublishedPost(t, mine.workspaceId, {
        platform: 'facebook',
        socialAccountId: mine.account.id,
        syncedAt: null,
      });
      const nextSyncAt = later(new Date(), 5 * HOUR);
      await db().update(postMetricTotals).set({ nextSyncAt }).where(eq(postMetricTotals.postId, notDue.id));
      await insertAccount(t, mine.workspaceId, { platform: 'facebook', status: 'needs_reauth' });
      const theirs = await accountWithPosts(1);
      const user = asUser(t.app, mine.cookie);

      const answer = await user.post('/api/analytics/refresh');
      expect(answer.statusCode).toBe(200);
      const body = metricsRefreshResponse.parse(answer.json());
      expect(body).toMatchObject({ postsRead: 2, accountsRead: 1, accountsSkipped: 1 });
      expect(Date.parse(body.lastSyncedAt as string)).toBeGreaterThan(Date.now() - MIN);
      expect((await totalsOf(notDue.id)).syncedAt).not.toBeNull();
      // Another workspace's posts are not touched.
      const read = postReads().flatMap((one) => one.externalIds);
      expect(read).not.toContain(theirs.posts[0]?.externalId);
      expect(await totalsOf(theirs.posts[0]?.id as string)).toMatchObject({
        syncedAt: null,
        nextSyncAt: theirs.due,
      });

      const again = await user.post('/api/analytics/refresh');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({
        error: { code: 'rate_limited', message: analyticsMessages.refreshLimited },
      });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('needs a session; a viewer may refresh', async () => {
      const signedOut = await t.app.inject({ method: 'POST', url: '/api/analytics/refresh' });
      expect(signedOut.statusCode).toBe(401);
      const { workspaceId } = await accountWithPosts(1);
      const viewer = await addMember(t, workspaceId, 'viewer');
      const answer = await asUser(t.app, viewer.cookie).post('/api/analytics/refresh');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ postsRead: 1, accountsRead: 1, accountsSkipped: 0 });
    });
  });
});
