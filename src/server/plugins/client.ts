import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicPageOf, publicPagePaths, renderPageHead } from './page-meta';

/**
 * The built front end: hashed assets cached for a year, and for every other GET outside /api the
 * single-page app's index.html, with the page's own title, description and Open Graph tags.
 * Returns the fallback for the not-found handler.
 */
export function registerClient(app: FastifyInstance, root: string, appUrl: string) {
  app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // scripts/precompress.mjs writes .br and .gz files beside the build's text assets.
    preCompressed: true,
    setHeaders: (res, path) => {
      if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Rendered once: only the public pages' heads differ, every other path gets the home page's.
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
  const heads = new Map(publicPagePaths.map((page) => [page, renderPageHead(indexHtml, page, appUrl)]));
  return (reply: FastifyReply, path: string) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(heads.get(publicPageOf(path)));
}
