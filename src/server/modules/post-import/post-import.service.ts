import {
  type ImportResponse,
  type ImportRowResult,
  importMessages,
  MAX_IMPORT_MEDIA_URLS,
} from '../../../contracts/post-import';
import type { AppContext } from '../../context';
import { socialAccounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accountOverPlanLimitReason, requireScheduling } from '../plans';
import { composePosts, type PostWriter } from '../posts';
import { addToQueue, findQueueSchedule, queueMessages, requireQueueWithinPlan } from '../queue';
import { listSocialAccountColumns } from '../social-accounts';
import { listNearbyPosts } from './post-import.repository';
import { importTemplateCsv, readImportSheet } from './post-import-csv';
import { storeRowMedia } from './post-import-media';
import {
  accountLabel,
  type CheckedRow,
  checkRow,
  duplicateSpan,
  type ImportAccount,
  markDuplicates,
} from './post-import-rows';

/*
 * Bulk CSV import (issue 25): every row is read and checked as the composer's post would be
 * (account, time, platform checks, plan limits), duplicates are marked, and on an import (not a
 * dry run) each passing row becomes a post through the composer's own use case: approvals, plan
 * limits and the publish job as for a post written by hand. A row without a date goes to its
 * account's queue. Rows are independent: one that fails does not stop the others.
 */

export type ImportWork = Pick<AppContext, 'database' | 'jobs' | 'mail' | 'config' | 'log' | 'storage'>;

export interface ImportRequest {
  file: Buffer;
  dryRun: boolean;
  timezone: string;
}

const listImportAccounts = (ctx: ImportWork, workspaceId: string): Promise<ImportAccount[]> =>
  listSocialAccountColumns(ctx.database.db, workspaceId, {
    id: socialAccounts.id,
    platform: socialAccounts.platform,
    username: socialAccounts.username,
  });

/** The message of a refusal we know (AppError); anything else is a fault and is thrown on. */
function refusalOf(error: unknown): string {
  if (error instanceof AppError && error.status < 500) return error.message;
  throw error;
}

/**
 * What needs the database about each account the rows use: over the plan's account limit, and for
 * rows without a date, whether the account has a queue the plan allows.
 */
async function accountProblems(
  ctx: ImportWork,
  actor: PostWriter,
  rows: CheckedRow[],
): Promise<Map<string, { post: string | null; queue: string | null }>> {
  const db = ctx.database.db;
  const problems = new Map<string, { post: string | null; queue: string | null }>();
  for (const row of rows) {
    const account = row.account;
    if (!account || problems.has(account.id)) continue;
    const post = await accountOverPlanLimitReason(db, actor.workspaceId, account.id);
    let queue: string | null = null;
    if (rows.some((r) => r.account?.id === account.id && r.scheduledAt === null)) {
      const schedule = await findQueueSchedule(db, actor.workspaceId, account.id);
      if (!schedule || schedule.slots.length === 0) queue = queueMessages.noSchedule;
      else
        queue = await requireQueueWithinPlan(db, actor.workspaceId, account.id).then(() => null, refusalOf);
    }
    problems.set(account.id, { post, queue });
  }
  return problems;
}

/** The rows read and checked, duplicates marked; nothing is written. */
async function checkRows(ctx: ImportWork, actor: PostWriter, request: ImportRequest, now: Date) {
  const sheet = readImportSheet(request.file);
  const accounts = await listImportAccounts(ctx, actor.workspaceId);
  const rows = sheet.map((row) => checkRow(row, { accounts, zone: request.timezone, now }));
  const problems = await accountProblems(ctx, actor, rows);
  for (const row of rows) {
    const found = row.account ? problems.get(row.account.id) : undefined;
    if (found?.post) row.errors.push(found.post);
    if (found?.queue && row.scheduledAt === null && row.errors.length === 0) row.errors.push(found.queue);
  }
  let mediaUrls = 0;
  for (const row of rows) {
    if (!row.mediaUrl) continue;
    mediaUrls += 1;
    if (mediaUrls > MAX_IMPORT_MEDIA_URLS) row.errors.push(importMessages.tooManyMediaUrls);
  }
  const accountIds = [...new Set(rows.flatMap((row) => (row.account ? [row.account.id] : [])))];
  markDuplicates(
    rows,
    await listNearbyPosts(ctx.database.db, actor.workspaceId, accountIds, duplicateSpan(rows, now)),
    now,
  );
  return rows;
}

const passes = (row: CheckedRow) => row.errors.length === 0 && row.duplicateOf === null;

function resultOf(
  row: CheckedRow,
  created: { postId: string; notice: string | null } | null,
): ImportRowResult {
  return {
    line: row.line,
    ok: passes(row),
    errors: row.errors,
    duplicateOf: row.duplicateOf,
    account: row.account ? accountLabel(row.account) : null,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    excerpt: row.excerpt,
    postId: created?.postId ?? null,
    notice: created?.notice ?? null,
  };
}

/**
 * One passing row's post (its image already fetched into the media library), by the composer's use case
 * (scheduled at its time, or saved and added to its account's queue). A refusal on the way is the
 * row's error; nothing of the row is left behind but an image in the library.
 */
async function createRowPost(
  ctx: ImportWork,
  actor: PostWriter,
  row: CheckedRow,
  mediaId: string | AppError | undefined,
  now: Date,
): Promise<{ postId: string; notice: string | null }> {
  if (!row.body) throw new Error('a passing row has a body');
  if (mediaId instanceof AppError) throw mediaId;
  const mediaIds = mediaId ? [mediaId] : [];
  const composed = await composePosts(ctx, actor, { ...row.body, mediaIds }, now);
  const post = composed.posts[0];
  if (!post) throw new Error('the composer created no post');
  if (row.scheduledAt !== null) return { postId: post.id, notice: null };
  try {
    await addToQueue(ctx, actor, post.id, now);
    return { postId: post.id, notice: null };
  } catch (error) {
    // Checked before, so only a race gets here (the schedule emptied meanwhile): the post is kept.
    return { postId: post.id, notice: `Saved as a draft, not queued: ${refusalOf(error)}` };
  }
}

/** POST /api/posts/import: the report of every row; on an import, the passing rows created. */
export async function importPosts(
  ctx: ImportWork,
  actor: PostWriter,
  request: ImportRequest,
  now = new Date(),
): Promise<ImportResponse> {
  await requireScheduling(ctx.database.db, actor.workspaceId, 'csvImport');
  const rows = await checkRows(ctx, actor, request, now);
  if (request.dryRun) return { rows: rows.map((row) => resultOf(row, null)), created: 0 };
  const media = await storeRowMedia(
    ctx,
    actor,
    rows.flatMap((row) => (passes(row) && row.mediaUrl ? [{ line: row.line, mediaUrl: row.mediaUrl }] : [])),
  );
  const results: ImportRowResult[] = [];
  let created = 0;
  for (const row of rows) {
    if (!passes(row)) {
      results.push(resultOf(row, null));
      continue;
    }
    try {
      const made = await createRowPost(ctx, actor, row, media.get(row.line), now);
      created += 1;
      results.push(resultOf(row, made));
    } catch (error) {
      row.errors.push(refusalOf(error));
      results.push(resultOf(row, null));
    }
  }
  return { rows: results, created };
}

/** GET /api/posts/import/template.csv: the columns, with the workspace's first account as example. */
export async function importTemplate(
  ctx: ImportWork,
  workspaceId: string,
  now = new Date(),
): Promise<string> {
  const [first] = await listImportAccounts(ctx, workspaceId);
  const nextWeek = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return importTemplateCsv(first ? `@${first.username}` : null, nextWeek);
}
