import { postImageLimits } from '../../../../contracts/post-rules';
import { graphError as facebookError } from './facebook-shapes';
import { graphError as instagramError } from './meta-graph-shapes';
import type { SimulatedAnswer } from './sandbox-faults';
import { readImage, type SandboxImage, type SandboxImageType } from './sandbox-media';

/*
 * Instagram and Facebook download the images they are given by URL (Instagram's `image_url`,
 * a Page photo's `url`): "we will cURL your media using the URL provided, so it must be on a
 * public server" (Meta, content publishing guide,
 * developers.facebook.com/docs/instagram-platform/content-publishing). The pretend platforms do
 * the same: an HTTP GET of the URL, its status, declared type, size and bytes checked, and what
 * cannot be fetched refused with the error the real platform answers (decision 041).
 */

/** Until the whole image is in: Meta's downloader gives up on a slow server (2207003). */
export const MEDIA_DOWNLOAD_TIMEOUT_MS = 10_000;

/** The pretend platforms that download the images they are given by URL. */
type DownloadingPlatform = 'instagram' | 'facebook' | 'threads' | 'pinterest' | 'google_business' | 'tiktok';

/** What each pretend platform downloads: the types it publishes and its size limit. */
const accepted: Record<DownloadingPlatform, { types: SandboxImageType[]; maxBytes: number }> = {
  // JPEG only ("JPEG is the only image format supported", Instagram content publishing reference,
  // image specifications), at most 8 MiB (error 2207004, "It should be less than 8 MiB").
  instagram: { types: ['image/jpeg'], maxBytes: postImageLimits('instagram').maxBytes },
  // Page photos: JPEG, PNG, GIF (Graph API photo reference, "supported formats"); 4 MB (platforms.md).
  facebook: {
    types: ['image/jpeg', 'image/png', 'image/gif'],
    maxBytes: postImageLimits('facebook').maxBytes,
  },
  // "JPEG and PNG image types are the officially supported formats", "8 MB maximum" (Threads posts,
  // Media Specifications, developers.facebook.com/docs/threads/posts).
  threads: { types: ['image/jpeg', 'image/png'], maxBytes: postImageLimits('threads').maxBytes },
  // Pins: PNG or JPEG (P1 `ContentType`; product specs), 20 MB (post-rules/pinterest.ts).
  pinterest: { types: ['image/jpeg', 'image/png'], maxBytes: postImageLimits('pinterest').maxBytes },
  // Local post photos: JPG or PNG, at most 5 MB (post-rules/google-business.ts).
  google_business: {
    types: ['image/jpeg', 'image/png'],
    maxBytes: postImageLimits('google_business').maxBytes,
  },
  // Photo posts: WebP or JPEG, at most 20 MB each (TikTok media transfer guide, image restrictions).
  tiktok: { types: ['image/jpeg', 'image/webp'], maxBytes: 20 * 1024 * 1024 },
};

export type MediaDownload =
  | { ok: true; bytes: Buffer; image: SandboxImage }
  | { ok: false; reason: 'unfetchable' | 'timeout' | 'too_large' | 'not_accepted'; detail: string };

/** Reads at most `limit` bytes; null as soon as the body is longer. */
async function readCapped(response: Response, limit: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * GETs `url` as the platform's downloader would: an answer other than 200, a declared type that
 * is not an image, a body over the size limit, or bytes that are not an image of an accepted
 * type are refused, with the reason.
 */
export async function downloadMedia(
  fetchImpl: typeof fetch,
  platform: DownloadingPlatform,
  url: string,
): Promise<MediaDownload> {
  const rules = accepted[platform];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'unfetchable', detail: 'not a URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, reason: 'unfetchable', detail: `${parsed.protocol} is not http(s)` };
  }
  const signal = AbortSignal.timeout(MEDIA_DOWNLOAD_TIMEOUT_MS);
  try {
    const response = await fetchImpl(parsed, { method: 'GET', redirect: 'follow', signal });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'unfetchable', detail: `HTTP ${response.status}` };
    }
    const declared = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!declared.startsWith('image/')) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'not_accepted', detail: `served as ${declared || 'no type'}` };
    }
    const length = Number(response.headers.get('content-length'));
    if (length > rules.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large', detail: `${length} bytes` };
    }
    const bytes = await readCapped(response, rules.maxBytes);
    if (!bytes) return { ok: false, reason: 'too_large', detail: `over ${rules.maxBytes} bytes` };
    const image = readImage(bytes);
    if (!image || !rules.types.includes(image.mimeType)) {
      return { ok: false, reason: 'not_accepted', detail: image ? image.mimeType : 'not an image' };
    }
    return { ok: true, bytes, image };
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, reason: 'timeout', detail: 'no answer in time' };
    }
    return { ok: false, reason: 'unfetchable', detail: 'no connection' };
  }
}

/**
 * Instagram's answers to `POST /{ig-user-id}/media` with an image it cannot use. Sources: Meta's
 * Instagram error codes (developers.facebook.com/docs/instagram-api/reference/error-codes:
 * 2207003 timeout, 2207004 too large); 9004/2207052 as Meta returned it for an unfetchable or
 * non-JPEG image (gitroomhq/postiz-app PR #1900, a PNG; gesteves/denali PR #1278).
 */
export function instagramDownloadRefusal(
  url: string,
  failed: Exclude<MediaDownload, { ok: true }>,
): SimulatedAnswer {
  if (failed.reason === 'timeout') {
    return instagramError(400, {
      message: 'It takes too long to download the media.',
      code: -2,
      subcode: 2207003,
      transient: true,
      userTitle: 'Timeout downloading media',
      userMessage: 'It takes too long to download the media.',
    });
  }
  if (failed.reason === 'too_large') {
    return instagramError(400, {
      message: 'The image size is too large.',
      code: 36000,
      subcode: 2207004,
      userTitle: 'Image size too large',
      userMessage: 'The image is too large to download. It should be less than 8 MiB.',
    });
  }
  return instagramError(400, {
    message: 'Only photo or video can be accepted as media type.',
    type: 'OAuthException',
    code: 9004,
    subcode: 2207052,
    userTitle: "Media download has failed. The media URI doesn't meet our requirements.",
    userMessage: `The media could not be fetched from this URI: ${url}. Please check the limitations section in our development document for more information.`,
  });
}

/**
 * Facebook's answer to `POST /{page-id}/photos {url}` with an image it cannot download or read:
 * `(#324) Missing or invalid image file` (an image URL on a server Facebook cannot reach:
 * joelbutcher/laravel-facebook-graph #15; an unreadable file: mobolic/facebook-sdk #98).
 */
export function facebookDownloadRefusal(): SimulatedAnswer {
  return facebookError(400, 324, '(#324) Missing or invalid image file');
}

/**
 * The simulator's downloader: URLs on the app's own origin are answered in-process (`own`, the
 * app's inject: the simulator runs inside the app, and a server behind a proxy cannot always
 * reach its own public address); any other URL goes to `outside`, and without it is refused as
 * unreachable. The simulator serves anyone holding a sandbox token, so it must never fetch
 * arbitrary addresses for them (server-side request forgery).
 */
export function simulatorMediaFetch(own: typeof fetch, appUrl: string, outside?: typeof fetch): typeof fetch {
  const origin = new URL(appUrl).origin;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === origin) return own(url, init);
    if (outside) return outside(url, init);
    throw new TypeError('fetch failed: the sandbox downloads only from this server');
  };
}
