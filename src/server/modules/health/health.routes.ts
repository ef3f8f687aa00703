import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DependencyCheck, healthResponse } from '../../../contracts/health';
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
        // The storage's answer is cached for 30 s and time-limited (storage-health.ts): cheap to poll.
        const storageCheck = ctx.storageCheck();
        // Healthy means the database answers, not merely that the process is up.
        const database = await ctx.database.db.execute(sql`select 1`).then(
          (): DependencyCheck => ({ status: 'ok' }),
          (error: unknown): DependencyCheck => {
            request.log.warn({ err: error }, 'health check: the database does not answer');
            return { status: 'unreachable', detail: 'The database does not answer.' };
          },
        );
        const storage = await storageCheck;
        const checks = { database, storage };
        const allOk = Object.values(checks).every((check) => check.status !== 'unreachable');
        const adapters = describeAdapters({
          databaseKind: ctx.database.kind,
          providerSignIn: ctx.config.oidc !== undefined,
          ai: ctx.ai,
          social: ctx.socialProviders,
          mail: ctx.mail,
          storage: ctx.storage,
          billing: ctx.billing.provider,
        });
        return reply.status(database.status === 'ok' ? 200 : 503).send({
          status: allOk ? ('ok' as const) : ('degraded' as const),
          version: ctx.version,
          role: ctx.role,
          adapters,
          sandboxes: describeSandboxes(adapters, { simulatorFaults: simulatorFaultsOn(ctx.config) }),
          checks,
        });
      },
    );
}
