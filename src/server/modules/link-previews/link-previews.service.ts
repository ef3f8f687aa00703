import type { LinkPreview, LinkPreviewProblem } from '../../../contracts/link-previews';
import type { AppContext } from '../../context';
import { type SafeFetchFailure, safeFetch } from '../../integrations/web/safe-fetch';
import { previewCacheFor } from './link-previews.cache';
import { decodeHtml, readOpenGraph } from './read-open-graph';

/*
 * A link's card for the composer and the publishing pipeline: the page fetched through the one
 * SSRF-safe fetch (public addresses only, unless OUTBOUND_ALLOW_PRIVATE says otherwise), its head
 * read for Open Graph tags. Only the first megabyte is read: the tags are in the head, and a page
 * that long before its head ends has no card worth waiting for.
 */

type PreviewWork = Pick<AppContext, 'config'>;

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
export const PREVIEW_FETCH = { maxBytes: 1024 * 1024, timeoutMs: 5_000 } as const;

/** Each failure of the fetch is a reason the contract names (the same words). */
const problemOf = (reason: SafeFetchFailure): LinkPreviewProblem => reason;

/** The preview of `url` (an http(s) URL), cached; never throws for what the page does. */
export function previewLink(ctx: PreviewWork, url: string): Promise<LinkPreview> {
  const key = new URL(url).href;
  return previewCacheFor(ctx.config).get(key, () => readPreview(ctx, key));
}

async function readPreview(ctx: PreviewWork, url: string): Promise<LinkPreview> {
  const page = await safeFetch(url, ctx.config.outbound, {
    accept: HTML_TYPES,
    ...PREVIEW_FETCH,
    overLimit: 'truncate',
  });
  if (!page.ok) return emptyPreview(url, problemOf(page.reason));
  const card = readOpenGraph(decodeHtml(page.body, page.charset), page.url);
  const found = card.title !== null || card.description !== null || card.imageUrl !== null;
  // Cut at the cap with nothing read: the head did not end in the first megabyte.
  if (!found && page.truncated) return emptyPreview(page.url, 'too_large');
  return { ...card, unavailable: null };
}

function emptyPreview(url: string, unavailable: LinkPreviewProblem): LinkPreview {
  return { url, title: null, description: null, imageUrl: null, siteName: null, unavailable };
}
