import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contracts/health';
import type { AppContext } from '../../context';
import { describeAdapters, describeSandboxes } from '../../integrations/adapters';
import { simulatorFaultsOn } from '../../integrations/social/simulator';
import type { ProcessRole } from '../../jobs/boss';

export async function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext & { role: ProcessRole; version: string },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: healthResponse, 503: healthResponse } } },
      async (request, reply) => {
        // Healthy means the database answers, not merely that the process is up.
        const databaseAnswers = await ctx.database.db.execute(sql`select 1`).then(
          () => true,
          (error: unknown) => {
            request.log.error({ err: error }, 'health check: the database does not answer');
            return false;
          },
        );
        const adapters = describeAdapters({
          databaseKind: ctx.database.kind,
          providerSignIn: ctx.config.oidc !== undefined,
          ai: ctx.ai,
          social: ctx.socialProviders,
          mail: ctx.mail,
          storage: ctx.storage,
          billing: ctx.billing.provider,
        });
        return reply.status(databaseAnswers ? 200 : 503).send({
          status: databaseAnswers ? ('ok' as const) : ('degraded' as const),
          version: ctx.version,
          role: ctx.role,
          adapters,
          sandboxes: describeSandboxes(adapters, { simulatorFaults: simulatorFaultsOn(ctx.config) }),
        });
      },
    );
}
