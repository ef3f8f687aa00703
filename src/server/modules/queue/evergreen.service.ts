import { randomInt } from 'node:crypto';
import {
  defaultEvergreenSettings,
  type EvergreenSettings,
  type EvergreenSettingsResponse,
} from '../../../contracts/evergreen';
import { generationRequest } from '../../../contracts/generation';
import { planIds, schedulingByPlan } from '../../../contracts/plans';
import type { Post } from '../../../contracts/posts';
import { defaultUserPreferences } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AiGenerationError } from '../../integrations/ai/ai-provider';
import { AppError } from '../../lib/app-error';
import { checkBrand, loadBrandKit } from '../brand-kit';
import { refundCredits, reserveCredits, settleCredits } from '../credits';
import { requireScheduling } from '../plans';
import { type PostActor, requirePost, toPost } from '../posts';
import { getUserSettings } from '../settings';
import {
  claimEvergreenCopy,
  countEvergreenPosts,
  deleteEvergreenCopy,
  findEvergreenSchedule,
  findRecyclingAuthor,
  findWorkspaceAccount,
  isQueueDry,
  listFamilyTexts,
  listRecyclingAccounts,
  type PostRow,
  pickEvergreenPost,
  type RecyclingAccount,
  setPostEvergreen,
  updateEvergreenSchedule,
} from './evergreen.repository';
import { addToQueue } from './queue-take';

/*
 * Evergreen recycling (issue 25 deliver 3, decision 072): when an account's queue runs dry, the
 * evergreen post of the account that went out longest ago, and not within the account's minimum
 * gap, is copied and queued in the next free slot; optionally with its text rewritten by the AI
 * writer, so that no copy repeats an earlier text (X refuses identical text).
 */

/** A queue is dry when nothing of the account goes out within this much time from now. */
export const DRY_WINDOW_HOURS = 48;
/** Attempts at a rewrite that differs from every earlier text before the post is skipped. */
const REWRITE_ATTEMPTS = 3;
const DAY_MS = 86_400_000;

const plansWithRecycling = planIds.filter((id) => schedulingByPlan[id].evergreenRecycling);

async function requireAccount(db: Db, workspaceId: string, accountId: string) {
  const account = await findWorkspaceAccount(db, workspaceId, accountId);
  if (!account) throw new AppError('not_found', 'Account not found');
  return account;
}

/** GET /api/queue/evergreen: the account's setting (the defaults before it has a schedule). */
export async function getEvergreenSettings(
  db: Db,
  actor: PostActor,
  accountId: string,
): Promise<EvergreenSettingsResponse> {
  await requireAccount(db, actor.workspaceId, accountId);
  const settings =
    (await findEvergreenSchedule(db, actor.workspaceId, accountId)) ?? defaultEvergreenSettings;
  const evergreenPosts = await countEvergreenPosts(db, actor.workspaceId, accountId);
  return { accountId, ...settings, evergreenPosts };
}

/**
 * PUT /api/queue/evergreen. Recycling fills the account's queue, so the account needs its posting
 * schedule first (the queue's time slots): without one this is a 409 saying so.
 */
export async function saveEvergreenSettings(
  db: Db,
  actor: PostActor,
  accountId: string,
  settings: EvergreenSettings,
): Promise<EvergreenSettingsResponse> {
  await requireScheduling(db, actor.workspaceId, 'evergreenRecycling');
  await requireAccount(db, actor.workspaceId, accountId);
  const saved = await updateEvergreenSchedule(db, actor.workspaceId, accountId, settings);
  if (!saved) {
    throw new AppError(
      'conflict',
      "Set this account's posting times in its queue first, then turn recycling on.",
    );
  }
  const evergreenPosts = await countEvergreenPosts(db, actor.workspaceId, accountId);
  return { accountId, ...saved, evergreenPosts };
}

/**
 * PUT /api/posts/:id/evergreen: marks or unmarks a post, whatever its status (a published post is
 * the usual one to mark). A recycled copy is not marked (409): its original is.
 */
