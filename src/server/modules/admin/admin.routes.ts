import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSessionResponse } from '../../../contracts/auth';
import { requireAdmin } from '../../plugins/auth';

/**
 * Everything under /api/admin except /api/admin/access (in the auth module). The guard is a
 * hook on this whole plugin, so a route added here cannot forget it.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preHandler', requireAdmin);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/me', { schema: { response: { 200: adminSessionResponse } } }, async (request) => ({
    isAdmin: true as const,
    userId: request.auth?.user.id ?? '',
  }));
}
