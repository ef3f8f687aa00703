import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkSettings, linkSettingsBody } from '../../../contracts/links';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { getLinkSettings, saveLinkSettings } from './links.service';

/** GET/PUT /api/link-settings (issue 29): short links and UTM tags for the workspace's posts. */
export async function linksRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/link-settings', { schema: { response: { 200: linkSettings } } }, async (request) =>
    getLinkSettings(ctx, signedIn(request).workspaceId),
  );
  api.put(
    '/api/link-settings',
    { schema: { body: linkSettingsBody, response: { 200: linkSettings, ...errorAnswers(402) } } },
    async (request) => saveLinkSettings(ctx, signedIn(request).workspaceId, request.body),
  );
}
