import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type EncodedBody, encodeBodyOnce, sendEncoded } from '../lib/encoded-body';
import { prerenderedPageFile, publicPageOf, publicPagePaths, renderPageHead } from './page-meta';

export interface ClientOptions {
  /** The built front end (dist/client). */
  root: string;
  /** The public pages the build prerendered (dist/pages, scripts/prerender.mjs). */
  pagesDir: string;
  appUrl: string;
  /**
   * Whether the request carries a session cookie. A hint, never a grant: it only decides that a
   * browser probably signed in gets the empty shell instead of the visitor's prerendered page.
   */
  hasSessionCookie: (cookieHeader: string | undefined) => Promise<boolean>;
}

/** An HTML answer, compressed once at start (lib/encoded-body.ts). */
type Page = EncodedBody;
const compressed = encodeBodyOnce;

/**
 * The pages an emailed link opens with a token in its query (password reset, email confirmation,
 * an invitation): never indexed, whoever shares or leaks the address.
 */
const tokenLinkPage = (path: string) =>
  path === '/reset-password' || path === '/verify-email' || path.startsWith('/invite/');

/** br when the browser takes it, else gzip, else the bytes as they are. */
function sendPage(reply: FastifyReply, page: Page): FastifyReply {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  // The body depends on both: the encoding, and whether a session cookie came (see below).
  return sendEncoded(reply, page, 'accept-encoding, cookie');
}

/**
 * The built front end: hashed assets cached for a year, and for every other GET outside /api the
 * single-page app's index.html, with the page's own title, description and Open Graph tags.
 * `/`, `/integrations` and `/demo` come prerendered to a visitor (decision 052): the page paints
 * before any JavaScript runs, and the browser hydrates it. A request with a session cookie gets
 * the empty shell instead, as every other path does: the signed-in app renders there (`/` is the
 * dashboard), and the visitor's page must not flash first. Returns the fallback for the
 * not-found handler.
 */
export function registerClient(app: FastifyInstance, options: ClientOptions) {
  const { root, pagesDir, appUrl, hasSessionCookie } = options;
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
  const shells = new Map(
    publicPagePaths.map((page) => [page, compressed(renderPageHead(indexHtml, page, appUrl))]),
  );
  const prerendered = new Map<string, Page>();
  for (const page of publicPagePaths) {
    const file = join(pagesDir, prerenderedPageFile(page));
    // A build without them (an older dist/) still serves every page, client-rendered.
    if (existsSync(file)) {
      prerendered.set(page, compressed(renderPageHead(readFileSync(file, 'utf8'), page, appUrl)));
    }
  }
  return async (reply: FastifyReply, path: string) => {
    if (tokenLinkPage(path)) reply.header('x-robots-tag', 'noindex');
    const page = publicPageOf(path);
    // Only the exact path: the prerendered markup is what the client renders there.
    const prerenderedPage = path === page ? prerendered.get(page) : undefined;
    if (prerenderedPage && !(await hasSessionCookie(reply.request.headers.cookie))) {
      return sendPage(reply, prerenderedPage);
    }
    return sendPage(reply, shells.get(page) as Page);
  };
}
