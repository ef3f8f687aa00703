// The build's server entry (scripts/prerender.mjs, decision 052). Same first import as main.tsx:
// see the module.
import './lib/zod-without-eval';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app';
import { paths } from './app/paths';

/** The public pages prerendered at build time: the server sends them to a visitor, who hydrates them. */
export const prerenderedPaths: readonly string[] = [paths.home, paths.integrations, paths.demo];

/**
 * A page's markup as a visitor's first render draws it (signed out, no query, nothing from the
 * browser): what goes inside #root. `prerender` waits for the lazy pages, where renderToString
 * would write their Suspense fallback.
 */
async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  return new Response(prelude).text();
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The built index.html with a page's prerendered markup inside #root: the file the server sends. */
export async function renderPageHtml(indexHtml: string, path: string): Promise<string> {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT}`);
  const markup = await renderPage(path);
  return indexHtml.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}
