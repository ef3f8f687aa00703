import type { FastifyInstance } from 'fastify';
import { checkPostFits } from '../../../../contracts/post-text';
import { downloadMedia, instagramDownloadRefusal } from './media-download';
import { graphError, httpUrl, invalidParameter, mediaNotReady } from './meta-graph-shapes';
import { insertContainer as insertGraphContainer, publishContainer } from './meta-graph-store';
import type { SimulatedAnswer } from './sandbox-faults';
import type { SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import { imageAspectRefused, TH_VIDEO_MAX_BYTES, threadsVideoFailure } from './threads-media-rules';
import {
  missingPermission,
  newThreadsId,
  noSuchObject,
  TH_GRAPH_PATH,
  TH_IMAGE_PROCESSING_MS,
  TH_PUBLISH_QUOTA,
  TH_QUOTA_WINDOW_SECONDS,
  TH_REPLY_QUOTA,
  TH_VIDEO_PROCESSING_MS,
  type ThreadsMediaEntry,
  type ThreadsRoute,
  threadsContainerState,
  threadsHeadOf,
} from './threads-shapes';
import { countPublishedSince, findThreadsObject } from './threads-store';
import { downloadVideo } from './video-download';

/*
 * The pretend Threads' publishing: containers (`POST /{threads-user-id}/threads`) for text, an
 * image, a video, a carousel item and a carousel, and `POST /{threads-user-id}/threads_publish`.
 * Sources: [TH-POSTS] developers.facebook.com/docs/threads/posts (parameters, limits, media
 * specifications), [TH-REPLY] …/docs/threads/reply-management, [TH-OVERVIEW] …/docs/threads/
 * overview (250 posts and 1,000 replies per 24 h), [TH-TROUBLE] …/docs/threads/troubleshooting.
 */

const BASIC = 'threads_basic';
const PUBLISH = 'threads_content_publish';
/** Replying needs threads_manage_replies [TH-REPLY]. */
const REPLIES = 'threads_manage_replies';
const MEDIA_TYPES = ['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
/** "Carousels are limited to 20 images, videos, or a mix of the two", at least 2 [TH-POSTS]. */
const MIN_CHILDREN = 2;
const MAX_CHILDREN = 20;
/** `alt_text`: "Max 1000 characters" [TH-POSTS]. */
const MAX_ALT_TEXT = 1000;

export function registerThreadsContainerRoutes(
  app: FastifyInstance,
  options: SimulatorContext,
  route: ThreadsRoute,
) {
  const { db } = options;
  const videoMs = TH_VIDEO_PROCESSING_MS;
  const isSelf = (id: string, account: SandboxAccount) => id === 'me' || id === account.externalId;

  function insertContainer(account: SandboxAccount, text: string, entries: ThreadsMediaEntry[]) {
    return insertGraphContainer(db, 'threads', account, text, entries);
  }

  /** An image: downloaded now (Meta answers an unfetchable image at once), FINISHED shortly. */
  async function imageEntry(params: Fields): Promise<ThreadsMediaEntry | SimulatedAnswer> {
    if (!params.image_url)
      return invalidParameter('The parameter image_url is required for media_type IMAGE');
    const url = httpUrl(params.image_url);
    if (!url) return invalidParameter('Param image_url must be a valid URL');
    const download = await downloadMedia(options.mediaFetch, 'threads', url.toString());
    if (!download.ok) return instagramDownloadRefusal(url.toString(), download);
    const refused = imageAspectRefused(download.image.width, download.image.height);
    return {
      id: newThreadsId(),
      url: url.toString(),
      kind: 'image',
      availableAt: Date.now() + TH_IMAGE_PROCESSING_MS,
      ...(refused ? { failed: 'INVALID_ASPEC_RATIO' } : {}),
    };
  }

  /** A video: the id at once, downloaded and processed asynchronously; a bad one turns ERROR. */
  async function videoEntry(params: Fields, fault: string | null | undefined) {
    if (!params.video_url)
      return invalidParameter('The parameter video_url is required for media_type VIDEO');
    const url = httpUrl(params.video_url);
    if (!url) return invalidParameter('Param video_url must be a valid URL');
    const download = await downloadVideo(options.mediaFetch, url.toString(), {
      maxBytes: TH_VIDEO_MAX_BYTES,
    });
    let failed = threadsVideoFailure(download);
    if (download.ok) await download.discard();
    if (!failed && fault === 'video-processing-failed') failed = 'FAILED_PROCESSING_VIDEO';
    const entry: ThreadsMediaEntry = {
      id: newThreadsId(),
      url: url.toString(),
      kind: 'video',
      availableAt: Date.now() + videoMs,
      ...(failed ? { failed } : {}),
    };
    return entry;
  }

  /** `media_type=CAROUSEL&children=…`: every child this account's FINISHED carousel item. */
  async function carouselEntries(account: SandboxAccount, params: Fields) {
    if (!params.children)
      return invalidParameter('The parameter children is required for media_type CAROUSEL');
    const ids = params.children
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length < MIN_CHILDREN || ids.length > MAX_CHILDREN) {
      return invalidParameter(
        `A carousel needs ${MIN_CHILDREN} to ${MAX_CHILDREN} children; got ${ids.length}.`,
      );
    }
    if (new Set(ids).size !== ids.length) return invalidParameter('The same child appears twice.');
    const children: ThreadsMediaEntry[] = [];
    for (const id of ids) {
      const found = await findThreadsObject(db, id, account.workspaceId);
      const head = found ? threadsHeadOf(found.post) : undefined;
      if (found?.kind !== 'container' || found.account.id !== account.id || !head) {
        return invalidParameter(`Media ID ${id} is not a media container of this profile.`);
      }
      if (!head.carouselItem)
        return invalidParameter(`Media ID ${id} was not created with is_carousel_item=true.`);
      const state = threadsContainerState(found.post, Date.now());
      if (state.status === 'IN_PROGRESS') return mediaNotReady();
      if (state.status !== 'FINISHED')
        return invalidParameter(`Media ID ${id} cannot be used: ${state.status}.`);
      children.push({
        id: head.id,
        url: head.url,
        kind: head.kind,
        ...(head.altText ? { altText: head.altText } : {}),
      });
    }
    return children;
  }

  app.post(
    `${TH_GRAPH_PATH}/:userId/threads`,
    { config: PUBLIC, schema: HIDDEN },
    route([BASIC, PUBLISH], 'upload', async (request, caller, params) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller.account)) return noSuchObject(userId, 'post');
      const mediaType = params.media_type as MediaType | undefined;
      // media_type is "Required": TEXT, IMAGE, VIDEO or CAROUSEL [TH-POSTS].
      if (!mediaType || !MEDIA_TYPES.includes(mediaType)) {
        return invalidParameter('Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}');
      }
      const carouselItem = params.is_carousel_item === 'true';
      if (carouselItem && mediaType !== 'IMAGE' && mediaType !== 'VIDEO') {
        return invalidParameter('is_carousel_item applies only to images and videos.');
      }
      const text = carouselItem ? '' : (params.text ?? '');
      const fit = checkPostFits('threads', text, []);
      // "Text posts are limited to 500 characters" [TH-POSTS]; Postiz reads this very message.
      if (!fit.fits) return invalidParameter(`Param text must be at most ${fit.max} characters long.`);
      if (mediaType === 'TEXT' && !text.trim())
        return invalidParameter('The parameter text is required for media_type TEXT');
      if (mediaType !== 'IMAGE' && params.image_url)
        return invalidParameter('image_url is only for media_type IMAGE.');
      if (mediaType !== 'VIDEO' && params.video_url)
        return invalidParameter('video_url is only for media_type VIDEO.');
      if (params.alt_text !== undefined) {
        if (mediaType !== 'IMAGE' && mediaType !== 'VIDEO')
          return invalidParameter('alt_text is for images and videos only.');
        if ([...params.alt_text].length > MAX_ALT_TEXT)
          return invalidParameter(`alt_text can have at most ${MAX_ALT_TEXT} characters.`);
      }
      let linkAttachment: string | undefined;
      if (params.link_attachment !== undefined) {
        // link_attachment: "only available for text-only posts" [TH-POSTS, Links].
        if (mediaType !== 'TEXT')
          return invalidParameter('link_attachment is only available for text posts.');
        const link = httpUrl(params.link_attachment);
        if (!link) return invalidParameter('Param link_attachment must be a valid URL');
        linkAttachment = link.toString();
      }
      let replyTo: string | undefined;
      if (params.reply_to_id !== undefined) {
        if (carouselItem) return invalidParameter('reply_to_id is not for carousel items.');
        if (!caller.scopes.includes(REPLIES)) return missingPermission(REPLIES);
        const parent = await findThreadsObject(db, params.reply_to_id, caller.account.workspaceId);
        if (parent?.kind !== 'post') return noSuchObject(params.reply_to_id, 'post');
        replyTo = parent.post.externalId;
      }
      const own = {
        ...(carouselItem ? { carouselItem: true } : {}),
        ...(params.alt_text ? { altText: params.alt_text } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(linkAttachment ? { linkAttachment } : {}),
      };
      switch (mediaType) {
        case 'TEXT':
          return insertContainer(caller.account, text, [
            { id: newThreadsId(), url: null, kind: 'text', ...own },
          ]);
        case 'IMAGE': {
          const entry = await imageEntry(params);
          if ('status' in entry) return entry;
          return insertContainer(caller.account, text, [{ ...entry, ...own }]);
        }
        case 'VIDEO': {
          const entry = await videoEntry(params, caller.fault);
          if ('status' in entry) return entry;
          if (entry.failed)
            request.log.info({ failed: entry.failed }, 'pretend Threads: video container fails');
          return insertContainer(caller.account, text, [{ ...entry, ...own }]);
        }
        case 'CAROUSEL': {
          const children = await carouselEntries(caller.account, params);
          if (!Array.isArray(children)) return children;
          const head: ThreadsMediaEntry = {
            id: newThreadsId(),
            url: children[0]?.url ?? null,
            kind: 'carousel',
            ...own,
          };
          return insertContainer(caller.account, text, [head, ...children]);
        }
      }
    }),
  );

  app.post(
    `${TH_GRAPH_PATH}/:userId/threads_publish`,
    { config: PUBLIC, schema: HIDDEN },
    route([BASIC, PUBLISH], 'publish', async (request, caller, params) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller.account)) return noSuchObject(userId, 'post');
      const containerId = params.creation_id;
      if (!containerId) return invalidParameter('The parameter creation_id is required');
      const found = await findThreadsObject(db, containerId, caller.account.workspaceId);
      if (!found || found.kind === 'post' || found.account.id !== caller.account.id) {
        return invalidParameter(`Media ID ${containerId} is not a media container of this profile.`);
      }
      if (found.kind === 'published-container')
        return invalidParameter('This media container has already been published.');
      const head = threadsHeadOf(found.post);
      if (head?.carouselItem)
        return invalidParameter(`Media ID ${containerId} is a carousel item; publish its carousel.`);
      const state = threadsContainerState(found.post, Date.now());
      if (state.status === 'IN_PROGRESS') return mediaNotReady();
      if (state.status === 'EXPIRED')
        return invalidParameter('The media container has expired. Please create it again.');
      if (state.status === 'ERROR')
        return invalidParameter(`The media container cannot be published: ${state.error}`);
      // 250 posts and 1,000 replies per profile in 24 h, enforced here [TH-OVERVIEW]; the error's
      // code is not documented (UNCONFIRMED): Meta's code 9 "Application request limit reached".
      const reply = Boolean(head?.replyTo);
      const used = await countPublishedSince(db, caller.account.id, TH_QUOTA_WINDOW_SECONDS * 1000, reply);
      const quota = reply ? TH_REPLY_QUOTA : TH_PUBLISH_QUOTA;
      if (used >= quota) {
        return graphError(400, {
          message: 'Application request limit reached',
          code: 9,
          userTitle: 'Max posts reached',
          userMessage: `The profile has reached its limit of ${quota} API-published ${reply ? 'replies' : 'posts'} in 24 hours.`,
        });
      }
      const postId = newThreadsId();
      if (!(await publishContainer(db, found.post.id, postId))) {
        return invalidParameter('This media container has already been published.');
      }
      return { status: 200, body: { id: postId } };
    }),
  );
}
