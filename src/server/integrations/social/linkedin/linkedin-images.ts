import { InvalidContentError, type PublishMedia, TransientPlatformError } from '../social-provider';
import type { createLinkedInApi } from './linkedin-api';
import {
  type LinkedInImageItem,
  type LinkedInImageStatus,
  toImageStatus,
  toImageUpload,
} from './publish-transform';

/*
 * A post's images through LinkedIn's Images API for the provider (linkedin-provider.ts): each is
 * initialized and its bytes PUT, then the post waits until every image is AVAILABLE; a post
 * refused because an image still processes is worth another attempt (imageProcessingRefusal).
 */

export interface ImageWait {
  firstDelayMs: number;
  maxDelayMs: number;
  maxWaitMs: number;
  /** The one wait when the token may not read the images' status. */
  blindWaitMs: number;
}

/**
 * Waiting for uploaded images to become AVAILABLE: the first look after this long, each next one
 * twice as late, for at most `maxWaitMs` in all (then the post is tried anyway; a refusal because
 * an image still processes is retried later by the publisher, not failed).
 */
export const DEFAULT_IMAGE_WAIT: ImageWait = {
  firstDelayMs: 500,
  maxDelayMs: 8_000,
  maxWaitMs: 60_000,
  blindWaitMs: 5_000,
};

type LinkedInApi = ReturnType<typeof createLinkedInApi>;

/** Each image's status now; null when the token may not read them (403). */
async function imageStatuses(
  api: LinkedInApi,
  accessToken: string,
  urns: string[],
): Promise<LinkedInImageStatus[] | null> {
  const statuses: LinkedInImageStatus[] = [];
  for (const urn of urns) {
    const body = await api.getImage(accessToken, urn);
    if (body === null) return null;
    statuses.push(toImageStatus(body));
  }
  return statuses;
}

/**
 * Polls the Images API until every image is AVAILABLE, with backoff, for at most
 * `imageWait.maxWaitMs`. A post naming an image still processing is refused (platforms.md audit
 * 2026-11; Postiz waits for it too). An image LinkedIn failed to process is refused for good.
 * When the token may not read the images, it waits the bounded time once and lets the post try.
 */
async function waitUntilAvailable(
  api: LinkedInApi,
  accessToken: string,
  urns: string[],
  { imageWait, sleep }: { imageWait: ImageWait; sleep: (ms: number) => Promise<void> },
): Promise<void> {
  if (urns.length === 0) return;
  let waited = 0;
  let delay = imageWait.firstDelayMs;
  for (;;) {
    const statuses = await imageStatuses(api, accessToken, urns);
    if (statuses === null) {
      // Not readable with this token: one bounded wait, then the post tries (and a refusal
      // because an image still processes is retried by the publisher).
      await sleep(Math.min(imageWait.blindWaitMs, imageWait.maxWaitMs));
      return;
    }
    if (statuses.includes('PROCESSING_FAILED')) {
      throw new InvalidContentError('linkedin', 'LinkedIn could not process an image of this post.');
    }
    if (statuses.every((status) => status === 'AVAILABLE') || waited >= imageWait.maxWaitMs) return;
    const next = Math.min(delay, imageWait.maxWaitMs - waited);
    await sleep(next);
    waited += next;
    delay = Math.min(delay * 2, imageWait.maxDelayMs);
  }
}

/**
 * Uploads each image (initialize, PUT the bytes) in order, with its alt text, then waits until
 * they are AVAILABLE (waitUntilAvailable). Answers the images for the post's content.
 */
export async function uploadLinkedInImages(
  api: LinkedInApi,
  accessToken: string,
  owner: string,
  media: PublishMedia[],
  wait: { imageWait: ImageWait; sleep: (ms: number) => Promise<void> },
): Promise<LinkedInImageItem[]> {
  const images: LinkedInImageItem[] = [];
  for (const image of media) {
    const upload = toImageUpload(await api.initializeImageUpload(accessToken, owner));
    await api.uploadImage(accessToken, upload.uploadUrl, {
      bytes: await image.read(),
      mimeType: image.mimeType,
    });
    images.push({ id: upload.image, altText: image.altText });
  }
  await waitUntilAvailable(
    api,
    accessToken,
    images.map((image) => image.id),
    wait,
  );
  return images;
}

/**
 * A post refused (400/422) while it names images: refused because an image still processes is
 * worth another attempt later (nothing was created), not a failed post.
 */
export async function imageProcessingRefusal(
  api: LinkedInApi,
  accessToken: string,
  urns: string[],
  error: unknown,
): Promise<TransientPlatformError | null> {
  if (urns.length === 0 || !(error instanceof InvalidContentError)) return null;
  const statuses = await imageStatuses(api, accessToken, urns).catch(() => null);
  // An image LinkedIn failed to process will not become available: that refusal stands.
  const stillProcessing = statuses
    ? !statuses.includes('PROCESSING_FAILED') && statuses.some((status) => status !== 'AVAILABLE')
    : /PROCESSING|not AVAILABLE|WAITING_UPLOAD/i.test(error.message);
  return stillProcessing
    ? new TransientPlatformError(
        'linkedin',
        `LinkedIn is still processing an image of this post: ${error.message}`,
        'server_error',
        { cause: error },
      )
    : null;
}
