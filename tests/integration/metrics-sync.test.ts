import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardStats, notReportedMetrics } from '../../src/contracts/analytics';
import {
  accountMetrics,
  postMetrics,
  postMetricTotals,
  posts,
  sandboxPosts,
  socialAccounts,
} from '../../src/server/db/schema';
import type { XProvider } from '../../src/server/integrations/social/x/x-provider';
import { firstReadingAt, nextReadingAt, utcDayOf } from '../../src/server/modules/metrics/metrics-schedule';
import { runMetricsSync } from '../../src/server/modules/metrics/metrics-sync.service';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { tokensOf } from '../../src/server/modules/social-accounts/social-accounts.service';
import { uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, connectX } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const MIN = 60_000;
const HOUR = 60 * MIN;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
/** Noon UTC of the day after `date`: two runs near it fall on one UTC day. */
const noonAfter = (date: Date) => new Date(`${utcDayOf(later(date, 24 * HOUR))}T12:00:00.000Z`);

/**
 * The metrics sync through the app's real adapters and the platform simulator (decision 022):
 * posts published by the publishing engine, read on the schedule, with the simulator's missing
 * data (Instagram's lag, the `no-data` fault), rate limits and deleted posts.
 */
describe.each(databaseKinds)('metrics sync against the simulator on %s', (kind) => {
  let t: TestApp;
  /** The session of the workspace of the last post published: faults are armed by its member. */
  let session = '';
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  /** A post published by the engine to a new sandbox account of `platform`. */
  async function publishedPost(platform: 'twitter' | 'instagram') {
    const workspace = await newWorkspace(t);
    session = workspace.cookie;
    const connected =
      platform === 'twitter'
        ? await connectX(t.app, workspace.cookie)
        : await connectThroughSimulator(t.app, workspace.cookie, 'instagram', {
            fields: {
              account: '__new__',
              username: `ig_${randomBytes(4).toString('hex')}`,
              decision: 'authorize',
            },
          });
    const accountId = connected.result['account-id'] as string;
    const scheduled = await insertScheduledPost(t, workspace.workspaceId, {
      platform,
      socialAccountId: accountId,
      content: `Metrics for the spring menu ${Math.random()}`,
    });
    if (platform === 'instagram') {
      const image = await uploadImage(t.app, workspace.cookie, 'jpeg', { width: 1080, height: 1080 });
      await db()
        .update(posts)
        .set({ mediaIds: [image.id] })
        .where(eq(posts.id, scheduled.id));
    }
    expect(await publishPost(t.ctx, { postId: scheduled.id, version: 1 })).toBe('published');
    const post = await postRow(t, scheduled.id);
    return { ...workspace, accountId, post, publishedAt: post.publishedAt as Date };
  }

  /** Moves the post back in the pretend platform's time: its metrics are those of an older post. */
  async function ageOnPlatform(externalId: string | null, ms: number) {
    await db()
      .update(sandboxPosts)
      .set({ publishedAt: new Date(Date.now() - ms) })
      .where(eq(sandboxPosts.externalId, externalId as string));
  }
  async function arm(platform: string, account: string, fault: string, times = 1) {
    const armed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: session },
      payload: { platform, account, fault, on: 'read', times },
    });
    expect(armed.statusCode).toBe(201);
  }
  const totalsOf = async (postId: string) => {
    const [row] = await db().select().from(postMetricTotals).where(eq(postMetricTotals.postId, postId));
    if (!row) throw new Error(`no totals for ${postId}`);
    return row;
  };
  const seriesOf = (postId: string) =>
    db()
      .select()
      .from(postMetrics)
      .where(eq(postMetrics.postId, postId))
      .orderBy(asc(postMetrics.capturedAt));
  const accountOf = async (id: string) => {
    const [row] = await db().select().from(socialAccounts).where(eq(socialAccounts.id, id));
    if (!row) throw new Error(`no account ${id}`);
    return row;
  };
  const followersOn = async (accountId: string, day: string) => {
    const [row] = await db()
      .select()
      .from(accountMetrics)
      .where(and(eq(accountMetrics.socialAccountId, accountId), eq(accountMetrics.day, day)));
    return row;
  };
  const metricsOnly = (row: Record<string, unknown>) => ({
    impressions: row.impressions,
    reach: row.reach,
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    clicks: row.clicks,
    views: row.views,
  });

  it('reads a published X post on its schedule: the series, the latest values, followers, the account', async () => {
    const { post, publishedAt, accountId, workspaceId } = await publishedPost('twitter');
    await ageOnPlatform(post.externalId, 3 * HOUR);
    expect(await totalsOf(post.id)).toMatchObject({
      workspaceId,
      socialAccountId: accountId,
      platform: 'twitter',
      externalId: post.externalId,
      publishedAt,
      nextSyncAt: firstReadingAt(publishedAt),
      syncedAt: null,
      failures: 0,
      ...notReportedMetrics,
    });

    const early = await runMetricsSync(t.ctx, { now: later(publishedAt, 5 * MIN), workspaceId });
    expect(early.postsRead).toBe(0);
    expect(await seriesOf(post.id)).toHaveLength(0);

    const first = firstReadingAt(publishedAt);
    const report = await runMetricsSync(t.ctx, { now: first, workspaceId });
    expect(report).toMatchObject({ postsRead: 1, postsFailed: 0, accountsRead: 1, accountsSkipped: 0 });
    const series = await seriesOf(post.id);
    expect(series).toHaveLength(1);
    expect(series[0]?.capturedAt).toEqual(first);
    const totals = await totalsOf(post.id);
    expect(metricsOnly(totals)).toEqual(metricsOnly(series[0] as Record<string, unknown>));
    // X counts impressions, likes, replies and reposts; it reports no reach and no public clicks.
    expect(totals.impressions).toBeGreaterThan(0);
    expect(totals.likes).toEqual(expect.any(Number));
    expect(totals.reach).toBeNull();
    expect(totals.clicks).toBeNull();
    expect(totals).toMatchObject({ syncedAt: first, failures: 0, removedAt: null });
    expect(totals.nextSyncAt).toEqual(nextReadingAt(publishedAt, first));
    expect(totals.nextSyncAt).toEqual(later(publishedAt, HOUR));

    const account = await accountOf(accountId);
    expect(account.followers).toBeGreaterThan(0);
    expect((await followersOn(accountId, utcDayOf(first)))?.followers).toBe(account.followers);
    expect(account.metricsSyncedAt).toEqual(first);
    const engagements = (totals.likes ?? 0) + (totals.comments ?? 0) + (totals.shares ?? 0);
    const rate = Math.round((engagements / (totals.impressions as number)) * 10_000) / 100;
    expect(account.engagementRate).toBeCloseTo(rate, 2);

    // Before the next reading time nothing is read again.
    const again = await runMetricsSync(t.ctx, { now: later(first, 20 * MIN), workspaceId });
    expect(again.postsRead).toBe(0);
    expect(await seriesOf(post.id)).toHaveLength(1);
    // At the next reading time it is.
    const second = await runMetricsSync(t.ctx, { now: later(publishedAt, HOUR), workspaceId });
    expect(second.postsRead).toBe(1);
    expect(await seriesOf(post.id)).toHaveLength(2);
    expect((await totalsOf(post.id)).nextSyncAt).toEqual(later(publishedAt, 3 * HOUR));
  });

  it('Instagram while its data lags: nulls stored, never 0, until a later reading fills them', async () => {
    const { post, publishedAt, workspaceId, cookie } = await publishedPost('instagram');
    const first = firstReadingAt(publishedAt);
    expect((await runMetricsSync(t.ctx, { now: first, workspaceId })).postsRead).toBe(1);
    const [lagging] = await seriesOf(post.id);
    expect(metricsOnly(lagging as Record<string, unknown>)).toEqual(notReportedMetrics);
    const totals = await totalsOf(post.id);
    expect(metricsOnly(totals)).toEqual(notReportedMetrics);
    expect(totals.syncedAt).toEqual(first);
    // What the dashboard shows: no reach counted, the post named as not reporting it.
    const stats = (await asUser(t.app, cookie).get('/api/user/dashboard/stats')).json<DashboardStats>();
    expect(stats).toMatchObject({ postsThisMonth: 1, reachThisMonth: 0, reachUnreportedPosts: 1 });

    await ageOnPlatform(post.externalId, 2 * HOUR);
    const next = nextReadingAt(publishedAt, first) as Date;
    expect((await runMetricsSync(t.ctx, { now: next, workspaceId })).postsRead).toBe(1);
    const filled = await totalsOf(post.id);
    // Instagram reports views (our impressions), reach, likes, comments and shares; no clicks.
    expect(filled.reach).toBeGreaterThan(0);
    expect(filled.impressions).toBeGreaterThan(0);
    expect(filled.likes).toEqual(expect.any(Number));
    expect(filled.clicks).toBeNull();
    expect(await seriesOf(post.id)).toHaveLength(2);
  });

  it('no data (an empty answer) after numbers: the series records nulls, the last known values stay', async () => {
    const { post, publishedAt, accountId, workspaceId } = await publishedPost('twitter');
    await ageOnPlatform(post.externalId, 5 * HOUR);
    const t1 = noonAfter(publishedAt);
    await runMetricsSync(t.ctx, { now: t1, workspaceId, includeNotDue: true });
    const known = await totalsOf(post.id);
    const followers = (await accountOf(accountId)).followers;
    expect(known.impressions).toBeGreaterThan(0);

    const { externalId } = await accountOf(accountId);
    await arm('twitter', externalId, 'no-data', 2);
    const t2 = later(t1, MIN);
    const report = await runMetricsSync(t.ctx, { now: t2, workspaceId, includeNotDue: true });
    expect(report).toMatchObject({ postsRead: 1, postsFailed: 0, followersRead: 1 });
    const series = await seriesOf(post.id);
    expect(series).toHaveLength(2);
    expect(metricsOnly(series[1] as Record<string, unknown>)).toEqual(notReportedMetrics);
    const kept = await totalsOf(post.id);
    expect(metricsOnly(kept)).toEqual(metricsOnly(known));
    expect(kept.syncedAt).toEqual(t2);
    // The day's follower count is not replaced by "not reported"; nor is the account's.
    expect((await followersOn(accountId, utcDayOf(t2)))?.followers).toBe(followers);
    expect((await accountOf(accountId)).followers).toBe(followers);
  });

  it('a rate limit on reads pauses the account until its reset, counts no failure, then reads', async () => {
    const { post, publishedAt, accountId, workspaceId } = await publishedPost('twitter');
    const { externalId } = await accountOf(accountId);
    await arm('twitter', externalId, 'rate-limit');
    const first = firstReadingAt(publishedAt);
    const limited = await runMetricsSync(t.ctx, { now: first, workspaceId });
    expect(limited).toMatchObject({ postsRead: 0, postsFailed: 0, accountsRead: 0, accountsSkipped: 1 });
    const paused = (await accountOf(accountId)).metricsPausedUntil as Date;
    // The simulator's reset is 15 minutes ahead (X sends it in whole seconds), from the run's clock.
    expect(paused.getTime() - first.getTime()).toBeGreaterThan(14 * MIN);
    expect(paused.getTime() - first.getTime()).toBeLessThanOrEqual(15 * MIN + 1000);
    expect(await totalsOf(post.id)).toMatchObject({ failures: 0, nextSyncAt: paused, syncedAt: null });

    // Before the reset no call reaches the platform: a fault armed now stays unused.
    await arm('twitter', externalId, 'rate-limit');
    const waiting = await runMetricsSync(t.ctx, { now: later(first, 5 * MIN), workspaceId });
    expect(waiting).toMatchObject({ postsRead: 0, accountsRead: 0, accountsSkipped: 1 });
    const armed = (
      await t.app.inject({ method: 'GET', url: '/sandbox/faults', headers: { cookie: session } })
    ).json<{
      faults: Array<{ account: { externalId: string }; remaining: number }>;
    }>();
    expect(armed.faults.filter((fault) => fault.account.externalId === externalId)).toEqual([
      expect.objectContaining({ remaining: 1 }),
    ]);

    await t.app.inject({
      method: 'DELETE',
      url: `/sandbox/faults?platform=twitter&account=${externalId}`,
      headers: { cookie: session },
    });
    const after = await runMetricsSync(t.ctx, { now: paused, workspaceId });
    expect(after).toMatchObject({ postsRead: 1, accountsRead: 1, accountsSkipped: 0 });
    expect(await totalsOf(post.id)).toMatchObject({ failures: 0, syncedAt: paused });
  });

  it('a post deleted at the platform: marked removed, its numbers kept, never read again', async () => {
    const { post, publishedAt, accountId, workspaceId } = await publishedPost('twitter');
    await ageOnPlatform(post.externalId, 4 * HOUR);
    const first = firstReadingAt(publishedAt);
    await runMetricsSync(t.ctx, { now: first, workspaceId });
    const known = await totalsOf(post.id);

    const x = t.ctx.socialProviders.twitter as XProvider;
    await x.deletePost(tokensOf(t.ctx, await accountOf(accountId)), post.externalId as string);
    const next = nextReadingAt(publishedAt, first) as Date;
    const report = await runMetricsSync(t.ctx, { now: next, workspaceId });
    expect(report).toMatchObject({ postsRead: 0, postsRemoved: 1, postsFailed: 0 });
    const removed = await totalsOf(post.id);
    expect(removed).toMatchObject({ removedAt: next, nextSyncAt: null });
    expect(metricsOnly(removed)).toEqual(metricsOnly(known));
    expect(await seriesOf(post.id)).toHaveLength(1);

    const refresh = await runMetricsSync(t.ctx, {
      now: later(next, 3 * HOUR),
      workspaceId,
      includeNotDue: true,
    });
    expect(refresh.postsRead + refresh.postsRemoved).toBe(0);
  });
});
