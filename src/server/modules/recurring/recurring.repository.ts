import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postSeries, posts } from '../../db/schema';

export type SeriesRow = typeof postSeries.$inferSelect;
type NewSeriesRow = Omit<typeof postSeries.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type NewOccurrenceRow = Omit<typeof posts.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;
export type OccurrenceRow = typeof posts.$inferSelect;

/** Statuses in which a later occurrence still follows its series' edits (nothing happened to it yet). */
const FOLLOWING_STATUSES = ['draft', 'pending_approval', 'approved', 'scheduled'] as const;

export async function insertSeries(db: Db, values: NewSeriesRow): Promise<SeriesRow> {
  const [row] = await db.insert(postSeries).values(values).returning();
  if (!row) throw new Error('series insert returned no row');
  return row;
}

/**
 * Makes a post the first occurrence of a series, unless it is already in one or out of the
 * user's hands; false when nothing matched.
 */
export async function attachFirstOccurrence(
  db: Db,
  workspaceId: string,
  postId: string,
  seriesId: string,
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ seriesId, occurrenceIndex: 0, updatedAt: new Date() })
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.id, postId),
        isNull(posts.seriesId),
        inArray(posts.status, ['pending_approval', 'scheduled']),
      ),
    )
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Open series (not ended) whose next occurrences may be due, oldest first, across workspaces. */
export async function listOpenSeries(db: Db, afterId: string | null, limit: number): Promise<SeriesRow[]> {
  return db
    .select()
    .from(postSeries)
    .where(and(isNull(postSeries.endedAt), afterId ? gt(postSeries.id, afterId) : undefined))
    .orderBy(asc(postSeries.id))
    .limit(limit);
}

/**
 * One occurrence, unless it exists already: the unique (series_id, occurrence_index) index makes
 * a second run, or a second worker, create nothing twice. Undefined when it existed.
 */
export async function insertOccurrence(
  db: Db,
  workspaceId: string,
  values: NewOccurrenceRow,
): Promise<OccurrenceRow | undefined> {
  const [row] = await db
    .insert(posts)
    .values({ ...values, workspaceId })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Records how far a series is created (and that it ended, when it did), only if no other run
 * moved it meanwhile.
 */
export async function advanceSeries(
  db: Db,
  series: Pick<SeriesRow, 'id' | 'generatedCount'>,
  next: { generatedCount: number; ended: boolean },
): Promise<void> {
  await db
    .update(postSeries)
    .set({
      generatedCount: next.generatedCount,
      ...(next.ended ? { endedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(postSeries.id, series.id), eq(postSeries.generatedCount, series.generatedCount)));
}

export async function endSeries(db: Db, workspaceId: string, id: string): Promise<void> {
  await db
    .update(postSeries)
    .set({ endedAt: sql`coalesce(${postSeries.endedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(postSeries.workspaceId, workspaceId), eq(postSeries.id, id)));
}

export async function updateSeriesTemplate(
  db: Db,
  workspaceId: string,
  id: string,
  template: SeriesRow['template'],
): Promise<void> {
  await db
    .update(postSeries)
    .set({ template, updatedAt: new Date() })
    .where(and(eq(postSeries.workspaceId, workspaceId), eq(postSeries.id, id)));
}

/** The ids of a series' occurrences after `index` that still follow its edits, in order. */
export async function listLaterOccurrenceIds(
  db: Db,
  workspaceId: string,
  seriesId: string,
  index: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.seriesId, seriesId),
        gt(posts.occurrenceIndex, index),
        inArray(posts.status, [...FOLLOWING_STATUSES]),
      ),
    )
    .orderBy(asc(posts.occurrenceIndex));
  return rows.map((row) => row.id);
}

/** The platform of a series' posts (all share it), from any that is left; undefined when none is. */
export async function findSeriesPlatform(
  db: Db,
  seriesId: string,
): Promise<OccurrenceRow['platform'] | undefined> {
  const [row] = await db
    .select({ platform: posts.platform })
    .from(posts)
    .where(eq(posts.seriesId, seriesId))
    .limit(1);
  return row?.platform;
}
