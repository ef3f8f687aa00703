import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import {
  isRangeNotSatisfiable,
  type MediaStorage,
  StorageUnavailableError,
} from '../../storage/media-storage';
import {
  endUploadsWithMediaUrls,
  listWorkspacesSandboxMedia,
  markPostsDeleted,
  stillUsedMediaUrls,
} from './sandbox-posts';
import type { SandboxPost } from './sandbox-store';

/*
 * Images uploaded to a pretend platform (X's media upload, LinkedIn's image upload): the bytes go
 * to the app's media storage under `simulator/<platform>/<id>.<ext>` (shared by every process, like
 * the app's own media, but under a prefix of their own, apart from users' `<workspace>/…` keys;
 * decision 038), and are removed with the sandbox post or workspace that holds them. The record of the upload is a `sandbox_posts` row in state 'container' (see
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
/** Every key of the simulator starts so; users' media keys start with their workspace's id. */
export const SIMULATOR_KEY_PREFIX = 'simulator/';
const storageKey = (platform: PublishingPlatform, file: string) =>
  `${SIMULATOR_KEY_PREFIX}${platform}/${file}`;
/** Where uploads were kept before decision 038: still read, and removed with their post. */
const legacyStorageKey = (platform: PublishingPlatform, file: string) => `sandbox/${platform}/${file}`;

/** An uploaded image's URL as sandboxMediaUrl built it: `…/sandbox/<platform>/media/<file>`. */
const UPLOADED_IMAGE_URL =
  /\/sandbox\/(twitter|linkedin|mastodon)\/media\/([A-Za-z0-9_-]{1,64}\.(?:jpg|png|webp|gif))$/;

/**
 * The storage keys of the images a sandbox post carries that the simulator stored itself (X and
 * LinkedIn uploads), current and legacy. Images a platform fetched by URL (Facebook, Instagram:
 * the app's own `/media/…`) are the user's, never the simulator's to remove.
 */
export function simulatorStorageKeys(post: Pick<SandboxPost, 'platform' | 'media'>): string[] {
  return post.media.flatMap((item) => {
    const [, platform, file] = UPLOADED_IMAGE_URL.exec(item.url ?? '') ?? [];
    if (!platform || !file || platform !== post.platform) return [];
    return [storageKey(post.platform, file), legacyStorageKey(post.platform, file)];
  });
}

/** Removes objects; a failure leaves an orphan, logged (the post or workspace is gone regardless). */
export async function removeSimulatorObjects(
  storage: Pick<MediaStorage, 'delete'> | null,
  keys: string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!storage) return;
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      log.warn({ err: error, storageKey: key }, 'could not remove a simulator image from storage');
    });
  }
}

/**
 * The user deleted a post on the pretend platform: it is marked deleted, and the images it carried
 * go from storage unless another live post of the platform still shows them (an X media id may be
 * attached to several posts). The upload records of those images end too, so that a later post
 * cannot attach an image whose bytes are gone (X then answers "Your media IDs are invalid").
 */
export async function deleteSandboxPost(
  ctx: { db: Db; storage: MediaStorage | null },
  post: SandboxPost,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  await markPostsDeleted(ctx.db, [post.id]);
  const urls = post.media.flatMap((item) =>
    item.url && UPLOADED_IMAGE_URL.test(item.url) ? [item.url] : [],
  );
  if (urls.length === 0) return;
  const shown = await stillUsedMediaUrls(ctx.db, post.platform, urls);
  const gone = post.media.filter((item) => item.url && urls.includes(item.url) && !shown.has(item.url));
  await endUploadsWithMediaUrls(
    ctx.db,
    post.platform,
    gone.flatMap((item) => (item.url ? [item.url] : [])),
  );
  await removeSimulatorObjects(
    ctx.storage,
    simulatorStorageKeys({ platform: post.platform, media: gone }),
    log,
  );
}

/**
 * The storage keys of every image the simulator stored for these workspaces' sandbox identities:
 * read before the workspaces are deleted (their sandbox posts go by cascade), removed after.
 */
export async function listWorkspacesSimulatorKeys(db: Db, workspaceIds: string[]): Promise<string[]> {
  const posts = await listWorkspacesSandboxMedia(db, workspaceIds);
  return [...new Set(posts.flatMap(simulatorStorageKeys))];
}

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
      const object = await storage
        .get(storageKey(input.platform, file))
        .then(async (found) => found ?? (await storage.get(legacyStorageKey(input.platform, file))))
        .catch((error: unknown) => {
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
