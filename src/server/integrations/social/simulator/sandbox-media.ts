import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import {
  isRangeNotSatisfiable,
  type MediaStorage,
  StorageUnavailableError,
} from '../../storage/media-storage';

/*
 * Images uploaded to a pretend platform (X's media upload, LinkedIn's image upload): the bytes go
 * to the app's media storage under `sandbox/<platform>/<id>` (shared by every process, like the
 * app's own media), the record of the upload is a `sandbox_posts` row in state 'container' (see
 * sandbox-store findContainers), and the pretend platform serves the image at
 * `/sandbox/<platform>/media/<id>`, as the real ones serve theirs from their CDN. Images a platform
 * downloads by URL (Facebook, Instagram) are only recorded by their URL.
 */

export type SandboxImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export interface SandboxImage {
  mimeType: SandboxImageType;
  width: number;
  height: number;
}

const IMAGE_SIZE_TYPES: Record<string, SandboxImageType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** What the bytes are, by their headers: null when they are no image the platforms take. */
export function readImage(bytes: Uint8Array): SandboxImage | null {
  try {
    const size = imageSize(bytes);
    const mimeType = size.type ? IMAGE_SIZE_TYPES[size.type] : undefined;
    if (!mimeType || !size.width || !size.height) return null;
    return { mimeType, width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/** Ids that are safe as a storage key segment and a URL path segment. */
const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/;
const EXTENSIONS: Record<SandboxImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type])) as Record<
  string,
  SandboxImageType
>;

/** `<id>.<ext>`: the file name an image is kept and served under (its type is in its name). */
const fileName = (id: string, mimeType: SandboxImageType) => `${id}.${EXTENSIONS[mimeType]}`;
const storageKey = (platform: PublishingPlatform, file: string) => `sandbox/${platform}/${file}`;

/** Where the pretend platform serves an uploaded image, e.g. `…/sandbox/twitter/media/123.jpg`. */
export function sandboxMediaUrl(
  appUrl: string,
  basePath: string,
  id: string,
  mimeType: SandboxImageType,
): string {
  return `${appUrl}${basePath}/media/${fileName(id, mimeType)}`;
}

/** Keeps the uploaded bytes; without a storage only the record of the upload remains. */
export async function keepUploadedImage(
  storage: MediaStorage | null,
  platform: PublishingPlatform,
  id: string,
  bytes: Buffer,
  mimeType: SandboxImageType,
): Promise<void> {
  if (!storage) return;
  if (!MEDIA_ID.test(id)) throw new Error(`not a sandbox media id: ${id}`);
  await storage.put(storageKey(platform, fileName(id, mimeType)), bytes, mimeType);
}

/** `GET {basePath}/media/:id`: an uploaded image, public like a platform's CDN. */
export function registerSandboxMediaRoute(
  app: FastifyInstance,
  input: { platform: PublishingPlatform; basePath: string; storage: MediaStorage | null },
) {
  app.get(
    `${input.basePath}/media/:file`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const [, id, extension] = /^([A-Za-z0-9_-]{1,64})\.([a-z]{3,4})$/.exec(file) ?? [];
      const type = extension ? TYPES[extension] : undefined;
      if (!input.storage || !id || !type) return reply.status(404).send({ error: 'No such image' });
      const storage = input.storage;
      const object = await storage.get(storageKey(input.platform, file)).catch((error: unknown) => {
        if (!(error instanceof StorageUnavailableError)) throw error;
        request.log.warn({ err: error }, 'media storage unavailable');
        return 'unavailable' as const;
      });
      if (object === 'unavailable') {
        return reply.status(503).header('retry-after', '30').send({ error: 'Service Unavailable' });
      }
      if (!object || isRangeNotSatisfiable(object)) return reply.status(404).send({ error: 'No such image' });
      return reply
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('content-length', String(object.size))
        .type(type)
        .send(object.body);
    },
  );
}
