// The landing page's first-load JavaScript: the entry script and the modules index.html preloads,
// gzipped, in bytes (architecture §8 budget: 100 KB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_JS_BUDGET_KB = 100;

export function firstLoadJs(clientDir = 'dist/client') {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((match) => match[1]);
  if (files.length === 0) throw new Error(`no scripts found in ${clientDir}/index.html`);
  const bytes = files.reduce((sum, src) => sum + gzipSync(readFileSync(join(clientDir, src))).length, 0);
  return { files, bytes, kb: bytes / 1024 };
}
