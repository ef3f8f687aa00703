// After `vite build`: the public pages `/`, `/integrations` and `/demo` rendered to HTML with
// React's server rendering (decision 052). Vite's SSR build bundles src/client/entry-server.tsx
// (the same React tree main.tsx renders) into dist/ssr; each page's markup goes inside #root of
// the built dist/client/index.html and is written to dist/pages/ ('/' as index.html, '/demo' as
// demo.html: src/server/plugins/page-meta.ts reads them by that name). The server sends that file
// to a visitor, with the page's own head; the browser hydrates it. dist/ssr is removed after.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const SSR_OUT = 'dist/ssr';
const PAGES = 'dist/pages';

await build({
  logLevel: 'warn',
  build: { ssr: 'src/client/entry-server.tsx', outDir: SSR_OUT, emptyOutDir: true, copyPublicDir: false },
});
const { prerenderedPaths, renderPageHtml } = await import(
  pathToFileURL(resolve(SSR_OUT, 'entry-server.js')).href
);

const indexHtml = readFileSync('dist/client/index.html', 'utf8');
rmSync(PAGES, { recursive: true, force: true });
mkdirSync(PAGES, { recursive: true });
for (const path of prerenderedPaths) {
  const html = await renderPageHtml(indexHtml, path);
  // A page whose lazy part failed renders the router's 'Loading...' fallback: not a page to ship.
  if (!/<h1[\s>]/.test(html)) throw new Error(`prerendering ${path} gave no <h1>`);
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  writeFileSync(join(PAGES, file), html);
  console.log(`prerendered ${path} -> ${PAGES}/${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
rmSync(SSR_OUT, { recursive: true, force: true });
