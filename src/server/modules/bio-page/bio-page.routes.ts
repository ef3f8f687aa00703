import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bioPageBody, bioPageResponse, linkMessages } from '../../../contracts/links';
import { renderNoticePage } from '../../../contracts/notice-page';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { recordVisit } from '../links';
import { getBioPage, saveBioPage } from './bio-page.service';
import { renderPublicBioPage } from './bio-page-public';

/** GET/PUT /api/bio-page and the public page GET /@:slug (issue 29, decision 093). */
export async function bioPageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/bio-page', { schema: { response: { 200: bioPageResponse } } }, async (request) =>
    getBioPage(ctx, signedIn(request).workspaceId),
  );
  api.put(
    '/api/bio-page',
    { schema: { body: bioPageBody, response: { 200: bioPageResponse, ...errorAnswers(409) } } },
    async (request) => saveBioPage(ctx, signedIn(request).workspaceId, request.body),
  );

  // Public, outside /api: no session is read. The HTML is rendered per request (the schedule and
  // the grid are always current); `no-cache` lets a browser keep it but ask again each time.
  app.get<{ Params: { slug: string } }>('/@:slug', { schema: { hide: true } }, async (request, reply) => {
    const page = await renderPublicBioPage(ctx, request.params.slug, new Date(), request.headers.referer);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!page)
      return reply
        .status(404)
        .send(renderNoticePage(linkMessages.bioNotFound, 'Check the address, or ask whoever shared it.'));
    recordVisit(ctx, request, { workspaceId: page.workspaceId, kind: 'view' });
    return reply.send(page.html);
  });
}
