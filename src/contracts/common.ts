import { z } from 'zod';

export const unstorableTextMessage = 'Text may not contain NUL characters or unpaired surrogates';

/**
 * NUL cannot be stored (PostgreSQL refuses it in text: 22021) and an unpaired surrogate is not
 * Unicode (it turns into U+FFFD on the way to the database, or breaks whoever encodes it next).
 */
export function isStorableText(value: string): boolean {
  // With the u flag a surrogate pair is one code point, so \p{Cs} matches unpaired halves only.
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

/**
 * The string of every request contract (bodies, queries, path parameters, headers): decision 034.
 * It refuses NUL and unpaired surrogates with a 400 before any route sees them, then chains like
 * z.string() (`safeString().trim().max(100)`). Response schemas keep z.string(): an answer never
 * fails on what was stored.
 */
export const safeString = () => z.string().refine(isStorableText, unstorableTextMessage);

/**
 * A user id in a path: better-auth makes 32 letters and digits, the server's own inserts (demo
 * users, the admin portal) a UUID. Anything else is refused with a 400 before a lookup.
 */
export const userIdParam = () => safeString().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a user id');

/** The answer of a route that answers 204: no body. */
export const noContent = z.null().optional().describe('No content');

/** An absolute http:// or https:// URL with a host (a link preview's or a feed's address). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
