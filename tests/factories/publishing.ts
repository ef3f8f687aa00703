import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import { notReportedMetrics, type PostMetricValues } from '../../src/contracts/analytics';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import type { PostStatus } from '../../src/contracts/posts';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { openPostgres } from '../../src/server/db/client';
import { activity, notifications, posts, socialAccounts, workspaceMembers } from '../../src/server/db/schema';
import type { SocialProviders } from '../../src/server/integrations/social/providers';
import {
  type PublishedPost,
  type PublishInput,
  type SocialProvider,
  type TokenSet,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import type { Jobs } from '../../src/server/jobs/boss';
import { PUBLISH_POST_JOB } from '../../src/server/modules/publishing/publish-queue';
import { listPublishAttempts, type PostRow } from '../../src/server/modules/publishing/publishing.repository';
import type { TestApp } from '../setup/app';
import { signUpConfirmed } from './mail';

/*
 * Publishing tests: a scripted platform (what each publish call does, and what the platform then
 * holds), and the rows of a workspace with an account and scheduled posts, written directly.
 */

/** What one publish call does: publish, fail with an error, or create the post and lose the answer. */
export type PublishStep = 'publish' | 'create-then-lose-answer' | Error;

export interface ScriptedPlatform extends SocialProvider {
  /** Calls whose text contains `marker` take these steps in order, then publish. */
  plan(marker: string, ...steps: PublishStep[]): void;
  /** How `findPublished` behaves: answers from the pretend platform, throws, or is not offered. */
  setFinder(mode: 'answers' | 'throws' | 'absent'): void;
  /** Every publish call, in order. */
  readonly calls: Array<{ text: string; account: string }>;
  /** What each publish call was given, in order (post type, link card, media). */
  readonly inputs: PublishInput[];
  /** What the pretend platform holds. */
  readonly posts: Array<{ externalId: string; text: string; account: string }>;
  /** Replies (thread posts, first comments) it holds, each with the id it answers. */
  readonly replies: Array<{ externalId: string; parent: string; text: string; mediaCount: number }>;
  /** Refresh calls; answers the next of `refreshResults` (a token set or an error), else a fresh set. */
  readonly refreshes: string[];
  refreshResults: Array<TokenSet | Error>;
  /** Milliseconds each publish call waits before it acts (to hold posts in flight). */
  delayMs: number;
  /**
   * What readPostMetrics answers per external id: a reading, or 'missing' (deleted at the
   * platform). An id not set reads as reported-nothing (every metric null).
   */
  readonly postMetrics: Map<string, PostMetricValues | 'missing'>;
  /** What readFollowers answers (per account external id; `followersDefault` otherwise). */
  readonly followers: Map<string, number | null>;
  followersDefault: number | null;
  /** The next metric reads (readPostMetrics and readFollowers alike) throw these, in order. */
  readFailures: Error[];
  /** Every metric read, in order. */
  readonly reads: Array<{
    kind: 'posts' | 'followers';
    account: string;
    externalIds: string[];
    reels?: string[];
  }>;
}

export function scriptedPlatform(platform: PublishingPlatform = 'twitter'): ScriptedPlatform {
  const plans = new Map<string, PublishStep[]>();
  const calls: ScriptedPlatform['calls'] = [];
  const held: ScriptedPlatform['posts'] = [];
  const replies: ScriptedPlatform['replies'] = [];
  const inputs: PublishInput[] = [];
  const refreshes: string[] = [];
  const create = (input: PublishInput): PublishedPost => {
    const externalId = String(1_000_000 + held.length + Math.floor(Math.random() * 1000) * 10_000);
    held.push({ externalId, text: input.text, account: input.account.externalId });
    return { externalId, url: `https://platform.test/${input.account.username}/${externalId}` };
  };
  const findPublished: NonNullable<SocialProvider['findPublished']> = async (_tokens, input) => {
    if (finder === 'throws') throw new Error('search is down');
    const found = held.find((post) => post.text === input.text && post.account === input.account.externalId);
    return found ? { externalId: found.externalId, url: `https://platform.test/${found.externalId}` } : null;
  };
  let finder: 'answers' | 'throws' | 'absent' = 'answers';
  const provider: ScriptedPlatform = {
    platform,
    sandbox: true,
    usesPkce: false,
    calls,
    posts: held,
    replies,
    inputs,
    refreshes,
    refreshResults: [],
    delayMs: 0,
    postMetrics: new Map(),
    followers: new Map(),
    followersDefault: null,
    readFailures: [],
    reads: [],
    authorizeUrl: () => 'https://platform.test/authorize',
    exchangeCode: async () => {
      throw new Error('not scripted');
    },
    async refreshTokens(tokens) {
      refreshes.push(tokens.accessToken);
      const next = provider.refreshResults.shift();
      if (next instanceof Error) throw next;
      return (
        next ?? {
          accessToken: `fresh-${randomBytes(4).toString('hex')}`,
          refreshToken: `refresh-${randomBytes(4).toString('hex')}`,
          expiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
          refreshExpiresAt: null,
          scopes: tokens.scopes,
        }
      );
    },
    listAccounts: async () => [],
    revoke: async () => {},
    async publish(_tokens, input) {
      calls.push({ text: input.text, account: input.account.externalId });
      inputs.push(input);
      if (provider.delayMs > 0) await sleep(provider.delayMs);
      const key = [...plans.keys()].find((marker) => input.text.includes(marker));
      const step = key ? plans.get(key)?.shift() : undefined;
      if (step instanceof Error) throw step;
      if (step === 'create-then-lose-answer') {
        create(input);
        throw new UnknownOutcomeError(platform, 'The connection dropped after the request was sent.');
      }
      return create(input);
    },
    findPublished,
    async publishReply(_tokens, input) {
      calls.push({ text: input.text, account: input.account.externalId });
      const key = [...plans.keys()].find((marker) => input.text.includes(marker));
      const step = key ? plans.get(key)?.shift() : undefined;
      if (step instanceof Error) throw step;
      const externalId = String(5_000_000 + replies.length);
      if (step === 'create-then-lose-answer') {
        replies.push({
          externalId,
          parent: input.parentExternalId,
          text: input.text,
          mediaCount: input.media.length,
        });
        throw new UnknownOutcomeError(platform, 'The connection dropped after the request was sent.');
      }
      replies.push({
        externalId,
        parent: input.parentExternalId,
        text: input.text,
        mediaCount: input.media.length,
      });
      return { externalId, url: `https://platform.test/${input.account.username}/${externalId}` };
    },
    async readPostMetrics(_tokens, { account, externalIds, reels }) {
      provider.reads.push({
        kind: 'posts',
        account: account.externalId,
        externalIds: [...externalIds],
        ...(reels?.length ? { reels: [...reels] } : {}),
      });
      const failure = provider.readFailures.shift();
      if (failure) throw failure;
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (const externalId of externalIds) {
        const scripted = provider.postMetrics.get(externalId) ?? notReportedMetrics;
        if (scripted === 'missing') result.missing.push(externalId);
        else result.metrics.push({ externalId, ...scripted });
      }
      return result;
    },
    async readFollowers(_tokens, account) {
      provider.reads.push({ kind: 'followers', account: account.externalId, externalIds: [] });
      const failure = provider.readFailures.shift();
      if (failure) throw failure;
      const scripted = provider.followers.get(account.externalId);
      return scripted === undefined ? provider.followersDefault : scripted;
    },
    plan(marker, ...steps) {
      plans.set(marker, steps);
    },
    setFinder(mode) {
      finder = mode;
      if (mode === 'absent') delete provider.findPublished;
      else provider.findPublished = findPublished;
    },
  };
  return provider;
}

/** A signed-up user's workspace. */
/** A new user's workspace; the user confirmed their email (they may invite and get reports). */
export async function newWorkspace(t: TestApp) {
  const user = await signUpConfirmed(t);
  const [member] = await t.ctx.database.db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, user.user.id));
  if (!member) throw new Error('the new user has no workspace');
  return { ...user, workspaceId: member.workspaceId };
}

