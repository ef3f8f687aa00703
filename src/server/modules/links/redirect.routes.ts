import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { linkMessages, SHORT_CODE_PATTERN } from '../../../contracts/links';
import { renderNoticePage } from '../../../contracts/notice-page';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { shortLinks } from '../../db/schema';
import { flushClicks, recordVisit, startClickRecorder } from './click-recorder';

/*
 * GET /l/:code, the short link's redirect (issue 29, decision 093). Public and outside /api, so
 * the auth plugin never looks for a session; no rate limit (its counter is a write per hit); no
 * plan check (a published link keeps working after a downgrade). A code of the wrong shape is
 * refused before the database; otherwise one primary-key read. The click is only queued here and
 * written by the click recorder's batch after the reply.
 */

/** Headers of every answer: never cached (each click counts), never indexed, no referrer passed on. */
const HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  // Overrides the app's same-origin: the target learns nothing of the short link or its page.
  'referrer-policy': 'no-referrer',
};

/** A character a header may not carry as is (the target is stored ASCII; this is defence in depth). */
const NOT_HEADER_SAFE = /[^\x21-\x7e]/;

/**
 * The link by its code: a named prepared statement (parsed once per connection), as the session
 * lookup is, since every click runs it. Made once per app, when its routes are registered.
 */
const linkByCode = (db: Db) =>
  db
    .select({
      workspaceId: shortLinks.workspaceId,
      kind: shortLinks.kind,
      postId: shortLinks.postId,
      platform: shortLinks.platform,
      bioLinkId: shortLinks.bioLinkId,
      target: shortLinks.target,
      disabledAt: shortLinks.disabledAt,
    })
    .from(shortLinks)
    .where(eq(shortLinks.code, sql.placeholder('code')))
    .prepare('kitepost_short_link_by_code');

export async function redirectRoutes(app: FastifyInstance, ctx: AppContext) {
  const findLink = linkByCode(ctx.database.db);
  startClickRecorder(ctx);
  // Clicks still in the batch are written before the database closes.
  app.addHook('onClose', () => flushClicks(ctx));

  app.get<{ Params: { code: string } }>('/l/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params;
    if (!SHORT_CODE_PATTERN.test(code)) return page(reply, 404, linkMessages.notFound);
    const [link] = await findLink.execute({ code });
    if (!link) return page(reply, 404, linkMessages.notFound);
    // A deleted workspace leaves its codes as tombstones: never reused, never leading anywhere.
    if (!link.workspaceId || link.disabledAt) return page(reply, 410, linkMessages.gone);
    const location = webTarget(link.target);
    if (!location) return page(reply, 400, linkMessages.notWebPage);
    recordVisit(ctx, request, {
      workspaceId: link.workspaceId,
      kind: 'click',
      code,
      postId: link.postId,
      bioLinkId: link.bioLinkId,
      // A post's link knows its network; a bio link's comes from `?via=` or the Referer.
      ...(link.kind === 'post' ? { platform: link.platform } : {}),
    });
    return reply.status(302).headers(HEADERS).header('location', location).send();
  });

  // Any other path under /l/ is a broken short link, not a page of the app (no SPA fallback).
  for (const url of ['/l', '/l/*']) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      page(reply, 404, linkMessages.notFound),
    );
  }
}

/** The stored target when it still parses as an http(s) URL; else null (never a javascript: link). */
function webTarget(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return NOT_HEADER_SAFE.test(target) ? url.href : target;
}

/** A small page for a link that leads nowhere: readable on a phone, no script, not indexed. */
function page(reply: FastifyReply, status: 400 | 404 | 410, message: string) {
  const body = renderNoticePage(
    message,
    'Check the link you followed, or ask whoever shared it for a new one.',
  );
  return reply.status(status).headers(HEADERS).type('text/html; charset=utf-8').send(body);
}
