import type { FastifyInstance, FastifyRequest } from 'fastify';
import { platformRules } from '../../../../contracts/platforms';
import { checkPostFits } from '../../../../contracts/post-text';
import type { InstagramGraphRoute } from './instagram-insights-simulator';
import {
  type InstagramVideoUse,
  maxVideoBytes,
  VIDEO_UPLOAD_FAILED,
  videoFailure,
} from './instagram-media-rules';
import type { InstagramSimulatorOptions } from './instagram-oauth-simulator';
import {
  containerProcessingMs,
  containerState,
  IG_GRAPH_PATH,
  IG_PUBLISH_QUOTA,
  IG_PUBLISH_WINDOW_SECONDS,
  IG_VIDEO_PROCESSING_MS,
  newInstagramId,
  noSuchObject,
} from './instagram-shapes';
import {
  asStoredMedia,
  countRecentlyPublished,
  findInstagramObject,
  headOf,
  type InstagramMediaEntry,
} from './instagram-store';
import { downloadMedia, instagramDownloadRefusal } from './media-download';
import { graphError, httpUrl, invalidParameter, mediaNotReady } from './meta-graph-shapes';
import { insertContainer as insertGraphContainer, publishContainer } from './meta-graph-store';
import type { SandboxFault, SimulatedAnswer } from './sandbox-faults';
import { updateContainerMedia } from './sandbox-posts';
import type { SandboxAccount } from './sandbox-store';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import { downloadVideo } from './video-download';

/*
 * The pretend Instagram's content publishing (Instagram API with Instagram Login): containers
 * (`POST /{ig-user-id}/media`) for an image, a carousel item, a carousel, a Reel and a Story,
 * `media_publish`, and comments on published media. Sources, cited per rule below: [IG-MEDIA] the
 * "IG User Media" reference (developers.facebook.com/docs/instagram-platform/instagram-graph-api/
 * reference/ig-user/media), [IG-CP] the content publishing guide, [IG-ERR] the error codes
 * reference, [IG-CL-2022] the June 28 2022 changelog (VIDEO retired for REELS).
 */

const BASIC = 'instagram_business_basic';
const PUBLISH = 'instagram_business_content_publish';
const COMMENTS = 'instagram_business_manage_comments';
/** "Carousels can have up to 10 total images, videos, or a mix" [IG-MEDIA]; at least 2 (2207028). */
const MIN_CHILDREN = 2;
const MAX_CHILDREN = 10;
/** `alt_text`: "up to 1000 character" [IG-MEDIA, as quoted in the research sheet 4.3]. */
const MAX_ALT_TEXT = 1000;
/** Comment length is not published by Meta; the sandbox holds it to the caption's 2,200 (UNCONFIRMED). */
const MAX_COMMENT = 2200;
/** Feed images: "Must be within a 4:5 to 1.91:1 range" [IG-MEDIA] (36003/2207009 [IG-ERR]). */
const FEED_ASPECT = { min: 4 / 5, max: 1.91 };

const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'REELS', 'STORIES', 'CAROUSEL'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];

/** 2207028 [IG-ERR as quoted in the research sheet 4.2]: the carousel's items are wrong. */
const carouselInvalid = (why: string) =>
  graphError(400, {
    message: `(#100) ${why}`,
    code: 100,
    subcode: 2207028,
    userTitle: 'Carousel validation failed',
    userMessage:
      "Your post won't work as a carousel. Carousels need at least 2 and at most 10 photos or videos that were created as carousel items.",
  });

const unfetchable = () =>
  graphError(400, {
    message: 'Only photo or video can be accepted as media type.',
    type: 'OAuthException',
    code: 9004,
    subcode: 2207052,
    userTitle: 'Media download has failed.',
    userMessage: 'The media could not be fetched from this URI.',
  });

/** Caption rules: "Maximum 2200 characters, 30 hashtags, and 20 @ tags" [IG-MEDIA]. */
function captionRefusal(caption: string): SimulatedAnswer | null {
  const rules = platformRules.instagram;
  const fit = checkPostFits('instagram', caption, []);
  if (!fit.fits) {
    return invalidParameter(
      `The caption is too long: ${fit.length} characters; captions can have at most ${rules.maxLength}.`,
    );
  }
  if (fit.tooManyHashtags) {
    return invalidParameter(
      `The caption has too many hashtags; captions can have at most ${rules.maxHashtags}.`,
    );
  }
  return null;
}

