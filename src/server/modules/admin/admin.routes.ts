import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSessionResponse } from '../../../contracts/auth';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { adminBillingRoutes } from '../billing';
import { adminUsersRoutes } from './admin-users.routes';

/**
 * Everything under /api/admin except /api/admin/access (in the auth module). The guard is a
 * hook on this whole plugin, so a route added here cannot forget it.
 */
export async function adminRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  // Before validation: a non-admin learns nothing about the bodies these routes accept (403, not 400).
  app.addHook('preValidation', requireAdmin);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/me', { schema: { response: { 200: adminSessionResponse } } }, async (request) => ({
    isAdmin: true as const,
    userId: request.auth?.user.id ?? '',
  }));

  await adminBillingRoutes(app, options.ctx);
  await adminUsersRoutes(app, options.ctx);
}
