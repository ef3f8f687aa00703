import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contracts/health';
import type { AppContext } from '../../context';
import { describeAdapters } from '../../integrations/adapters';
import type { ProcessRole } from '../../jobs/boss';

export async function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext & { role: ProcessRole; version: string },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: healthResponse } } },
      async () => ({
        status: 'ok' as const,
        version: ctx.version,
        role: ctx.role,
        adapters: describeAdapters(ctx.database.kind, ctx.config.oidc !== undefined),
      }),
    );
}
