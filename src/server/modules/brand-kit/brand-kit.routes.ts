import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandKit, brandKitResponse } from '../../../contracts/brand-kit';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { getBrandKit, saveBrandKit } from './brand-kit.service';

export async function brandKitRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/user/brand-kit', { schema: { response: { 200: brandKitResponse } } }, async (request) =>
    getBrandKit(ctx.database.db, signedIn(request).workspaceId),
  );
  api.put(
    '/api/user/brand-kit',
    { schema: { body: brandKit, response: { 200: brandKitResponse } } },
    async (request) => saveBrandKit(ctx.database.db, signedIn(request).workspaceId, request.body),
  );
}
