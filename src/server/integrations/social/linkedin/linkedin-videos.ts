import { InvalidContentError, type PublishMedia, TransientPlatformError } from '../social-provider';
import type { createLinkedInApi } from './linkedin-api';
import { toVideoStatus, toVideoUpload } from './publish-transform';

/*
 * A video through LinkedIn's Videos API for the provider (linkedin-provider.ts): initializeUpload,
 * the parts, finalizeUpload, then wait until LinkedIn has transcoded it (AVAILABLE) before a post
 * may name it.
 */

export interface VideoWait {
  firstDelayMs: number;
  maxDelayMs: number;
  maxWaitMs: number;
}

/**
 * Waiting for an uploaded video to become AVAILABLE (LinkedIn transcodes it after finalizeUpload:
 * PROCESSING → AVAILABLE | PROCESSING_FAILED, Videos API). LinkedIn names no poll interval: a
 * look every few seconds, for at most 8 minutes (the publisher gives a video post 10).
 */
export const DEFAULT_VIDEO_WAIT: VideoWait = {
  firstDelayMs: 2_000,
  maxDelayMs: 15_000,
  maxWaitMs: 8 * 60_000,
};

type LinkedInApi = ReturnType<typeof createLinkedInApi>;

/**
 * One video through the Videos API: initializeUpload with its size, each part PUT from the
 * file's byte range LinkedIn named (never the whole file in memory), finalizeUpload with the
 * parts' ETags in order, then polled until AVAILABLE. Answers the video URN.
 */
export async function uploadLinkedInVideo(
  api: LinkedInApi,
  accessToken: string,
  owner: string,
  video: PublishMedia,
  { videoWait, sleep }: { videoWait: VideoWait; sleep: (ms: number) => Promise<void> },
): Promise<string> {
  const upload = toVideoUpload(
    await api.initializeVideoUpload(accessToken, owner, video.sizeBytes),
    video.sizeBytes,
  );
  const uploadedPartIds: string[] = [];
  for (const part of upload.parts) {
    const bytes = await video.readRange(part.firstByte, part.lastByte + 1);
    uploadedPartIds.push(await api.uploadVideoPart(accessToken, part.uploadUrl, bytes));
  }
  await api.finalizeVideoUpload(accessToken, {
    video: upload.video,
    uploadToken: upload.uploadToken,
    uploadedPartIds,
  });
  let waited = 0;
  let delay = videoWait.firstDelayMs;
  for (;;) {
    const { status, failure } = toVideoStatus(await api.getVideo(accessToken, upload.video));
    if (status === 'AVAILABLE') return upload.video;
    if (status === 'PROCESSING_FAILED') {
      throw new InvalidContentError(
        'linkedin',
        `LinkedIn could not process the video${failure ? `: ${failure}` : '.'}`,
      );
    }
    if (waited >= videoWait.maxWaitMs) {
      // No post was made: another attempt (a new upload) is safe.
      throw new TransientPlatformError(
        'linkedin',
        `LinkedIn was still processing the video after ${Math.round(waited / 1000)} s (${status}).`,
        'server_error',
      );
    }
    const next = Math.min(delay, videoWait.maxWaitMs - waited);
    await sleep(next);
    waited += next;
    delay = Math.min(delay * 2, videoWait.maxDelayMs);
  }
}
