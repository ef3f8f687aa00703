import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderPageHead } from './page-meta';

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
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
  const rendered = new Map<string, string>();
  return (reply: FastifyReply, path: string) => {
    let html = rendered.get(path);
    if (html === undefined) {
      html = renderPageHead(indexHtml, path, appUrl);
      // Only a handful of public pages differ; cap the cache against arbitrary paths.
      if (rendered.size < 100) rendered.set(path, html);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
}
