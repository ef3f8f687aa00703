import { MAX_MEDIA_BYTES } from '../../../contracts/media';
import type { AppContext } from '../../context';
import { type SafeFetchFailure, safeFetch } from '../../integrations/web/safe-fetch';
import { AppError } from '../../lib/app-error';
import { uploadMedia } from '../media';
import type { PostWriter } from '../posts';

/*
 * A row's media URL, fetched into the workspace's media library when the row is imported (never
 * on a dry run): through the one SSRF-safe fetch (public addresses only, size and time limits),
 * then stored as an upload is (decoded and re-encoded: images only, JPEG, PNG or WebP).
 */

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MEDIA_FETCH_TIMEOUT_MS = 10_000;
/** Downloads at a time: a file's 25 media URLs take at most 50 seconds. */
const PARALLEL_FETCHES = 5;

const fetchProblems: Record<SafeFetchFailure, string> = {
  invalid_url: 'is not a valid URL',
  blocked_scheme: 'must start with http:// or https://',
  blocked_port: 'uses a port Kitepost does not fetch from',
  blocked_address: 'points to a private address',
  unresolvable: 'names a host that does not exist',
  unreachable: 'could not be reached',
  timeout: 'took too long to answer',
  too_many_redirects: 'redirects too many times',
  http_error: 'answered with an error',
  unsupported_content_type: 'is not a JPEG, PNG or WebP image',
  too_large: `is an image larger than ${MAX_MEDIA_BYTES / (1024 * 1024)} MB`,
};

/** The stored image's media id; a 400 AppError saying what was wrong with the URL. */
async function storeMediaFromUrl(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log'>,
  actor: PostWriter,
  url: string,
): Promise<string> {
  const fetched = await safeFetch(url, ctx.config.outbound, {
    accept: IMAGE_TYPES,
    maxBytes: MAX_MEDIA_BYTES,
    timeoutMs: MEDIA_FETCH_TIMEOUT_MS,
  });
  if (!fetched.ok) throw new AppError('bad_request', `The media URL ${fetchProblems[fetched.reason]}.`);
  const fileName = new URL(fetched.url).pathname.split('/').pop() || 'image';
  const media = await uploadMedia(ctx, actor, {
    bytes: fetched.body,
    fileName,
    origin: { source: 'import' },
  });
  return media.id;
}

/**
 * The media URLs of these rows stored, five at a time: per row, its media id or the refusal (an
 * AppError) that becomes its error. Anything else (a fault) is thrown.
 */
export async function storeRowMedia(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log'>,
  actor: PostWriter,
  rows: { line: number; mediaUrl: string }[],
): Promise<Map<number, string | AppError>> {
  const stored = new Map<number, string | AppError>();
  const waiting = [...rows];
  const worker = async () => {
    for (let row = waiting.shift(); row; row = waiting.shift()) {
      try {
        stored.set(row.line, await storeMediaFromUrl(ctx, actor, row.mediaUrl));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        stored.set(row.line, error);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  return stored;
}
