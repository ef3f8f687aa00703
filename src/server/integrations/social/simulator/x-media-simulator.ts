import type { FastifyInstance } from 'fastify';
import { postImageLimits } from '../../../../contracts/post-rules';
import { keepUploadedImage, readImage, sandboxMediaUrl } from './sandbox-media';
import { findContainers, insertPost, updateContainerMedia } from './sandbox-posts';
import { newSnowflakeId, type SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';
import type { XSimulatorOptions } from './x-oauth-simulator';
import { invalidRequest, X_BASE_PATH, type XApiRoute } from './x-shapes';
import { chunkedUploadOf, processingInfoOf } from './x-video-rules';

/*
 * The pretend X's media upload (API v2, platforms.md): the one-shot `POST /2/media/upload`
 * (multipart: `media`, `media_category`, `media_type`) and its `command=STATUS` read. Images need
 * no processing, so no `processing_info` is answered; a chunked video upload
 * (x-video-upload-simulator.ts) answers its processing state. An upload is kept as a 'container'
 * row (see sandbox-media.ts) that a post may attach by its id for a day. Alt text is set per media
 * id with `POST /2/media/metadata` before the post is made.
 */

/** `alt_text.text` maxLength 1000 (OpenAPI CreateMediaMetadataMetadataAltText). */
const MAX_ALT_TEXT = 1000;

/** An uploaded image's item with the alt text X keeps for it. */
type AltTextItem = SandboxPost['media'][number] & { altText?: string };

const API = `${X_BASE_PATH}/api/2`;
const UPLOAD_LIFETIME_SECONDS = 86_400;
const MB = 1024 * 1024;
const CATEGORIES = new Set(['tweet_image', 'tweet_gif']);

export function registerXMediaSimulator(
  app: FastifyInstance,
  options: XSimulatorOptions,
  apiRoute: XApiRoute,
) {
  const { db, appUrl, storage } = options;

  app.post(
    `${API}/media/upload`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['media.write'], 'upload', async (request, { account }) => {
      const form = request.body;
      if (!(form instanceof FormData)) {
        return invalidRequest('The one-shot upload is a multipart/form-data body with a `media` part.');
      }
      const media = form.get('media');
      const category = String(form.get('media_category') ?? 'tweet_image');
      const declared = form.get('media_type');
      if (!(media instanceof Blob) || media.size === 0) {
        return invalidRequest('The `media` field is required.', { media: [] });
      }
      if (!CATEGORIES.has(category)) {
        return invalidRequest(`The media_category [${category}] is not valid for this upload.`, {
          media_category: [category],
        });
      }
      const bytes = Buffer.from(await media.arrayBuffer());
      const image = readImage(bytes);
      if (!image)
        return invalidRequest('The media is not a supported image.', { media_type: [String(declared)] });
      if (typeof declared === 'string' && declared !== image.mimeType) {
        return invalidRequest(`The media_type [${declared}] does not match the media (${image.mimeType}).`, {
          media_type: [declared],
        });
      }
      const gif = image.mimeType === 'image/gif';
      const maxBytes = gif ? 15 * MB : postImageLimits('twitter').maxBytes;
      if (bytes.length > maxBytes) {
        return invalidRequest(`File size exceeds ${maxBytes / MB} MB.`, { media: [String(bytes.length)] });
      }
      const id = newSnowflakeId();
      await keepUploadedImage(storage, 'twitter', id, bytes, image.mimeType);
      await insertPost(db, {
        platform: 'twitter',
        externalId: id,
        accountId: account.id,
        text: '',
        media: [
          { id, url: sandboxMediaUrl(appUrl, X_BASE_PATH, id, image.mimeType), kind: gif ? 'gif' : 'image' },
        ],
        state: 'container',
        metricsSeed: 0,
        publishedAt: null,
      });
      return {
        status: 200,
        body: {
          data: {
            id,
            media_key: `3_${id}`,
            size: bytes.length,
            expires_after_secs: UPLOAD_LIFETIME_SECONDS,
            image: { image_type: image.mimeType, w: image.width, h: image.height },
          },
        },
      };
    }),
  );

  app.get(
    `${API}/media/upload`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['media.write'], 'read', async (request, { account }) => {
      const query = request.query as Record<string, string | undefined>;
      const id = query.media_id ?? '';
      if (query.command !== 'STATUS') {
        return invalidRequest('Only command=STATUS is served on GET.', { command: [String(query.command)] });
      }
      const [upload] = /^\d{1,19}$/.test(id) ? await findContainers(db, 'twitter', account.id, [id]) : [];
      if (!upload) return invalidRequest('The media_id is invalid.', { media_id: [id] });
      const chunked = chunkedUploadOf(upload);
      if (chunked) {
        const now = Date.now();
        const info = processingInfoOf(chunked, now);
        // STATUS before FINALIZE: there is nothing being processed to report on.
        if (!info || chunked.chunked.expiresAt < now) {
          return invalidRequest('BadRequest: Not found', { media_id: [id] });
        }
        return {
          status: 200,
          body: {
            data: {
              id,
              media_key: `7_${id}`,
              expires_after_secs: Math.max(0, Math.floor((chunked.chunked.expiresAt - now) / 1000)),
              processing_info: info,
            },
          },
        };
      }
      const age = (Date.now() - upload.createdAt.getTime()) / 1000;
      return {
        status: 200,
        body: {
          data: {
            id,
            media_key: `3_${id}`,
            expires_after_secs: Math.max(0, Math.floor(UPLOAD_LIFETIME_SECONDS - age)),
            processing_info: { state: 'succeeded', progress_percent: 100 },
          },
        },
      };
    }),
  );

  app.post(
    `${API}/media/metadata`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(['media.write'], 'upload', async (request, { account }) => {
      const body = request.body as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | undefined;
      const id = typeof body?.id === 'string' ? body.id : '';
      const text = body?.metadata?.alt_text?.text;
      if (!/^\d{1,19}$/.test(id)) return invalidRequest('$.id: is missing but it is required', { id: [id] });
      if (typeof text !== 'string') {
        return invalidRequest('$.metadata.alt_text.text: is missing but it is required', { metadata: [] });
      }
      if (text.length > MAX_ALT_TEXT) {
        return invalidRequest(`$.metadata.alt_text.text: may only be ${MAX_ALT_TEXT} characters long`, {
          'metadata.alt_text.text': [String(text.length)],
        });
      }
      const [upload] = await findContainers(db, 'twitter', account.id, [id]);
      if (!upload) return invalidRequest('BadRequest: Not found', { id: [id] });
      const [item] = upload.media as AltTextItem[];
      // "Alt text can only be added to images at the moment." (docs.x.com data dictionary, media;
      // GIFs count as images here, UNCONFIRMED: research sheet 1.2).
      if (!item || chunkedUploadOf(upload) || (item.kind !== 'image' && item.kind !== 'gif')) {
        return invalidRequest('Alt text can only be added to images.', { id: [id] });
      }
      const withAltText: AltTextItem = { ...item, altText: text };
      await updateContainerMedia(db, upload.id, [withAltText]);
      return {
        status: 200,
        body: { data: { id, associated_metadata: { alt_text: { text } } } },
      };
    }),
  );
}
