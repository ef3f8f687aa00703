import { z } from 'zod';
import { graphList, graphTimeToDate, nextCursor } from '../http/graph-list';
import { answerReader, comparableText } from '../http/parse-answer';

/*
 * The Graph API's answers about publishing on a Page (unpublished photos, the Page's feed) to our
 * types, and how a post read back is recognised as the one sent. Pure: tested alone
 * (publish-transform.test.ts).
 */

const parse = answerReader('facebook', 'Facebook');

const createdPhoto = z.object({ id: z.string().regex(/^\d+$/) }).loose();

/** `POST /{page-id}/photos {url, published:false}` → the photo's id, to attach to a post. */
export function toCreatedPhotoId(body: unknown): string {
  return parse(createdPhoto, body, 'uploaded photo').id;
}

/** `attached_media` of a feed post, as the form parameter Graph reads (a JSON array). */
export function attachedMedia(photoIds: string[]): string {
  return JSON.stringify(photoIds.map((id) => ({ media_fbid: id })));
}

const feedPage = graphList(
  z
    .object({
      id: z.string(),
      message: z.string().optional(),
      created_time: z.string().optional(),
      permalink_url: z.string().optional(),
    })
    .loose(),
);

export interface FeedPost {
  id: string;
  message: string;
  createdAt: Date | null;
  /** The post's link as Facebook gives it (`permalink_url`), when it sent one. */
  permalink: string | null;
}

/** One page of `GET /{page-id}/feed`: the posts, and the cursor of the next page when there is one. */
export function toFeedPage(body: unknown): { posts: FeedPost[]; after: string | null } {
  const parsed = parse(feedPage, body, 'Page feed');
  return {
    posts: parsed.data.map((post) => ({
      id: post.id,
      message: post.message ?? '',
      createdAt: graphTimeToDate(post.created_time),
      permalink: httpUrlOrNull(post.permalink_url),
    })),
    after: nextCursor(parsed.paging),
  };
}

const postLink = z.object({ permalink_url: z.string().optional() }).loose();

/**
 * `GET /{post-id}?fields=permalink_url` → the post's link. The Page Post reference documents
 * `permalink_url` ("The permanent static URL to this post on www.facebook.com"); its form
 * (`/{page}/posts/pfbid…`) is Facebook's to choose, so it is read, never built (Postiz
 * facebook.provider.ts keeps `permalink_url` as the post's release URL). Null when absent.
 */
export function toPermalink(body: unknown): string | null {
  return httpUrlOrNull(parse(postLink, body, 'post').permalink_url);
}

function httpUrlOrNull(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Is the post Facebook answered (its message) the one Kitepost sent as `text`? */
export function isSameFacebookPost(message: string, text: string): boolean {
  return comparableText(message) === comparableText(text);
}

const createdVideo = z.object({ id: z.string().regex(/^\d+$/) }).loose();

/** `POST /{page-id}/videos` → the video's id (what its status, comments and link take). */
export function toCreatedVideoId(body: unknown): string {
  return parse(createdVideo, body, 'created video').id;
}

const uploadSession = z.object({ video_id: z.string().regex(/^\d+$/), upload_url: z.string().url() }).loose();

/** `upload_phase=start` (Reels, video stories) → `{video_id, upload_url}` (the rupload address). */
export function toUploadSession(body: unknown): { videoId: string; uploadUrl: string } {
  const parsed = parse(uploadSession, body, 'upload session');
  return { videoId: parsed.video_id, uploadUrl: parsed.upload_url };
}

const succeeded = z.object({ success: z.literal(true) }).loose();

/** The rupload host's and a Reel finish's `{"success": true}`. */
export function toSuccess(body: unknown, what: string): void {
  parse(succeeded, body, what);
}

const storyPublished = z.object({ success: z.literal(true), post_id: z.string().regex(/^[\d_]+$/) }).loose();

/** `photo_stories` / `video_stories` finish → `{success: true, post_id}`: the story's post id. */
export function toStoryPostId(body: unknown): string {
  return parse(storyPublished, body, 'published story').post_id;
}

const phase = z
  .object({
    status: z.string().optional(),
    errors: z
      .array(z.object({ code: z.unknown().optional(), message: z.string().optional() }).loose())
      .optional(),
  })
  .loose()
  .optional();
const videoStatus = z
  .object({
    status: z
      .object({
        video_status: z.string(),
        uploading_phase: phase,
        processing_phase: phase,
        publishing_phase: phase,
      })
      .loose(),
  })
  .loose();

export type VideoProgress =
  | { state: 'ready' }
  | { state: 'processing' }
  | { state: 'error'; message: string };

/**
 * `GET /{video-id}?fields=status` → where the video is. The VideoStatus object (Meta's
 * facebook-python-business-sdk videostatus*.py): `video_status` (`ready`, `processing`,
 * `upload_complete`, `error`, …) and per phase `{status, errors[{code, message}]}`. Done when
 * `ready` (and, for a video being published, its publishing phase `complete`); failed on
 * `error` or a phase in `error`, with the phase's message. Anything else: still under way.
 */
export function toVideoProgress(body: unknown, published: boolean): VideoProgress {
  const { status } = parse(videoStatus, body, 'video status');
  const phases = [status.uploading_phase, status.processing_phase, status.publishing_phase];
  const failed = phases.find((item) => item?.status === 'error');
  if (status.video_status === 'error' || failed) {
    const message = (failed ?? status.processing_phase)?.errors?.find((item) => item.message)?.message;
    return { state: 'error', message: message ?? 'Facebook could not process the video.' };
  }
  const publishing = status.publishing_phase?.status;
  if (
    status.video_status === 'ready' &&
    (!published || publishing === undefined || publishing === 'complete')
  )
    return { state: 'ready' };
  return { state: 'processing' };
}

const createdComment = z
  .object({ id: z.string().regex(/^[\d_]+$/), permalink_url: z.string().optional() })
  .loose();

/** `POST /{object-id}/comments` → the comment's id and link (when Facebook sent one). */
export function toCreatedComment(body: unknown): { id: string; permalink: string | null } {
  const parsed = parse(createdComment, body, 'created comment');
  return { id: parsed.id, permalink: httpUrlOrNull(parsed.permalink_url) };
}

/**
 * A video's `permalink_url` as the Video reference gives it: a path on facebook.com
 * (`/{page}/videos/{id}/`), or a whole URL. Null when it is neither.
 */
export function toVideoPermalink(body: unknown, webBaseUrl: string): string | null {
  const value = parse(postLink, body, 'video').permalink_url;
  if (value?.startsWith('/')) return `${webBaseUrl.replace(/\/$/, '')}${value}`;
  return httpUrlOrNull(value);
}
