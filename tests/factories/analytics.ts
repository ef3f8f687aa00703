import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { notReportedMetrics, type PostMetricValues } from '../../src/contracts/analytics';
import type { WorkspaceRole } from '../../src/contracts/auth';
import type { PlanId, SubscriptionStatus } from '../../src/contracts/plans';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import type { PostStatus } from '../../src/contracts/posts';
import {
  accountMetrics,
  activity,
  generations,
  postMetricTotals,
  posts,
  socialAccounts,
  workspaceMembers,
  workspaces,
} from '../../src/server/db/schema';
import type { TestApp } from '../setup/app';
import { signUp } from './users';

/*
 * Analytics fixtures, written straight to the tables: published posts with their latest reading
 * (post_metric_totals), follower readings, posts in any status, generations, members, activity.
 * Every metric not given is null ("not reported"), never 0.
 */

/** A connected account with the names given (sandbox unless said otherwise). */
export async function insertAnalyticsAccount(
  t: TestApp,
  workspaceId: string,
  options: Partial<{
    platform: PublishingPlatform;
    username: string;
    displayName: string;
    sandbox: boolean;
    status: 'connected' | 'needs_reauth';
    connectedAt: Date;
    metricsSyncedAt: Date | null;
  }> = {},
) {
  const handle = options.username ?? `shop_${randomBytes(4).toString('hex')}`;
  const [row] = await t.ctx.database.db
    .insert(socialAccounts)
    .values({
      workspaceId,
      platform: options.platform ?? 'linkedin',
      externalId: String(randomBytes(4).readUInt32BE()),
      username: handle,
      displayName: options.displayName ?? handle,
      status: options.status ?? 'connected',
      accessTokenEncrypted: t.ctx.tokenCipher.encrypt(`access-${handle}`),
      tokenExpiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
      sandbox: options.sandbox ?? true,
      metricsSyncedAt: options.metricsSyncedAt ?? null,
      ...(options.connectedAt ? { connectedAt: options.connectedAt } : {}),
    })
    .returning();
  if (!row) throw new Error('account insert returned no row');
  return row;
}

export interface PublishedPostOptions {
  platform: PublishingPlatform;
  socialAccountId: string | null;
  publishedAt: Date;
  content: string;
  hashtags: string[];
  externalUrl: string | null;
  generationId: string | null;
  groupId: string | null;
  /** The latest reading; metrics left out are null. */
  metrics: Partial<PostMetricValues>;
  /** When the reading was taken; default: now when metrics are given, else null (not read yet). */
  syncedAt: Date | null;
  removedAt: Date | null;
  /** false: no post_metric_totals row at all (a post published before metrics were tracked). */
  withTotals: boolean;
}

/** A published post and its post_metric_totals row (the latest reading the sums use). */
export async function insertPublishedPost(
  t: TestApp,
  workspaceId: string,
  options: Partial<PublishedPostOptions> = {},
) {
  const db = t.ctx.database.db;
  const platform = options.platform ?? 'linkedin';
  const publishedAt = options.publishedAt ?? new Date(Date.now() - 60 * 60 * 1000);
  const externalId = String(randomBytes(6).readUIntBE(0, 6));
  const [post] = await db
    .insert(posts)
    .values({
      workspaceId,
      platform,
      content: options.content ?? `Published post ${randomBytes(4).toString('hex')}`,
      hashtags: options.hashtags ?? [],
      status: 'published',
      scheduledAt: publishedAt,
      publishedAt,
      socialAccountId: options.socialAccountId ?? null,
      externalId,
      externalUrl:
        options.externalUrl === undefined ? `https://platform.test/p/${externalId}` : options.externalUrl,
      generationId: options.generationId ?? null,
      groupId: options.groupId ?? null,
      publishVersion: 1,
    })
    .returning();
  if (!post) throw new Error('post insert returned no row');
  if (options.withTotals !== false) {
    await db.insert(postMetricTotals).values({
      postId: post.id,
      workspaceId,
      socialAccountId: options.socialAccountId ?? null,
      platform,
      externalId,
      publishedAt,
      ...notReportedMetrics,
      ...options.metrics,
      syncedAt: options.syncedAt !== undefined ? options.syncedAt : options.metrics ? new Date() : null,
      removedAt: options.removedAt ?? null,
    });
  }
  return post;
}

/** A post in any status (scheduled ones get a time), e.g. to count scheduled posts and campaigns. */
export async function insertPostWithStatus(
  t: TestApp,
  workspaceId: string,
  status: Exclude<PostStatus, 'published'>,
  options: Partial<{
    platform: PublishingPlatform;
    generationId: string | null;
    groupId: string | null;
    scheduledAt: Date;
    socialAccountId: string | null;
    content: string;
  }> = {},
) {
  const [row] = await t.ctx.database.db
    .insert(posts)
    .values({
      workspaceId,
      platform: options.platform ?? 'linkedin',
      content: options.content ?? `A ${status} post ${randomBytes(4).toString('hex')}`,
      status,
      scheduledAt:
        options.scheduledAt ?? (status === 'draft' ? null : new Date(Date.now() + 24 * 60 * 60 * 1000)),
      generationId: options.generationId ?? null,
      groupId: options.groupId ?? null,
      socialAccountId: options.socialAccountId ?? null,
    })
    .returning();
  if (!row) throw new Error('post insert returned no row');
  return row;
}

/** A generator run (one credit per post), by default now. */
export async function insertGenerationRun(
  t: TestApp,
  workspaceId: string,
  options: Partial<{ postCount: number; createdAt: Date; userId: string | null }> = {},
) {
  const [row] = await t.ctx.database.db
    .insert(generations)
    .values({
      workspaceId,
      userId: options.userId ?? null,
      generator: 'offline composer',
      postCount: options.postCount ?? 3,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  if (!row) throw new Error('generation insert returned no row');
  return row;
}

/** An account's followers on a UTC day (YYYY-MM-DD); null: the platform did not say. */
export async function insertFollowerReading(
  t: TestApp,
  input: { workspaceId: string; socialAccountId: string; day: string; followers: number | null },
) {
  await t.ctx.database.db.insert(accountMetrics).values({
    workspaceId: input.workspaceId,
    socialAccountId: input.socialAccountId,
    day: input.day,
    followers: input.followers,
    capturedAt: new Date(`${input.day}T12:00:00Z`),
  });
}

/** A new user who joins the workspace with `role` (their only workspace from then on). */
export async function addMember(
  t: TestApp,
  workspaceId: string,
  role: Exclude<WorkspaceRole, 'owner'> = 'editor',
  names: Partial<{ firstName: string; lastName: string }> = {},
) {
  const member = await signUp(t.app, names);
  const db = t.ctx.database.db;
  await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, member.user.id));
  await db.insert(workspaceMembers).values({ workspaceId, userId: member.user.id, role });
  return member;
}

/** Puts the workspace on `plan` (e.g. 'free' after a trial), without going through billing. */
export async function setWorkspacePlan(
  t: TestApp,
  workspaceId: string,
  plan: PlanId,
  status: SubscriptionStatus = 'active',
) {
  await t.ctx.database.db
    .update(workspaces)
    .set({ plan, subscriptionStatus: status, trialEndsAt: null })
    .where(eq(workspaces.id, workspaceId));
}

/** A feed entry at a given time (actor null: Kitepost itself). */
export async function insertActivityEntry(
  t: TestApp,
  input: { workspaceId: string; actorUserId: string | null; kind: string; summary: string; createdAt: Date },
) {
  const [row] = await t.ctx.database.db.insert(activity).values(input).returning();
  if (!row) throw new Error('activity insert returned no row');
  return row;
}
