import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, type ShortLinkKind } from '../../../contracts/links';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { shortLinks } from '../../db/schema';

/**
 * A new short code: SHORT_CODE_LENGTH characters of base58 from the system's random source,
 * by rejection sampling (a byte over the largest multiple of 58 is skipped), so no character is
 * likelier than another.
 */
export function newShortCode(): string {
  const size = SHORT_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    for (const byte of randomBytes(SHORT_CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      code += SHORT_CODE_ALPHABET[byte % size];
      if (code.length === SHORT_CODE_LENGTH) break;
    }
  }
  return code;
}

export type ShortLinkRow = typeof shortLinks.$inferSelect;

export interface NewShortLink {
  workspaceId: string;
  kind: ShortLinkKind;
  url: string;
  target: string;
  postId?: string | null;
  platform?: PublishingPlatform | null;
  bioLinkId?: string | null;
  position?: number;
}

/**
 * Makes the short link, or finds the one a post already has for that URL: every attempt, retry
 * and reconciliation of a post publishes the same code. A code is never reused (short_links is
 * insert-only); a collision of random codes (2^-58 a pair) is retried with a new code.
 */
export async function insertShortLink(db: Db, link: NewShortLink): Promise<ShortLinkRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [row] = await db
      .insert(shortLinks)
      .values({ ...link, code: newShortCode() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (link.postId) {
      const [existing] = await db
        .select()
        .from(shortLinks)
        .where(and(eq(shortLinks.postId, link.postId), eq(shortLinks.url, link.url)));
      if (existing) return existing;
    }
  }
  throw new Error('no free short code after 3 tries');
}
