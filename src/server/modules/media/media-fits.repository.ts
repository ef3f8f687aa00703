import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FitAspect, MediaFitStatus } from '../../../contracts/media';
import type { Db } from '../../db/client';
import { mediaFits } from '../../db/schema';

// The video fit jobs' rows (media_fits, migration 0023): one per requested fit of a video.

export type MediaFitRow = typeof mediaFits.$inferSelect;

/**
 * A new queued fit; undefined when an open fit of the same source and aspect won a race to it
 * (the partial unique index media_fits_open_uidx).
 */
export async function insertMediaFit(
  db: Db,
  workspaceId: string,
  fit: { sourceMediaId: string; requestedByUserId: string; aspect: FitAspect | null },
): Promise<MediaFitRow | undefined> {
  const [row] = await db
    .insert(mediaFits)
    .values({ workspaceId, ...fit })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findMediaFit(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<MediaFitRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaFits)
    .where(and(eq(mediaFits.workspaceId, workspaceId), eq(mediaFits.id, id)));
  return row;
}

/** The fit of this source and aspect (null: none) that is queued or running, if any. */
export async function findOpenMediaFit(
  db: Db,
  workspaceId: string,
  sourceMediaId: string,
  aspect: FitAspect | null,
): Promise<MediaFitRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaFits)
    .where(
      and(
        eq(mediaFits.workspaceId, workspaceId),
        eq(mediaFits.sourceMediaId, sourceMediaId),
        aspect === null ? isNull(mediaFits.aspect) : eq(mediaFits.aspect, aspect),
        inArray(mediaFits.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row;
}

/** queued → running, for the one job that runs it; undefined when it is not queued (any more). */
export async function claimMediaFit(db: Db, id: string): Promise<MediaFitRow | undefined> {
  const [row] = await db
    .update(mediaFits)
    .set({ status: 'running', progress: 0, updatedAt: new Date() })
    .where(and(eq(mediaFits.id, id), eq(mediaFits.status, 'queued')))
    .returning();
  return row;
}

/** A running fit's progress; also its heartbeat (updated_at), which the sweep reads. */
export async function touchMediaFit(db: Db, id: string, progress: number): Promise<void> {
  await db
    .update(mediaFits)
    .set({ progress, updatedAt: new Date() })
    .where(and(eq(mediaFits.id, id), eq(mediaFits.status, 'running')));
}

/** Ends a fit that is still open: done with its new video, or failed with the reason. */
export async function settleMediaFit(
  db: Db,
  id: string,
  outcome:
    | { status: Extract<MediaFitStatus, 'done'>; resultMediaId: string }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(mediaFits)
    .set(
      outcome.status === 'done'
        ? {
            status: 'done',
            progress: 1,
            resultMediaId: outcome.resultMediaId,
            error: null,
            updatedAt: new Date(),
          }
        : { status: 'failed', error: outcome.error, updatedAt: new Date() },
    )
    .where(and(eq(mediaFits.id, id), inArray(mediaFits.status, ['queued', 'running'])));
}

/**
 * Fails the fits whose job is gone: running without a heartbeat since `runningBefore` (the process
 * died under it), or queued since before `queuedBefore` (its job was lost). Returns how many.
 */
export async function failAbandonedMediaFits(
  db: Db,
  cutoffs: { runningBefore: Date; queuedBefore: Date },
  error: string,
): Promise<number> {
  const rows = await db
    .update(mediaFits)
    .set({ status: 'failed', error, updatedAt: sql`now()` })
    .where(
      or(
        and(eq(mediaFits.status, 'running'), lt(mediaFits.updatedAt, cutoffs.runningBefore)),
        and(eq(mediaFits.status, 'queued'), lt(mediaFits.createdAt, cutoffs.queuedBefore)),
      ),
    )
    .returning({ id: mediaFits.id });
  return rows.length;
}

/** Which of these fits are running (their temporary folders are in use). */
export async function listRunningMediaFitIds(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: mediaFits.id })
    .from(mediaFits)
    .where(and(inArray(mediaFits.id, ids), eq(mediaFits.status, 'running')));
  return rows.map((row) => row.id);
}