export async function markPostEvergreen(
  db: Db,
  actor: PostActor,
  id: string,
  evergreen: boolean,
): Promise<Post> {
  if (evergreen) await requireScheduling(db, actor.workspaceId, 'evergreenRecycling');
  const current = await requirePost(db, actor, id);
  if (current.recycledFromPostId) {
    throw new AppError('conflict', 'This post is a recycled copy: mark its original as evergreen instead.');
  }
  await setPostEvergreen(db, actor.workspaceId, id, evergreen);
  // Read again through the posts module: its answer carries the post's series too.
  return toPost(await requirePost(db, actor, id));
}

export type RecycleOutcome =
  | { accountId: string; result: 'queued'; postId: string; copyId: string }
  | { accountId: string; result: 'skipped'; reason: string; postId?: string };

export type RecycleWork = Pick<AppContext, 'database' | 'jobs' | 'mail' | 'config' | 'log' | 'ai'>;

/**
 * One run of the recycler over every account with recycling on: each dry queue gets at most one
 * copy. Safe to run concurrently and again (claimEvergreenCopy).
 */
export async function runEvergreenRecycling(ctx: RecycleWork, now = new Date()): Promise<RecycleOutcome[]> {
  const accounts = await listRecyclingAccounts(ctx.database.db, plansWithRecycling);
  const outcomes: RecycleOutcome[] = [];
  for (const account of accounts) {
    try {
      const outcome = await recycleForAccount(ctx, account, now);
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      // One account's trouble never stops the others'.
      ctx.log.error(
        { err: error, accountId: account.accountId },
        'evergreen recycling failed for an account',
      );
      outcomes.push({ accountId: account.accountId, result: 'skipped', reason: 'error' });
    }
  }
  for (const outcome of outcomes) {
    ctx.log.info({ job: 'evergreen-recycle', ...outcome }, `evergreen recycling: ${outcome.result}`);
  }
  return outcomes;
}

/** Undefined when the queue is not dry or nothing is due for recycling (the usual, quiet case). */
async function recycleForAccount(
  ctx: RecycleWork,
  account: RecyclingAccount,
  now: Date,
): Promise<RecycleOutcome | undefined> {
  const db = ctx.database.db;
  const until = new Date(now.getTime() + DRY_WINDOW_HOURS * 3_600_000);
  const lastOutBefore = new Date(now.getTime() - account.minGapDays * DAY_MS);
  if (!(await isQueueDry(db, account.accountId, now, until))) return undefined;
  const original = await pickEvergreenPost(db, { ...account, lastOutBefore, now });
  if (!original) return undefined;
  const skip = (reason: string): RecycleOutcome => ({
    accountId: account.accountId,
    result: 'skipped',
    reason,
    postId: original.id,
  });
  const userId = await findRecyclingAuthor(db, account.workspaceId, original.createdByUserId);
  if (!userId) return skip('the workspace has no member to queue the copy as');

  const written: Rewrite = account.rewrite
    ? await rewriteText(ctx, original, userId)
    : { content: original.content, reservation: null };
  if ('skipped' in written) return skip(written.skipped);
  const kit = await loadBrandKit(db, account.workspaceId);
  const copy = await claimEvergreenCopy(db, {
    ...account,
    originalId: original.id,
    now,
    until,
    lastOutBefore,
    copy: copyOf(original, written.content, userId, kit),
  });
  if (!copy) {
    if (written.reservation) await refundCredits(db, written.reservation);
    return skip('another run recycled for this account first');
  }
  try {
    // An editor's hand: with approvals on, the copy waits for an approver like any editor's post.
    await addToQueue(ctx, { workspaceId: account.workspaceId, userId, role: 'editor' }, copy.id);
  } catch (error) {
    await deleteEvergreenCopy(db, account.workspaceId, copy.id);
    if (written.reservation) await refundCredits(db, written.reservation);
    const reason = error instanceof AppError ? error.message : 'the copy could not be queued';
    if (!(error instanceof AppError))
      ctx.log.error({ err: error, postId: original.id }, 'evergreen queueing failed');
    return skip(reason);
  }
  if (written.reservation) await settleCredits(db, written.reservation, 1);
  return { accountId: account.accountId, result: 'queued', postId: original.id, copyId: copy.id };
}

