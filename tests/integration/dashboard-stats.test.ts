import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../src/contracts/analytics';
import type { CreditsResponse } from '../../src/contracts/credits';
import { loadDashboardStats } from '../../src/server/modules/analytics/dashboard-stats.service';
import {
  addMember,
  insertAnalyticsAccount,
  insertGenerationRun,
  insertPostWithStatus,
  insertPublishedPost,
  setWorkspacePlan,
} from '../factories/analytics';
import { type BillingMember, signUpMember } from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('dashboard stats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function statsOf(member: BillingMember, url = '/api/user/dashboard/stats'): Promise<DashboardStats> {
    const response = await asUser(t.app, member.cookie).get(url);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** Halfway between the start of this month in `zone` and now: this month, and within 30 days. */
  const earlierThisMonth = (zone = 'UTC') => {
    const start = DateTime.now().setZone(zone).startOf('month').toMillis();
    return new Date(start + (Date.now() - start) / 2);
  };

  it('shows a new account zeros, a null rate and its trial plan, never fallback numbers', async () => {
    const member = await signUpMember(t.app);
    const stats = await statsOf(member);
    expect(stats).toEqual({
      postsThisMonth: 0,
      totalEngagement: 0,
      scheduledPosts: 0,
      creditsUsed: 0,
      creditsTotal: 200,
      teamMembers: 1,
      campaignsActive: 0,
      avgEngagementRate: null,
      connectedAccounts: 0,
      reachThisMonth: 0,
      reachUnreportedPosts: 0,
      plan: { id: 'professional', name: 'Professional', status: 'trialing' },
      lastSyncedAt: null,
      sandbox: false,
    });
    expect(await statsOf(member, '/api/dashboard/stats')).toEqual(stats);
  });

  it("computes every number from the workspace's own posts, accounts, members and credits", async () => {
    const owner = await signUpMember(t.app);
    const ws = owner.workspaceId;
    await addMember(t, ws, 'editor');
    await addMember(t, ws, 'viewer');
    const accountSyncedAt = new Date(Date.now() - 3 * 60 * 60 * 1000);
    const postSyncedAt = new Date(Date.now() - 60 * 60 * 1000);
    const linkedIn = await insertAnalyticsAccount(t, ws, { platform: 'linkedin', sandbox: false });
    const x = await insertAnalyticsAccount(t, ws, {
      platform: 'twitter',
      sandbox: true,
      status: 'needs_reauth',
      metricsSyncedAt: accountSyncedAt,
    });

    const thisMonth = earlierThisMonth();
    // X: impressions, no reach: engagements 40 + 5 + 7 = 52 over 1000.
    await insertPublishedPost(t, ws, {
      platform: 'twitter',
      socialAccountId: x.id,
      publishedAt: thisMonth,
      metrics: { impressions: 1000, likes: 40, comments: 5, shares: 7 },
      syncedAt: postSyncedAt,
    });
    // LinkedIn: reach 500, engagements 20.
    await insertPublishedPost(t, ws, {
      platform: 'linkedin',
      socialAccountId: linkedIn.id,
      publishedAt: thisMonth,
      metrics: { reach: 500, likes: 20 },
      syncedAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
    });
    // Instagram answered an empty set: every metric null.
    await insertPublishedPost(t, ws, {
      platform: 'instagram',
      publishedAt: thisMonth,
      metrics: {},
      syncedAt: new Date(Date.now() - 4 * 60 * 60 * 1000),
    });
    // Published 60 days ago: counts in the all-time engagements only (100 + 10 = 110).
    await insertPublishedPost(t, ws, {
      platform: 'linkedin',
      socialAccountId: linkedIn.id,
      publishedAt: new Date(Date.now() - 60 * DAY),
      metrics: { reach: 4000, likes: 100, comments: 10 },
      syncedAt: new Date(Date.now() - 50 * DAY),
    });

    // Campaigns: G1 (two scheduled), group g2 (pending + approved), G4 (publishing) are active;
    // a draft's G3, a failed post's G5, and a post with no campaign do not count.
    const runs = await Promise.all(
      [3, 2, 1, 1].map((postCount) => insertGenerationRun(t, ws, { postCount })),
    );
    const [g1, g3, g4, g5] = runs.map((run) => run.id);
    const g2 = randomUUID();
    await insertPostWithStatus(t, ws, 'scheduled', { generationId: g1 });
    await insertPostWithStatus(t, ws, 'scheduled', { generationId: g1 });
    await insertPostWithStatus(t, ws, 'pending_approval', { groupId: g2 });
    await insertPostWithStatus(t, ws, 'approved', { groupId: g2 });
    await insertPostWithStatus(t, ws, 'publishing', { generationId: g4 });
    await insertPostWithStatus(t, ws, 'draft', { generationId: g3 });
    await insertPostWithStatus(t, ws, 'failed', { generationId: g5 });
    await insertPostWithStatus(t, ws, 'scheduled');
    // Credits from two months ago are not this month's.
    await insertGenerationRun(t, ws, { postCount: 5, createdAt: new Date(Date.now() - 65 * DAY) });

    // Another workspace's data is never counted.
    const stranger = await signUpMember(t.app);
    await insertPublishedPost(t, stranger.workspaceId, {
      publishedAt: thisMonth,
      metrics: { reach: 99_999, likes: 9_999 },
    });
    await insertPostWithStatus(t, stranger.workspaceId, 'scheduled', { generationId: g1 });
    await insertAnalyticsAccount(t, stranger.workspaceId);

    const credits: CreditsResponse = (await asUser(t.app, owner.cookie).get('/api/user/credits')).json();
    expect(credits).toMatchObject({ used: 7, limit: 200 }); // 3 + 2 + 1 + 1 this month

    expect(await statsOf(owner)).toEqual({
      postsThisMonth: 3,
      totalEngagement: 182, // 52 + 20 + 110; Instagram reported none
      scheduledPosts: 3,
      creditsUsed: 7,
      creditsTotal: 200,
      teamMembers: 3,
      campaignsActive: 3,
      avgEngagementRate: 4.8, // (52 + 20) / (1000 + 500)
      connectedAccounts: 2, // the one that needs reconnecting included
      reachThisMonth: 500,
      reachUnreportedPosts: 2, // X reports no reach; Instagram's reading was empty
      plan: { id: 'professional', name: 'Professional', status: 'trialing' },
      lastSyncedAt: postSyncedAt.toISOString(),
      sandbox: true,
    });
  });

  it('counts a post not read yet as published, with nothing reported', async () => {
    const member = await signUpMember(t.app);
    await insertPublishedPost(t, member.workspaceId, { publishedAt: earlierThisMonth(), withTotals: false });
    expect(await statsOf(member)).toMatchObject({
      postsThisMonth: 1,
      totalEngagement: 0,
      reachThisMonth: 0,
      reachUnreportedPosts: 1,
      avgEngagementRate: null,
      lastSyncedAt: null,
    });
  });

  it("counts this month in the user's time zone", async () => {
    const member = await signUpMember(t.app);
    const zone = 'America/New_York';
    const timezone = await asUser(t.app, member.cookie).put('/api/user/timezone', { timezone: zone });
    expect(timezone.statusCode).toBe(200);
    const monthStart = DateTime.now().setZone(zone).startOf('month');
    // 23:30 on the last day of last month in New York (already this month in UTC).
    await insertPublishedPost(t, member.workspaceId, {
      publishedAt: monthStart.minus({ minutes: 30 }).toJSDate(),
      metrics: { reach: 100 },
    });
    await insertPublishedPost(t, member.workspaceId, {
      publishedAt: earlierThisMonth(zone),
      metrics: { reach: 10 },
    });
    expect(await statsOf(member)).toMatchObject({ postsThisMonth: 1, reachThisMonth: 10 });
  });

  it('puts a month boundary where the zone puts it (fixed clock)', async () => {
    const member = await signUpMember(t.app);
    // 2026-02-28 23:30 in New York (EST, UTC-5) is 2026-03-01 04:30 UTC.
    await insertPublishedPost(t, member.workspaceId, {
      publishedAt: new Date('2026-03-01T04:30:00Z'),
      metrics: { reach: 100, likes: 10 },
    });
    // 2026-03-01 00:30 in New York.
    await insertPublishedPost(t, member.workspaceId, {
      publishedAt: new Date('2026-03-01T05:30:00Z'),
      metrics: { reach: 10, likes: 2 },
    });
    const now = new Date('2026-03-15T12:00:00Z');
    const db = t.ctx.database.db;
    const newYork = await loadDashboardStats(
      db,
      { workspaceId: member.workspaceId, userTimeZone: 'America/New_York' },
      now,
    );
    expect(newYork).toMatchObject({ postsThisMonth: 1, reachThisMonth: 10, reachUnreportedPosts: 0 });
    const utc = await loadDashboardStats(db, { workspaceId: member.workspaceId, userTimeZone: null }, now);
    expect(utc).toMatchObject({ postsThisMonth: 2, reachThisMonth: 110 });
    // Both are within the last 30 days: (10 + 2) / (100 + 10) = 10.909… %.
    expect(utc.avgEngagementRate).toBe(10.91);
    expect(newYork.avgEngagementRate).toBe(10.91);
    // 31 days later neither is within 30 days any more.
    const later = await loadDashboardStats(
      db,
      { workspaceId: member.workspaceId, userTimeZone: null },
      new Date('2026-04-01T06:00:00Z'),
    );
    expect(later).toMatchObject({ postsThisMonth: 0, avgEngagementRate: null, totalEngagement: 12 });
  });

  it('answers every plan (no analytics gate), with its real plan and allowance', async () => {
    const free = await signUpMember(t.app);
    await setWorkspacePlan(t, free.workspaceId, 'free');
    expect(await statsOf(free)).toMatchObject({
      plan: { id: 'free', name: 'Free', status: 'active' },
      creditsTotal: 10,
    });
    const enterprise = await signUpMember(t.app);
    await setWorkspacePlan(t, enterprise.workspaceId, 'enterprise');
    expect(await statsOf(enterprise, '/api/dashboard/stats')).toMatchObject({
      plan: { id: 'enterprise', name: 'Enterprise', status: 'active' },
      creditsTotal: null,
    });
  });

  it('needs a session', async () => {
    for (const url of ['/api/user/dashboard/stats', '/api/dashboard/stats']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized', message: 'Please sign in.' } });
    }
  });
});
