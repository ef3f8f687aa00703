import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { resolveRange } from './byte-range';
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
    key.endsWith('.png')
      ? 'image/png'
      : key.endsWith('.webp')
        ? 'image/webp'
        : key.endsWith('.gif')
          ? 'image/gif'
          : key.endsWith('.mp4')
            ? 'video/mp4'
            : key.endsWith('.mov')
              ? 'video/quicktime'
              : 'image/jpeg';

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
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Copied (the upload folder may be on another disk), aside then renamed, like put.
      const partial = `${path}.partial`;
      try {
        await copyFile(source, partial);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const contentType = contentTypeOf(key);
      if (!range) return { body: createReadStream(path), contentType, size: info.size };
      const part = resolveRange(range, info.size);
      if (part === 'unsatisfiable') return { unsatisfiable: true, size: info.size };
      // createReadStream's `end` is inclusive, like Content-Range's.
      return { body: createReadStream(path, part), contentType, size: info.size, range: part };
    },
    async read(key) {
      return readFile(pathOf(key)).catch(() => null);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async probe() {
      // Written and removed: proves the folder exists, is writable and the disk takes a file.
      const probe = join(base, `.probe-${process.pid}`);
      try {
        await mkdir(base, { recursive: true });
        await writeFile(probe, 'ok');
        await rm(probe, { force: true });
        return { ok: true };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'an error';
        return { ok: false, detail: `The media folder (DATA_DIR/media) is not writable (${code}).` };
      }
    },
  };
}

export const localMediaRoot = (dataDir: string) => join(dataDir, 'media');