/**
 * The copy: the original's text (or its rewrite), hashtags, media with alt texts, type, title,
 * first comment and thread, with a state and metrics of its own.
 */
function copyOf(
  original: PostRow,
  content: string,
  userId: string,
  kit: Awaited<ReturnType<typeof loadBrandKit>>,
): Parameters<typeof claimEvergreenCopy>[1]['copy'] {
  return {
    createdByUserId: userId,
    platform: original.platform,
    content,
    hashtags: original.hashtags,
    tone: original.tone,
    contentType: original.contentType,
    suggestedImagePrompt: original.suggestedImagePrompt,
    bestTimeToPost: original.bestTimeToPost,
    estimatedReach: original.estimatedReach,
    status: 'draft',
    socialAccountId: original.socialAccountId,
    mediaIds: original.mediaIds,
    altTexts: original.altTexts,
    postType: original.postType,
    title: original.title,
    platformOptions: original.platformOptions,
    firstComment: original.firstComment,
    thread: original.thread.map((item) => ({
      content: item.content,
      mediaIds: item.mediaIds,
      status: 'pending' as const,
      externalId: null,
      url: null,
      error: null,
    })),
    brandFindings: checkBrand(kit, { content, hashtags: original.hashtags }),
    recycledFromPostId: original.id,
  };
}

/** Compared without case and spacing: X treats those as the same text. */
const normalized = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

type Rewrite =
  | { content: string; reservation: Awaited<ReturnType<typeof reserveCredits>> | null }
  | { skipped: string };

/**
 * A variant of the original's text from the configured AI writer (the offline composer by
 * default), differing from every text of its family. One AI credit is charged, as for a
 * generated post; none when no variant comes of it.
 */
async function rewriteText(ctx: RecycleWork, original: PostRow, userId: string): Promise<Rewrite> {
  const db = ctx.database.db;
  const earlier = await listFamilyTexts(db, original.id);
  const used = new Set(earlier.map(normalized));
  let reservation: Awaited<ReturnType<typeof reserveCredits>>;
  try {
    reservation = await reserveCredits(db, {
      workspaceId: original.workspaceId,
      userId,
      requested: 1,
      generator: ctx.ai.name,
    });
  } catch (error) {
    if (error instanceof AppError) return { skipped: `no rewrite: ${error.message}` };
    throw error;
  }
  const brandKit = await loadBrandKit(db, original.workspaceId);
  const { contentLanguage: language } = await getUserSettings(db, userId).catch(() => defaultUserPreferences);
  const request = generationRequest.parse({
    campaignDescription: original.content.slice(0, 2000),
    ...(original.contentType ? { contentType: original.contentType } : {}),
    ...(original.tone ? { tone: original.tone } : {}),
    platforms: [original.platform],
    previousPosts: earlier.slice(-30).map((text) => text.slice(0, 4000)),
  });
  try {
    for (let attempt = 0; attempt < REWRITE_ATTEMPTS; attempt += 1) {
      const [idea] = await ctx.ai.generateIdeas({
        request,
        slots: [original.platform],
        brandKit,
        language,
        seed: randomInt(2 ** 31),
      });
      if (idea?.content.trim() && !used.has(normalized(idea.content))) {
        return { content: idea.content, reservation };
      }
    }
  } catch (error) {
    await refundCredits(db, reservation);
    if (error instanceof AiGenerationError) return { skipped: `no rewrite: ${error.message}` };
    throw error;
  }
  await refundCredits(db, reservation);
  return { skipped: `no rewrite differing from the ${earlier.length} earlier texts` };
}
