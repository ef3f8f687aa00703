import { setTimeout as sleep } from 'node:timers/promises';
import {
  InvalidContentError,
  type PublishedPost,
  type PublishInput,
  type PublishMedia,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import type { createFacebookApi } from './facebook-api';
import {
  toCreatedPhotoId,
  toCreatedVideoId,
  toStoryPostId,
  toSuccess,
  toUploadSession,
  toVideoPermalink,
  toVideoProgress,
  type VideoProgress,
} from './publish-transform';
import { facebookPostUrl } from './transform';

/*
 * Facebook's videos, Reels and Stories for the provider (facebook-provider.ts): each is uploaded
 * (Facebook downloads the signed URL), processed, and only then published, so a publish waits on
 * the video's status; a wait that ends without an answer after the video was sent to be published
 * is an unknown outcome whose hint (`videoId`) findVideoOutcome answers later.
 */

/** Video processing: the first status read after 1 s, then at most every 15 s, for 8 minutes. */
export const DEFAULT_VIDEO_POLL_MS = 1_000;
const MAX_VIDEO_POLL_MS = 15_000;
export const DEFAULT_VIDEO_WAIT_MS = 8 * 60_000;

/** Facebook accepted the call (2xx): what it created exists even when its answer cannot be read. */
export function createdOrUnknown<T>(body: unknown, read: (body: unknown) => T, what: string): T {
  try {
    return read(body);
  } catch (error) {
    throw new UnknownOutcomeError(
      'facebook',
      `Facebook accepted the ${what} but its answer could not be read: ${String(error)}`,
      undefined,
      { cause: error },
    );
  }
}

/** The one media item of a Reel or story (the post checks allow exactly one). */
function onlyMedia(media: PublishMedia[], kind: PublishMedia['kind'] | null, what: string): PublishMedia {
  const [item] = media;
  if (media.length !== 1 || !item || (kind && item.kind !== kind)) {
    throw new InvalidContentError(
      'facebook',
      `${what} takes exactly one ${kind ?? 'photo or video'}; ${media.length} media were given.`,
    );
  }
  return item;
}

export function createFacebookVideoPublisher({
  api,
  webBaseUrl,
  pollMs,
  waitMs,
}: {
  api: ReturnType<typeof createFacebookApi>;
  webBaseUrl: string;
  /** The first wait before a video's status is read (then longer each time). */
  pollMs: number;
  /** How long a video may process before the publish gives up. */
  waitMs: number;
}) {
  /**
   * A feed video: `POST /{page-id}/videos {file_url, description}`; Facebook downloads the signed
   * URL, processes the video and publishes it. Waits until it is ready; its link is the video's
   * `permalink_url`.
   */
  async function publishVideo(
    tokens: TokenSet,
    { account, text }: PublishInput,
    video: PublishMedia,
  ): Promise<PublishedPost> {
    const videoId = createdOrUnknown(
      await api.createVideo(tokens.accessToken, account.externalId, {
        file_url: video.url,
        description: text,
      }),
      toCreatedVideoId,
      'video',
    );
    await waitForVideo(tokens, videoId, 'published');
    let url: string | null = null;
    try {
      url = toVideoPermalink(await api.getObject(tokens.accessToken, videoId, ['permalink_url']), webBaseUrl);
    } catch {
      // The video's id-based link below.
    }
    return { externalId: videoId, url: url ?? facebookPostUrl(webBaseUrl, videoId) };
  }

  /**
   * A Reel (Reels Publishing API, developers.facebook.com/docs/video-api/guides/reels-publishing):
   * `video_reels` start → the hosted file's URL to the rupload host (`file_url` header) → finish
   * with `video_state=PUBLISHED` and the description → wait on the video's status. Its link is
   * facebook.com/reel/{video-id} (Postiz builds it the same way). Facebook allows 30 API-published
   * Reels per Page in a moving 24 h; the 31st is refused at `video_reels` (a RateLimitedError).
   */
  async function publishReel(
    tokens: TokenSet,
    { account, text, media }: PublishInput,
  ): Promise<PublishedPost> {
    const video = onlyMedia(media, 'video', 'A Facebook Reel');
    const pageId = account.externalId;
    const session = toUploadSession(await api.startVideoUpload(tokens.accessToken, pageId, 'video_reels'));
    toSuccess(await api.uploadHostedVideo(tokens.accessToken, session.uploadUrl, video.url), 'video upload');
    const finished = await api.finishVideoUpload(tokens.accessToken, pageId, 'video_reels', session.videoId, {
      video_state: 'PUBLISHED',
      description: text,
    });
    createdOrUnknown(finished, (body) => toSuccess(body, 'published Reel'), 'Reel');
    await waitForVideo(tokens, session.videoId, 'published');
    return { externalId: session.videoId, url: `${webBaseUrl}/reel/${session.videoId}` };
  }

  /**
   * A Page story (Page Stories API, developers.facebook.com/docs/page-stories-api): a photo as an
   * unpublished photo, then `photo_stories {photo_id}`; a video through `video_stories` start →
   * rupload (`file_url`) → wait until processed (as Postiz does before finishing) → finish. Stories
   * carry no text: the text is not sent. The answer's `post_id` is the story.
   */
  async function publishStory(tokens: TokenSet, { account, media }: PublishInput): Promise<PublishedPost> {
    const item = onlyMedia(media, null, 'A Facebook story');
    const pageId = account.externalId;
    let body: unknown;
    if (item.kind === 'image') {
      const photoId = toCreatedPhotoId(
        await api.uploadUnpublishedPhoto(tokens.accessToken, pageId, item.url),
      );
      body = await api.createPhotoStory(tokens.accessToken, pageId, photoId);
    } else {
      const session = toUploadSession(
        await api.startVideoUpload(tokens.accessToken, pageId, 'video_stories'),
      );
      toSuccess(await api.uploadHostedVideo(tokens.accessToken, session.uploadUrl, item.url), 'video upload');
      // Nothing is published yet: a failure while waiting leaves no story behind.
      await waitForVideo(tokens, session.videoId, 'processed');
      body = await api.finishVideoUpload(tokens.accessToken, pageId, 'video_stories', session.videoId, {});
    }
    const postId = createdOrUnknown(body, toStoryPostId, 'story');
    return { externalId: postId, url: facebookPostUrl(webBaseUrl, postId) };
  }

  /**
   * Polls `GET /{video-id}?fields=status` until the video is ready: after `videoPollMs`, then
   * half as long again each time up to 15 s (Facebook names no interval; Postiz polls its status
   * the same way), for at most `videoWaitMs`. A processing failure is an InvalidContentError with
   * Facebook's message. `published`: the video was sent to be published, so a wait that ends
   * without an answer (or a status that cannot be read) may have published it: an
   * UnknownOutcomeError. `processed`: nothing is public yet; failures keep their kind.
   */
  async function waitForVideo(tokens: TokenSet, videoId: string, stage: 'published' | 'processed') {
    const deadline = Date.now() + waitMs;
    let interval = pollMs;
    for (;;) {
      await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
      let progress: VideoProgress;
      try {
        progress = toVideoProgress(
          await api.getObject(tokens.accessToken, videoId, ['status']),
          stage === 'published',
        );
      } catch (error) {
        if (stage === 'processed' || error instanceof TokenExpiredError) throw error;
        throw new UnknownOutcomeError(
          'facebook',
          `Facebook took the video but its status could not be read: ${String(error)}`,
          { videoId },
          { cause: error },
        );
      }
      if (progress.state === 'ready') return;
      if (progress.state === 'error') {
        throw new InvalidContentError(
          'facebook',
          `Facebook could not process the video: ${progress.message}`,
        );
      }
      if (Date.now() >= deadline) {
        const message = `Facebook was still processing the video after ${Math.round(waitMs / 1000)} s.`;
        if (stage === 'processed') throw new SocialPlatformError('facebook', message);
        throw new UnknownOutcomeError('facebook', message, { videoId });
      }
      interval = Math.min(interval * 1.5, MAX_VIDEO_POLL_MS);
    }
  }

  /**
   * After an unknown outcome, a video (or Reel) whose wait ended without an answer: its own status
   * says whether it is out (ready: published; error: never published).
   */
  async function findVideoOutcome(tokens: TokenSet, videoId: string): Promise<PublishedPost | null> {
    const progress = toVideoProgress(await api.getObject(tokens.accessToken, videoId, ['status']), true);
    if (progress.state === 'error') return null;
    if (progress.state === 'processing') {
      throw new SocialPlatformError('facebook', 'Facebook is still processing the video.');
    }
    return { externalId: videoId, url: facebookPostUrl(webBaseUrl, videoId) };
  }

  return { publishVideo, publishReel, publishStory, findVideoOutcome };
}
