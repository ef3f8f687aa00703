import type { AppContext } from '../../context';
import { NotAFeedError, type ReadFeed, readFeed } from '../../integrations/web/feed-reader';
import { type SafeFetchFailure, safeFetch } from '../../integrations/web/safe-fetch';

/*
 * One read of a feed through the SSRF-safe fetch (public addresses only, unless
 * OUTBOUND_ALLOW_PRIVATE says otherwise; re-checked after DNS and every redirect), within a size
 * and a time limit, conditional when the last answer's validators are known.
 */

/** Big enough for a long podcast feed; a feed past it is refused, not cut (XML cut is not XML). */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;

const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
  // Some servers send feeds as plain text; the parser decides whether it is one.
  'text/plain',
];

export type FeedRead =
  | { ok: true; notModified: true; etag: string | null; lastModified: string | null }
  | { ok: true; notModified: false; feed: ReadFeed; etag: string | null; lastModified: string | null }
  | { ok: false; error: string };

const fetchFailures: Record<SafeFetchFailure, string> = {
  invalid_url: 'The address is not a valid link.',
  blocked_scheme: 'Only http:// and https:// feeds can be followed.',
  blocked_port: 'The address uses a port Kitepost does not connect to.',
  blocked_address: 'The address is not public (a private or local network), so Kitepost does not read it.',
  unresolvable: 'The feed’s domain name does not resolve.',
  unreachable: 'The feed’s server could not be reached.',
  timeout: `The feed did not answer within ${FEED_TIMEOUT_MS / 1000} seconds.`,
  too_many_redirects: 'The feed’s address redirects too many times.',
  http_error: 'The feed’s server answered with an error.',
  unsupported_content_type: 'The address is not an RSS or Atom feed (it answers another kind of document).',
  too_large: `The feed is larger than ${FEED_MAX_BYTES / 1024 / 1024} MB.`,
};

export async function fetchFeed(
  ctx: Pick<AppContext, 'config'>,
  url: string,
  conditional?: { etag: string | null; lastModified: string | null },
): Promise<FeedRead> {
  const answer = await safeFetch(url, ctx.config.outbound, {
    accept: FEED_TYPES,
    maxBytes: FEED_MAX_BYTES,
    timeoutMs: FEED_TIMEOUT_MS,
    ...(conditional ? { conditional } : {}),
  });
  if (!answer.ok) {
    const status = answer.reason === 'http_error' && answer.status ? ` (${answer.status})` : '';
    return { ok: false, error: `${fetchFailures[answer.reason].replace(/\.$/, '')}${status}.` };
  }
  const validators = { etag: answer.etag, lastModified: answer.lastModified };
  if (answer.notModified) return { ok: true, notModified: true, ...validators };
  try {
    const feed = readFeed(decodeXml(answer.body, answer.charset));
    return { ok: true, notModified: false, feed, ...validators };
  } catch (error) {
    if (error instanceof NotAFeedError) {
      return { ok: false, error: `The address is not an RSS or Atom feed: ${error.message}.` };
    }
    throw error;
  }
}

/** The body as text: the header's charset, else the XML declaration's, else UTF-8. */
function decodeXml(body: Buffer, headerCharset: string | null): string {
  const declared = body
    .subarray(0, 200)
    .toString('latin1')
    .match(/^\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i)?.[1];
  for (const label of [headerCharset, declared, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next.
    }
  }
  return body.toString('utf8');
}
