import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { MediaStorage } from './media-storage';

/** Files under `<DATA_DIR>/media` (the embedded default); one process or a shared disk. */
export function createLocalMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`media key escapes the media folder: ${key}`);
    return path;
  };
  const contentTypeOf = (key: string) =>
    key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';

  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path), contentType: contentTypeOf(key), size: info.size };
    },
    async read(key) {
      return readFile(pathOf(key)).catch(() => null);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export const localMediaRoot = (dataDir: string) => join(dataDir, 'media');
