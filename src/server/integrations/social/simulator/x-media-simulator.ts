import type { FastifyInstance } from 'fastify';
import { platformMediaRules } from '../../../../contracts/platforms';
import { keepUploadedImage, readImage, sandboxMediaUrl } from './sandbox-media';
import { findContainers, insertPost } from './sandbox-posts';
import { newSnowflakeId } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';
import type { XSimulatorOptions } from './x-oauth-simulator';
import { invalidRequest, X_BASE_PATH } from './x-shapes';
import type { XApiRoute } from './x-simulator';

/*
 * The pretend X's media upload (API v2, platforms.md): the one-shot `POST /2/media/upload`
 * (multipart: `media`, `media_category`, `media_type`) and its `command=STATUS` read. Images need
 * no processing, so no `processing_info` is answered. An upload is kept as a 'container' row (see
 * sandbox-media.ts) that a post may attach by its id for a day.
 */

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
      const maxBytes = gif ? 15 * MB : platformMediaRules.twitter.maxBytes;
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
}
