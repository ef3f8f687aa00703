import { LRUCache } from 'lru-cache';
import type { LinkPreview } from '../../../contracts/link-previews';
import type { Config } from '../../config';

/*
 * Previews by URL, in this process: the composer asks again on every pause in typing, and the
 * publishing pipeline asks for the same link when the post goes out. A page's card rarely changes
 * within the hour; a failure (a site down, too slow) is tried again after a few minutes. Reads
 * of the same URL running at once share one fetch.
 */

const READ_FOR_MS = 60 * 60 * 1000;
const FAILURE_FOR_MS = 5 * 60 * 1000;

export interface PreviewCache {
  get(url: string, load: () => Promise<LinkPreview>): Promise<LinkPreview>;
}

function createPreviewCache(): PreviewCache {
  const kept = new LRUCache<string, LinkPreview>({ max: 1_000, ttl: READ_FOR_MS });
  const loading = new Map<string, Promise<LinkPreview>>();
  return {
    async get(url, load) {
      const hit = kept.get(url);
      if (hit) return hit;
      const running = loading.get(url);
      if (running) return running;
      const read = load()
        .then((preview) => {
          kept.set(url, preview, { ttl: preview.unavailable ? FAILURE_FOR_MS : READ_FOR_MS });
          return preview;
        })
        .finally(() => loading.delete(url));
      loading.set(url, read);
      return read;
    },
  };
}

/**
 * One cache per running app, found from its config (what the fetch may reach is part of it), so
 * that two apps in one process (tests with and without OUTBOUND_ALLOW_PRIVATE) never share answers.
 */
const caches = new WeakMap<Config, PreviewCache>();

export function previewCacheFor(config: Config): PreviewCache {
  let cache = caches.get(config);
  if (!cache) {
    cache = createPreviewCache();
    caches.set(config, cache);
  }
  return cache;
}
