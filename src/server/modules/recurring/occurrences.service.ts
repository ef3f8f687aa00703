import type { ThreadItem } from '../../../contracts/posts';
import { AppError } from '../../lib/app-error';
import { announceSubmission, approvalModeFor, scheduleFields } from '../approvals';
import { checkBrand, loadBrandKit } from '../brand-kit';
import { requireAccountWithinPlan, workspaceScheduling } from '../plans';
import { assertPublishable, type PostWork } from '../posts';
import { queuePublish } from '../publishing';
import { emitPostEvent } from '../webhooks';
import { findMembershipRole } from '../workspaces';
import { dueOccurrences } from './recurrence';
import {
  advanceSeries,
  endSeries,
  findSeriesPlatform,
  insertOccurrence,
  listOpenSeries,
  type OccurrenceRow,
  type SeriesRow,
} from './recurring.repository';

/** Occurrences are created this far ahead: the calendar shows the coming month's. */
const GENERATE_AHEAD_DAYS = 30;
/** At most this many occurrences of one series per run (a daily series has 30 a month). */
const MAX_PER_RUN = 62;
const SERIES_PER_PAGE = 100;

/**
 * Creates a series' occurrences that fall within the coming 30 days and do not exist yet. Each is
 * scheduled as the composer schedules a post, in the name of the series' author: the platform's
 * checks and the plan's account limit, and with approvals on, an editor's occurrences wait for an
 * approver (one notice per run). An occurrence that no longer passes the checks (a medium deleted,
 * an account over the plan) is created as a draft at its time, saying why, so nothing is silently
 * dropped. A series whose author left the workspace, or whose posts are all gone, ends.
 * Safe to run twice, or on two workers at once: an occurrence exists once (the unique index).
 */
export async function generateOccurrences(
  ctx: PostWork,
  series: SeriesRow,
  now = new Date(),
): Promise<OccurrenceRow[]> {
  const db = ctx.database.db;
  const { features } = await workspaceScheduling(db, series.workspaceId);
  // A plan without recurring posts creates none; the series resumes if the plan comes back.
  if (!features.recurringPosts) return [];
  const role = series.createdByUserId
    ? await findMembershipRole(db, series.workspaceId, series.createdByUserId)
    : undefined;
  const platform = await findSeriesPlatform(db, series.id);
  if (!role || !series.createdByUserId || !platform) {
    await endSeries(db, series.workspaceId, series.id);
    return [];
  }
  const horizon = new Date(now.getTime() + GENERATE_AHEAD_DAYS * 86_400_000);
  const { due, nextIndex, finished } = dueOccurrences(
    series,
    series.generatedCount,
    now,
    horizon,
    MAX_PER_RUN,
  );
  const writer = { workspaceId: series.workspaceId, userId: series.createdByUserId, role };
  const mode = await approvalModeFor(db, writer);
  const kit = await loadBrandKit(db, series.workspaceId);
  const { template } = series;
  const content = {
    platform,
    content: template.content,
    hashtags: template.hashtags,
    mediaIds: template.mediaIds,
    altTexts: template.altTexts,
    postType: template.postType,
    title: template.title,
    platformOptions: template.platformOptions ?? {},
    firstComment: template.firstComment,
    thread: template.thread.map(
      (item): ThreadItem => ({ ...item, status: 'pending', externalId: null, url: null, error: null }),
    ),
  };
  const problem = await schedulingProblem(ctx, writer, {
    ...content,
    socialAccountId: series.socialAccountId,
  });
  const created: OccurrenceRow[] = [];
  for (const { index, at } of due) {
    const row = await insertOccurrence(db, series.workspaceId, {
      ...content,
      createdByUserId: series.createdByUserId,
      socialAccountId: series.socialAccountId,
      firstCommentStatus: template.firstComment ? 'pending' : null,
      brandFindings: checkBrand(kit, content),
      seriesId: series.id,
      occurrenceIndex: index,
      scheduledAt: at,
      publishVersion: 1,
      ...(problem
        ? { status: 'draft' as const, failureReason: problem }
        : scheduleFields(mode, writer.userId, now)),
    });
    if (!row) continue;
    if (row.status === 'scheduled') {
      await queuePublish(ctx, row, at);
      await emitPostEvent(ctx, 'post.scheduled', [row]);
    }
    created.push(row);
  }
  const pending = created.filter((row) => row.status === 'pending_approval');
  if (pending.length > 0) await announceSubmission(ctx, writer, pending);
  await advanceSeries(db, series, { generatedCount: nextIndex, ended: finished });
  return created;
}

/** Why the series' posts cannot be scheduled now (the composer's checks), or null. */
async function schedulingProblem(
  ctx: PostWork,
  writer: { workspaceId: string; userId: string },
  post: Parameters<typeof assertPublishable>[2] & { socialAccountId: string | null },
): Promise<string | null> {
  try {
    await assertPublishable(ctx.database.db, writer, post, ctx.config);
    if (post.socialAccountId)
      await requireAccountWithinPlan(ctx.database.db, writer.workspaceId, post.socialAccountId);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** The job's run: every open series, a page at a time; one series' failure never stops the others. */
export async function generateAllOccurrences(
  ctx: PostWork,
  now = new Date(),
): Promise<{ series: number; created: number }> {
  let afterId: string | null = null;
  let series = 0;
  let created = 0;
  for (;;) {
    const page: SeriesRow[] = await listOpenSeries(ctx.database.db, afterId, SERIES_PER_PAGE);
    for (const row of page) {
      series += 1;
      try {
        created += (await generateOccurrences(ctx, row, now)).length;
      } catch (error) {
        ctx.log.error({ err: error, seriesId: row.id }, 'recurring series: creating occurrences failed');
      }
    }
    const last = page.at(-1);
    if (!last || page.length < SERIES_PER_PAGE) return { series, created };
    afterId = last.id;
  }
}
