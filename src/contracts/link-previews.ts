import { z } from 'zod';
import { isHttpUrl, safeString } from './common';

/** Longest link a preview is asked for (longer ones are refused with a 400). */
export const MAX_PREVIEW_URL_LENGTH = 2048;

/** GET /api/link-preview?url=: one absolute http(s) URL, nothing else. */
export const linkPreviewQuery = z.strictObject({
  url: safeString()
    .trim()
    .max(MAX_PREVIEW_URL_LENGTH)
    .refine(isHttpUrl, 'Must be an http:// or https:// link'),
});

/**
 * Why a page gave no preview: the server refused its address or port (not public), could not
 * reach it, it took too long, was too big, was not a web page, or answered with an error.
 */
export const linkPreviewProblems = [
  'invalid_url',
  'blocked_scheme',
  'blocked_port',
  'blocked_address',
  'unresolvable',
  'unreachable',
  'timeout',
  'too_many_redirects',
  'http_error',
  'unsupported_content_type',
  'too_large',
] as const;
export type LinkPreviewProblem = (typeof linkPreviewProblems)[number];

/**
 * A link's card, from the page's Open Graph tags (Twitter tags, <title> and the meta description
 * as fallbacks). Always a 200 for a well-formed link: a page that cannot be read answers nulls and
 * says why in `unavailable` (a preview is a nicety while typing, not an error to show); a page read
 * without any tag answers nulls with `unavailable: null`.
 */
export const linkPreview = z.object({
  /** The page's address after redirects (its og:url when on the same host): the card's domain. */
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** Absolute http(s) URL of the page's image; the browser loads it. */
  imageUrl: z.string().nullable(),
  siteName: z.string().nullable(),
  unavailable: z.enum(linkPreviewProblems).nullable(),
});
export type LinkPreview = z.infer<typeof linkPreview>;
