import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { postImageLimits } from '../../../../contracts/post-rules';
import type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';
import { accessDenied, apiError, type LinkedInApiRoute } from './linkedin-shapes';
import { type LinkedInSite, memberSite } from './linkedin-site';
import { requestedUploadOwner } from './linkedin-uploads';
import { keepUploadedImage, readImage, sandboxMediaUrl } from './sandbox-media';
import { findContainers, insertPost, updateContainerMedia } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn Images API (platforms.md L6): `POST /rest/images?action=initializeUpload`
 * answers an upload URL and the image URN; the bytes are `PUT` to that URL (on the web host, as
 * LinkedIn's dms-uploads are); a post then names the URN. The image is a 'container' row (see
 * sandbox-media.ts) whose media kind turns from 'image-pending' to 'image' once its bytes arrive.
 * LinkedIn then processes it: `GET /rest/images/{urn}` answers `WAITING_UPLOAD`, `PROCESSING`
 * (for `linkedInImageProcessingMs` after the upload), then `AVAILABLE` (Images API,
 * learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api); a post may
 * name only an AVAILABLE image (imageStatusOf, used by the Posts API).
 */

const UPLOAD_URL_LIFETIME_MS = 24 * 3_600_000;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

export type SandboxImageStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE';

/** Where an uploaded image stands at `now`: its bytes, then LinkedIn's processing of them. */
export function imageStatusOf(
  item: SandboxPost['media'][number] | undefined,
  now: number,
): SandboxImageStatus {
  if (item?.kind !== 'image') return 'WAITING_UPLOAD';
  return (item.availableAt ?? 0) > now ? 'PROCESSING' : 'AVAILABLE';
}

/** An image id like LinkedIn's (`D4E10AQ…`): letters and digits. */
const newImageId = () => `D4E10AQ${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

export function registerLinkedInMediaSimulator(
  app: FastifyInstance,
  options: LinkedInSimulatorOptions,
  apiRoute: LinkedInApiRoute,
  site: LinkedInSite = memberSite,
) {
  const { db, appUrl, storage } = options;
  const { platform, basePath } = site;
  const API = `${basePath}/api`;
  const UPLOAD_PATH = `${basePath}/dms-uploads`;

  /** The caller's upload with that URN (on any account they act as), with the account. */
  async function uploadOf(caller: SandboxAccount, urn: string) {
    for (const owner of await site.accountsOf(caller)) {
      const [found] = await findContainers(db, platform, owner.id, [urn]);
      if (found) return { found, owner };
    }
    return undefined;
  }

  app.post(
    `${API}/rest/images`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'images.ACTION-initializeUpload.20260101',
        versioned: true,
        kind: 'upload',
      },
      async (request, { account }) => {
        // A member uploads as themself; a Page's administrator as the Page ("for person owners
        // the caller must match the owner", Images API; organization owners need a posting role).
        const asked = requestedUploadOwner(request);
        if ('refusal' in asked) return asked.refusal;
        const owner = await site.actingAs(account, asked.owner);
        if (!owner) return accessDenied(`images owned by ${asked.owner}`);
        const id = newImageId();
        const urn = `urn:li:image:${id}`;
        await insertPost(db, {
          platform,
          externalId: urn,
          accountId: owner.id,
          text: '',
          media: [{ id: urn, url: null, kind: 'image-pending' }],
          state: 'container',
          metricsSeed: 0,
          publishedAt: null,
        });
        return {
          status: 200,
          body: {
            value: {
              uploadUrlExpiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS,
              uploadUrl: `${appUrl}${UPLOAD_PATH}/${id}`,
              image: urn,
            },
          },
        };
      },
    ),
  );

  app.put(
    `${UPLOAD_PATH}/:id`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: site.writeScopes, resource: 'dms-uploads', versioned: false, kind: 'upload' },
      async (request, { account }) => {
        const { id } = request.params as { id: string };
        const urn = `urn:li:image:${id}`;
        const upload = /^[A-Za-z0-9]{1,64}$/.test(id) ? (await uploadOf(account, urn))?.found : undefined;
        if (!upload) return apiError(404, `No upload is waiting at this URL for ${urn}`);
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        const image = bytes ? readImage(bytes) : null;
        if (!bytes || !image || !IMAGE_TYPES.has(image.mimeType)) {
          return apiError(400, 'The upload must be the bytes of a JPEG, PNG or GIF image');
        }
        if (bytes.length > postImageLimits(platform).maxBytes) {
          return apiError(413, `The image is larger than ${postImageLimits(platform).maxBytes} bytes`);
        }
        await keepUploadedImage(storage, platform, id, bytes, image.mimeType);
        await updateContainerMedia(db, upload.id, [
          {
            id: urn,
            url: sandboxMediaUrl(appUrl, basePath, id, image.mimeType),
            kind: 'image',
            availableAt: Date.now() + options.linkedInImageProcessingMs,
          },
        ]);
        return { status: 201 };
      },
    ),
  );

  // The image's state. The sandbox lets its owner read it with w_member_social; LinkedIn may ask
  // for more of a member (platforms.md, audit 2026-11), which the adapter copes with (403).
  app.get(
    `${API}/rest/images/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'images.GET.20260101',
        versioned: true,
        kind: 'read',
      },
      async (request, { account }) => {
        const { urn } = request.params as { urn: string };
        const upload = /^urn:li:image:[A-Za-z0-9]{1,64}$/.test(urn)
          ? await uploadOf(account, urn)
          : undefined;
        if (!upload) return apiError(404, `Image ${urn} does not exist`);
        const { found, owner } = upload;
        const item = found.media[0];
        const status = imageStatusOf(item, Date.now());
        return {
          status: 200,
          body: {
            id: urn,
            owner: site.urnOf(owner),
            status,
            ...(status === 'AVAILABLE' && item?.url ? { downloadUrl: item.url } : {}),
          },
        };
      },
    ),
  );
}
