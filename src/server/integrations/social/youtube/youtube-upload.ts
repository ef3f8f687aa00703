import { setTimeout as delay } from 'node:timers/promises';
import {
  InvalidContentError,
  SocialPlatformError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { chunksFrom, type YouTubeUpload } from './publish-transform';
import { processingOutcome, toVideo, toVideos, type YouTubeVideo } from './transform';
import type { createYouTubeApi } from './youtube-api';

/*
 * A video's upload by YouTube's resumable protocol (developers.google.com/youtube/v3/guides/
 * using_resumable_upload_protocol), then the wait for its processing. A chunk whose answer is
 * lost or a 5xx is not repeated blindly: the session is asked what it has (`Content-Range:
 * bytes *\/total`, step 3) and the upload goes on from there, as the guide says to.
 */

type YouTubeApi = ReturnType<typeof createYouTubeApi>;

/** Times a lost or failed chunk is followed by a status query before giving up. */
const MAX_RESUMES = 3;

/** What reconciliation needs when an upload's outcome is unknown. */
export const uploadHint = (upload: YouTubeUpload, uploadUrl: string | null): Record<string, string> => ({
  title: upload.metadata.snippet.title,
  sizeBytes: String(upload.video.sizeBytes),
  ...(uploadUrl ? { uploadUrl } : {}),
});

const mayResume = (error: unknown) =>
  error instanceof TransientPlatformError || error instanceof UnknownOutcomeError;

export async function uploadVideo(
  api: YouTubeApi,
  accessToken: string,
  upload: YouTubeUpload,
  chunkBytes: number,
): Promise<YouTubeVideo> {
  const { video } = upload;
  const total = video.sizeBytes;
  const uploadUrl = await api.startUpload(accessToken, upload.metadata, {
    sizeBytes: total,
    mimeType: video.mimeType,
  });
  const lost = (error: unknown, what: string): never => {
    throw new UnknownOutcomeError(
      'youtube',
      `${what}; the video may or may not exist.`,
      uploadHint(upload, uploadUrl),
      {
        cause: error,
      },
    );
  };
  let received = 0;
  let resumes = 0;
  for (;;) {
    const [chunk] = chunksFrom(received, total, chunkBytes);
    if (!chunk) lost(null, 'YouTube has every byte but answered no video');
    const { first, end } = chunk as { first: number; end: number };
    const bytes = await video.readRange(first, end);
    let progress: Awaited<ReturnType<YouTubeApi['putChunk']>>;
    try {
      progress = await api.putChunk(accessToken, uploadUrl, {
        bytes,
        first,
        total,
        mimeType: video.mimeType,
      });
    } catch (error) {
      if (!mayResume(error) || resumes >= MAX_RESUMES) {
        if (error instanceof UnknownOutcomeError) lost(error, 'The upload to YouTube broke off');
        throw error;
      }
      resumes += 1;
      try {
        progress = await api.uploadStatus(accessToken, uploadUrl, total);
      } catch (statusError) {
        return lost(
          statusError,
          'The upload to YouTube broke off and its session did not say how far it got',
        );
      }
    }
    if (progress.done) {
      try {
        return toVideo(progress.video);
      } catch (error) {
        return lost(error, 'YouTube took the video but answered no video resource');
      }
    }
    if (progress.received < first) {
      // YouTube has less than it acknowledged before: start over from what it has.
      resumes += 1;
      if (resumes > MAX_RESUMES)
        throw new SocialPlatformError('youtube', 'YouTube keeps losing the uploaded bytes.');
    }
    received = progress.received;
  }
}

/**
 * Waits for YouTube to process the video (`videos.list part=status,processingDetails`, one unit a
 * check, `checks` at most): a failed or rejected upload fails the post with YouTube's reason; one
 * still processing when the checks run out is published (YouTube finishes it on its own). Answers
 * the checks made.
 */
export async function awaitProcessing(
  api: YouTubeApi,
  accessToken: string,
  videoId: string,
  options: { checks: number; intervalMs: number },
): Promise<number> {
  for (let check = 1; check <= options.checks; check++) {
    const [found] = toVideos(await api.listVideos(accessToken, [videoId], 'status,processingDetails'));
    if (!found)
      throw new SocialPlatformError('youtube', `YouTube no longer knows the video ${videoId} it just took.`);
    const outcome = processingOutcome(found);
    if (outcome.state === 'failed') throw new InvalidContentError('youtube', outcome.reason);
    if (outcome.state === 'done') return check;
    if (check < options.checks) await delay(options.intervalMs);
  }
  return options.checks;
}
