import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import type { SandboxPost } from './sandbox-store';

/*
 * The pretend Pinterest's own rows in `sandbox_posts`. A board is a row in state 'container' whose
 * media[0] is `{kind: 'board', …}`: boards have no table of their own (no migration for the
 * sandbox). A Pin is a published row whose text is its description and whose media[0] holds the
 * image and the Pin's other fields.
 */

export interface BoardEntry {
  id: string;
  url: null;
  kind: 'board';
  name: string;
  description: string | null;
  privacy: 'PUBLIC' | 'PROTECTED' | 'SECRET';
}

export interface PinEntry {
  id: string;
  url: string | null;
  kind: 'image';
  boardId: string;
  title: string | null;
  link: string | null;
  altText: string | null;
  width: number;
  height: number;
}

export const boardOf = (row: Pick<SandboxPost, 'media'>) => row.media[0] as unknown as BoardEntry;
export const pinOf = (row: Pick<SandboxPost, 'media'>) => row.media[0] as unknown as PinEntry;
export const asStored = (entry: BoardEntry | PinEntry) => [entry] as unknown as SandboxPost['media'];

const isBoard = sql`${sandboxPosts.media} @> ${JSON.stringify([{ kind: 'board' }])}::jsonb`;

/** The account's boards, oldest first (as made). */
export async function listBoards(db: Db, accountId: string): Promise<SandboxPost[]> {
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'pinterest'),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'container'),
        isBoard,
      ),
    )
    .orderBy(sandboxPosts.createdAt, sandboxPosts.externalId);
}

/** The account's Pins, newest first; on one board when `boardId` is given. */
export async function listPins(
  db: Db,
  accountId: string,
  input: { boardId?: string; offset: number; limit: number },
): Promise<SandboxPost[]> {
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'pinterest'),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'published'),
        input.boardId
          ? sql`${sandboxPosts.media} @> ${JSON.stringify([{ boardId: input.boardId }])}::jsonb`
          : undefined,
      ),
    )
    .orderBy(desc(sandboxPosts.publishedAt), desc(sandboxPosts.externalId))
    .offset(input.offset)
    .limit(input.limit + 1);
}

/** A Pin by its id (any account: the caller checks whose). */
export async function findPin(db: Db, id: string): Promise<SandboxPost | undefined> {
  const rows = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'pinterest'),
        eq(sandboxPosts.externalId, id),
        eq(sandboxPosts.state, 'published'),
      ),
    );
  return rows[0];
}
