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
const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
/** The lazy pages' modules (src/client/app/lazy-pages.ts), whose chunks main.tsx loads before hydrating. */
const lazyPageModules = {
  '/integrations': 'src/client/features/integrations/integrations-page.tsx',
  '/demo': 'src/client/features/demo/demo-page.tsx',
};

/**
 * `<link rel="modulepreload">` for a lazy page's chunk and the chunks it imports, but those the
 * shell already loads: they download beside the entry, so hydration does not wait a round trip.
 */
function preloadLinks(path) {
  const source = lazyPageModules[path];
  if (!source) return '';
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files]
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}
rmSync(PAGES, { recursive: true, force: true });
mkdirSync(PAGES, { recursive: true });
for (const path of prerenderedPaths) {
  const links = preloadLinks(path);
  const html = (await renderPageHtml(indexHtml, path)).replace(
    '</head>',
    links ? `  ${links}\n  </head>` : '</head>',
  );
  // A page whose lazy part failed renders the router's 'Loading...' fallback: not a page to ship.
  if (!/<h1[\s>]/.test(html)) throw new Error(`prerendering ${path} gave no <h1>`);
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  writeFileSync(join(PAGES, file), html);
  console.log(`prerendered ${path} -> ${PAGES}/${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
rmSync(SSR_OUT, { recursive: true, force: true });