export function registerInstagramContainerRoutes(
  app: FastifyInstance,
  options: InstagramSimulatorOptions,
  graphRoute: InstagramGraphRoute,
) {
  const { db } = options;
  const videoProcessingMs = options.instagramVideoProcessingMs ?? IG_VIDEO_PROCESSING_MS;
  const isSelf = (id: string, account: SandboxAccount) => id === 'me' || id === account.externalId;

  function insertContainer(account: SandboxAccount, caption: string, entries: InstagramMediaEntry[]) {
    return insertGraphContainer(db, 'instagram', account, caption, entries);
  }

  /** An image container: downloaded now (Meta answers a bad image at once), FINISHED shortly. */
  async function createImage(
    account: SandboxAccount,
    params: Fields,
    input: { igType: 'IMAGE' | 'STORIES'; carouselItem: boolean; caption: string },
  ): Promise<SimulatedAnswer> {
    if (!params.image_url) return invalidParameter('The parameter image_url is required');
    const imageUrl = httpUrl(params.image_url);
    if (!imageUrl) return unfetchable();
    const download = await downloadMedia(options.mediaFetch, 'instagram', imageUrl.toString());
    if (!download.ok) return instagramDownloadRefusal(imageUrl.toString(), download);
    const aspect = download.image.width / download.image.height;
    // Stories only recommend 9:16 [IG-MEDIA, Story Image Specifications]; feed images must fit.
    if (input.igType === 'IMAGE' && (aspect < FEED_ASPECT.min - 0.005 || aspect > FEED_ASPECT.max + 0.005)) {
      return graphError(400, {
        message: 'The aspect ratio is not supported.',
        code: 36003,
        subcode: 2207009,
        userTitle: 'Cannot publish this image',
        userMessage: `The submitted image with aspect ratio ${aspect.toFixed(2)} cannot be published. Please submit an image with a valid aspect ratio (4:5 to 1.91:1).`,
      });
    }
    const id = newInstagramId();
    const seedDelay = containerProcessingMs({ metricsSeed: Number.parseInt(id.slice(-6), 10) });
    return insertContainer(account, input.caption, [
      {
        id,
        url: imageUrl.toString(),
        kind: 'image',
        igType: input.igType,
        ...(input.carouselItem ? { carouselItem: true } : {}),
        availableAt: Date.now() + seedDelay,
        ...(params.alt_text ? { altText: params.alt_text } : {}),
      },
    ]);
  }

  /**
   * A video container: Meta answers the id at once and downloads and processes asynchronously
   * ("Video uploads are asynchronous, so receiving a container ID does not guarantee that the
   * upload was successful" [IG-MEDIA]); a video it cannot use turns the container to ERROR.
   */
  async function createVideo(
    request: FastifyRequest,
    account: SandboxAccount,
    params: Fields,
    input: { use: InstagramVideoUse; carouselItem: boolean; caption: string },
    fault: SandboxFault | null | undefined,
  ): Promise<SimulatedAnswer> {
    if (!params.video_url) return invalidParameter('The parameter video_url is required');
    const videoUrl = httpUrl(params.video_url);
    if (!videoUrl) return unfetchable();
    let coverUrl: string | undefined;
    if (params.cover_url !== undefined) {
      // cover_url: "For Reels only" [IG-MEDIA].
      if (input.use !== 'REELS') return invalidParameter('Invalid parameter: cover_url is for Reels only.');
      const cover = httpUrl(params.cover_url);
      if (!cover) return unfetchable();
      coverUrl = cover.toString();
    }
    if (params.share_to_feed !== undefined) {
      if (input.use !== 'REELS')
        return invalidParameter('Invalid parameter: share_to_feed is for Reels only.');
      if (params.share_to_feed !== 'true' && params.share_to_feed !== 'false')
        return invalidParameter('Param share_to_feed must be a boolean.');
    }
    const download = await downloadVideo(options.mediaFetch, videoUrl.toString(), {
      maxBytes: maxVideoBytes(input.use),
    });
    let failure = videoFailure(input.use, download);
    if (download.ok) await download.discard();
    if (!failure && coverUrl) {
      // The cover is a JPEG of at most 8 MB [IG-MEDIA, Reels cover photo], downloaded like an image.
      const cover = await downloadMedia(options.mediaFetch, 'instagram', coverUrl);
      if (!cover.ok) failure = { subcode: 2207052, reason: `cover: ${cover.reason} ${cover.detail}` };
    }
    if (!failure && fault === 'video-processing-failed') {
      // Meta's "unknown upload error" for a video (-1/2207053, error codes reference).
      failure = { subcode: VIDEO_UPLOAD_FAILED, reason: 'the video-processing-failed sandbox fault' };
    }
    if (failure) request.log.info({ failure }, 'pretend Instagram: video container fails');
    return insertContainer(account, input.caption, [
      {
        id: newInstagramId(),
        url: videoUrl.toString(),
        kind: 'video',
        igType: input.use,
        ...(input.carouselItem ? { carouselItem: true } : {}),
        availableAt: Date.now() + videoProcessingMs,
        ...(failure ? { failed: failure.subcode } : {}),
        ...(coverUrl ? { coverUrl } : {}),
        ...(input.use === 'REELS' ? { shareToFeed: params.share_to_feed !== 'false' } : {}),
      },
    ]);
  }

  /** `media_type=CAROUSEL&children=…`: every child this account's FINISHED carousel item. */
  async function createCarousel(account: SandboxAccount, params: Fields, caption: string) {
    if (params.children === undefined) return invalidParameter('The parameter children is required');
    const ids = params.children
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((id) => id.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);
    if (ids.length < MIN_CHILDREN || ids.length > MAX_CHILDREN) {
      return carouselInvalid(
        `A carousel needs ${MIN_CHILDREN} to ${MAX_CHILDREN} children; got ${ids.length}.`,
      );
    }
    if (new Set(ids).size !== ids.length) return carouselInvalid('The same child appears twice.');
    const children: InstagramMediaEntry[] = [];
    for (const id of ids) {
      const found = /^\d{1,20}$/.test(id)
        ? await findInstagramObject(db, id, account.workspaceId)
        : undefined;
      if (found?.kind !== 'container' || found.account.id !== account.id) {
        return carouselInvalid(`Media ID ${id} is not a media container of this account.`);
      }
      const head = headOf(found.post);
      // Items are "image or video containers … (reels are not supported)", made with is_carousel_item.
      if (!head?.carouselItem) {
        return carouselInvalid(`Media ID ${id} was not created with is_carousel_item=true.`);
      }
      const state = containerState(found.post, Date.now());
      if (state.code === 'IN_PROGRESS') return mediaNotReady();
      if (state.code !== 'FINISHED') {
        return carouselInvalid(`Media ID ${id} cannot be used: ${state.status}`);
      }
      children.push({
        id: head.id,
        url: head.url,
        kind: head.kind,
        ...(head.igType ? { igType: head.igType } : {}),
        ...(head.altText ? { altText: head.altText } : {}),
      });
    }
    const id = newInstagramId();
    return insertContainer(account, caption, [
      {
        id,
        url: children[0]?.url ?? null,
        kind: 'carousel',
        igType: 'CAROUSEL',
        availableAt: Date.now() + containerProcessingMs({ metricsSeed: Number.parseInt(id.slice(-6), 10) }),
      },
      ...children,
    ]);
  }

  app.post(
    `${IG_GRAPH_PATH}/:userId/media`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute([BASIC, PUBLISH], 'upload', async (request, caller, params) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller.account)) return noSuchObject(userId, 'post');
      const mediaType = (params.media_type ?? 'IMAGE') as MediaType;
      if (!MEDIA_TYPES.includes(mediaType)) {
        return invalidParameter(`Param media_type must be one of {CAROUSEL, REELS, STORIES, VIDEO, IMAGE}`);
      }
      const carouselItem = params.is_carousel_item === 'true';
      // is_carousel_item "Applies only to images and video" [IG-MEDIA].
      if (carouselItem && mediaType !== 'IMAGE' && mediaType !== 'VIDEO') {
        return invalidParameter(
          mediaType === 'REELS'
            ? 'Reels cannot appear in album carousels; create a VIDEO carousel item instead.'
            : `is_carousel_item applies only to images and videos, not ${mediaType}.`,
        );
      }
      if (params.alt_text !== undefined) {
        // "alt_text field for image posts … Reels and stories are not supported" [IG-CP].
        if (mediaType !== 'IMAGE') return invalidParameter('Invalid parameter: alt_text is for images only.');
        if (Array.from(params.alt_text).length > MAX_ALT_TEXT) {
          return invalidParameter(`alt_text can have at most ${MAX_ALT_TEXT} characters.`);
        }
      }
      const caption = params.caption ?? '';
      if (caption) {
        // caption is "Not supported on images or videos in carousels" [IG-MEDIA]; Stories show none.
        if (carouselItem) return invalidParameter('caption is not supported on carousel items.');
        const refused = captionRefusal(caption);
        if (refused) return refused;
      }
      switch (mediaType) {
        case 'IMAGE':
          return createImage(caller.account, params, { igType: 'IMAGE', carouselItem, caption });
        case 'VIDEO':
          // "Beginning November 9, 2023, the VIDEO value for media_type will no longer be supported.
          // Use the REELS media type" [IG-CL-2022]: VIDEO lives on only as a carousel item [IG-MEDIA].
          if (!carouselItem) {
            return invalidParameter(
              'The VIDEO media type is no longer supported. Use REELS to publish a video to your feed.',
            );
          }
          return createVideo(
            request,
            caller.account,
            params,
            { use: 'VIDEO', carouselItem, caption: '' },
            caller.fault,
          );
        case 'REELS':
          return createVideo(
            request,
            caller.account,
            params,
            { use: 'REELS', carouselItem: false, caption },
            caller.fault,
          );
        case 'STORIES':
          // "Support either video URL or Reels URL but not both" [IG-MEDIA, Story Limitations].
          if (params.image_url && params.video_url) {
            return invalidParameter('A story takes either image_url or video_url, not both.');
          }
          if (params.video_url) {
            return createVideo(
              request,
              caller.account,
              params,
              { use: 'STORIES', carouselItem: false, caption: '' },
              caller.fault,
            );
          }
          return createImage(caller.account, params, { igType: 'STORIES', carouselItem: false, caption: '' });
        case 'CAROUSEL':
          return createCarousel(caller.account, params, caption);
      }
    }),
  );

  app.post(
    `${IG_GRAPH_PATH}/:userId/media_publish`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute([BASIC, PUBLISH], 'publish', async (request, caller, params) => {
      const { userId } = request.params as { userId: string };
      if (!isSelf(userId, caller.account)) return noSuchObject(userId, 'post');
      const containerId = params.creation_id;
      if (!containerId) return invalidParameter('The parameter creation_id is required');
      const found = /^\d{1,20}$/.test(containerId)
        ? await findInstagramObject(db, containerId, caller.account.workspaceId)
        : undefined;
      if (!found || found.kind === 'media' || found.account.id !== caller.account.id) {
        return invalidParameter(`Media ID ${containerId} is not a media container of this account.`);
      }
      if (found.kind === 'published-container') {
        return invalidParameter('This media container has already been published.');
      }
      // A carousel item is published through its carousel (UNCONFIRMED wording).
      if (headOf(found.post)?.carouselItem) {
        return invalidParameter(`Media ID ${containerId} is a carousel item; publish its carousel instead.`);
      }
      const state = containerState(found.post, Date.now());
      // Publishing before FINISHED: code 9007, subcode 2207027 [IG-ERR as quoted in the sheet 4.6].
      if (state.code === 'IN_PROGRESS') return mediaNotReady();
      if (state.code === 'EXPIRED') {
        return invalidParameter(
          'The media you are trying to access has expired. Please try to upload again.',
          2207020,
        );
      }
      if (state.code === 'ERROR')
        return invalidParameter(`The media container cannot be published: ${state.status}`);
      const used = await countRecentlyPublished(db, caller.account.id, IG_PUBLISH_WINDOW_SECONDS * 1000);
      if (used >= IG_PUBLISH_QUOTA) {
        return graphError(400, {
          message: 'Application request limit reached',
          code: 9,
          subcode: 2207042,
          userTitle: 'Max posts reached',
          userMessage: `The account has reached its limit of ${IG_PUBLISH_QUOTA} API-published posts in 24 hours.`,
        });
      }
      const mediaId = newInstagramId();
      if (!(await publishContainer(db, found.post.id, mediaId))) {
        return invalidParameter('This media container has already been published.');
      }
      return { status: 200, body: { id: mediaId } };
    }),
  );

  /**
   * `POST /{ig-media-id}/comments?message=…` → `{id}` (IG Media Comments reference; Postiz
   * instagram.provider.ts comment(), scope instagram_business_manage_comments with Instagram
   * Login). Only published media of the account; a story takes no comments (UNCONFIRMED: no
   * public comments on stories).
   */
  app.post(
    `${IG_GRAPH_PATH}/:id/comments`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute([BASIC, COMMENTS], 'other', async (request, caller, params) => {
      const { id } = request.params as { id: string };
      const found = /^\d{1,20}$/.test(id)
        ? await findInstagramObject(db, id, caller.account.workspaceId)
        : undefined;
      if (found?.kind !== 'media' || found.account.id !== caller.account.id) return noSuchObject(id, 'post');
      const message = params.message ?? '';
      if (!message.trim()) return invalidParameter('The parameter message is required');
      if (Array.from(message).length > MAX_COMMENT) {
        return invalidParameter(
          `The comment is too long; comments can have at most ${MAX_COMMENT} characters.`,
        );
      }
      if (headOf(found.post)?.igType === 'STORIES') {
        return invalidParameter('Comments are not supported on stories.');
      }
      const commentId = newInstagramId();
      await updateContainerMedia(db, found.post.id, [
        ...found.post.media,
        ...asStoredMedia([{ id: commentId, url: null, kind: 'comment', text: message, at: Date.now() }]),
      ]);
      return { status: 200, body: { id: commentId } };
    }),
  );
}
