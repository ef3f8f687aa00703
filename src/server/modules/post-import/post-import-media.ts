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
const MEDIA_FETCH_TIMEOUT_MS = 15_000;

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
export async function storeMediaFromUrl(
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
  const media = await uploadMedia(ctx, actor, { bytes: fetched.body, fileName });
  return media.id;
}