/** A connected account, tokens sealed as the app stores them. */
export async function insertAccount(
  t: TestApp,
  workspaceId: string,
  options: Partial<{
    platform: PublishingPlatform;
    status: 'connected' | 'needs_reauth';
    tokenExpiresAt: Date | null;
    refreshToken: string | null;
  }> = {},
) {
  const handle = `shop_${randomBytes(4).toString('hex')}`;
  const [row] = await t.ctx.database.db
    .insert(socialAccounts)
    .values({
      workspaceId,
      platform: options.platform ?? 'twitter',
      externalId: String(randomBytes(4).readUInt32BE()),
      username: handle,
      displayName: handle,
      status: options.status ?? 'connected',
      accessTokenEncrypted: t.ctx.tokenCipher.encrypt(`access-${handle}`),
      refreshTokenEncrypted:
        options.refreshToken === null
          ? null
          : t.ctx.tokenCipher.encrypt(options.refreshToken ?? `refresh-${handle}`),
      tokenExpiresAt:
        options.tokenExpiresAt === undefined
          ? new Date(Date.now() + 2 * 60 * 60 * 1000)
          : options.tokenExpiresAt,
      sandbox: true,
    })
    .returning();
  if (!row) throw new Error('account insert returned no row');
  return row;
}

/** A post already scheduled (version 1), as the posts service leaves it; no job is queued. */
export async function insertScheduledPost(
  t: TestApp,
  workspaceId: string,
  options: Partial<{
    platform: PublishingPlatform;
    content: string;
    hashtags: string[];
    socialAccountId: string | null;
    scheduledAt: Date;
    postType: PostRow['postType'];
    firstComment: string | null;
    thread: PostRow['thread'];
  }> = {},
) {
  const [row] = await t.ctx.database.db
    .insert(posts)
    .values({
      workspaceId,
      platform: options.platform ?? 'twitter',
      content: options.content ?? `Fresh sourdough at 7, batch ${randomBytes(4).toString('hex')}`,
      hashtags: options.hashtags ?? [],
      status: 'scheduled',
      scheduledAt: options.scheduledAt ?? new Date(Date.now() - 1000),
      socialAccountId: options.socialAccountId ?? null,
      publishVersion: 1,
      postType: options.postType ?? 'post',
      firstComment: options.firstComment ?? null,
      firstCommentStatus: options.firstComment ? 'pending' : null,
      thread: options.thread ?? [],
    })
    .returning();
  if (!row) throw new Error('post insert returned no row');
  return row;
}

