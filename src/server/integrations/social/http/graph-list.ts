import { z } from 'zod';

/*
 * Pieces of Meta's Graph API that Facebook and Instagram share: a list's `paging` (Graph sends
 * `next` only when there is a next page) and its time format.
 */

const graphPaging = z
  .object({
    cursors: z.object({ after: z.string().optional() }).loose().optional(),
    next: z.string().optional(),
  })
  .loose()
  .optional();

/** A Graph list: `data` of these items, and its `paging`. */
export const graphList = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), paging: graphPaging });

/** The cursor of the next page, or null on the last one. */
export const nextCursor = (paging: { cursors?: { after?: string }; next?: string } | undefined) =>
  paging?.next ? (paging.cursors?.after ?? null) : null;

/** Graph's `2026-11-22T13:19:44+0000` (no colon in the offset) as a Date. */
export function graphTimeToDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
}