export async function postRow(t: TestApp, id: string) {
  const [row] = await t.ctx.database.db.select().from(posts).where(eq(posts.id, id));
  if (!row) throw new Error(`no post ${id}`);
  return row;
}

export const attemptsOf = (t: TestApp, postId: string) => listPublishAttempts(t.ctx.database.db, postId);

export async function notificationsOf(t: TestApp, workspaceId: string) {
  return t.ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.workspaceId, workspaceId))
    .orderBy(desc(notifications.createdAt));
}

export async function feedOf(t: TestApp, workspaceId: string, kind: string) {
  return t.ctx.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.workspaceId, workspaceId), eq(activity.kind, kind)));
}

/** The publish jobs pg-boss holds for a post, oldest first. */
export async function publishJobsOf(t: TestApp, postId: string) {
  const result = await t.ctx.database.db.execute(
    sql`select id::text as id, state::text as state, (data->>'version')::int as version, start_after as "startAfter"
        from pgboss.job where name = ${PUBLISH_POST_JOB} and data->>'postId' = ${postId} order by created_on`,
  );
  return (
    result as unknown as {
      rows: Array<{ id: string; state: string; version: number; startAfter: string | Date }>;
    }
  ).rows.map((row) => ({ ...row, version: Number(row.version), startAfter: new Date(row.startAfter) }));
}

/** Waits until every post has left `scheduled`/`publishing`, or fails after `timeoutMs`. */
export async function waitUntilSettled(t: TestApp, ids: string[], timeoutMs = 20_000): Promise<PostStatus[]> {
  const began = Date.now();
  for (;;) {
    const rows = await Promise.all(ids.map((id) => postRow(t, id)));
    if (rows.every((row) => row.status !== 'scheduled' && row.status !== 'publishing')) {
      return rows.map((row) => row.status);
    }
    if (Date.now() - began > timeoutMs) {
      throw new Error(
        `posts still pending after ${timeoutMs} ms: ${rows.map((row) => row.status).join(', ')}`,
      );
    }
    await sleep(100);
  }
}

/**
 * Another app process on the same PostgreSQL database as `t` (its own pool, job queue and
 * workers), as a second `--role=worker` process would be.
 */
export async function buildAppOnSameDatabase(
  t: TestApp,
  options: { socialProviders?: Partial<SocialProviders> } = {},
): Promise<{ ctx: AppContext; jobs: Jobs; close(): Promise<void> }> {
  const url = (t.ctx.database as { url?: string }).url;
  if (!url) throw new Error('a second app needs the PostgreSQL database of the first');
  const database = await openPostgres(url, 4);
  const { app, ctx, jobs } = await buildApp(t.config, { database, role: 'all', ...options });
  await app.ready();
  return {
    ctx,
    jobs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs the app's job handlers, as main.ts does in a worker process. */
export async function startWorkers(target: { ctx: AppContext; jobs: Jobs }) {
  await target.jobs.startWorkers({
    database: target.ctx.database,
    log: target.ctx.log,
    app: target.ctx,
  });
}
