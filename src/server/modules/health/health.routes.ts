import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DependencyCheck, healthResponse, liveResponse } from '../../../contracts/health';
import type { AppContext } from '../../context';
import { describeAdapters, describeSandboxes } from '../../integrations/adapters';
import type { ProviderDiscovery } from '../../integrations/identity/provider-discovery';
import { linkedInVersionCheck } from '../../integrations/social/linkedin/api-version';
import { simulatorFaultsOn } from '../../integrations/social/simulator';
import type { ProcessRole } from '../../jobs/job-queue';
import { checkPublicUrl } from '../../lib/public-url';
import { DATABASE_AWAY_RETRY_SECONDS } from '../../plugins/errors';
import { countryLookupCheck } from '../links';

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
        const videoTools = await ctx.videoTools.check;
        const linkedinApiVersion = linkedInVersionCheck(ctx.config.linkedInApiVersion, new Date());
        const publicUrl = publicUrlCheck(ctx.config);
        const checks = {
          database,
          storage,
          videoTools,
          identity: identityCheck(ctx.identityProvider),
          linkedinApiVersion,
          publicUrl,
          // 'off' without GEOIP_COUNTRY_DB: clicks are counted without a country, not degraded.
          countryLookup: countryLookupCheck(ctx),
        };
        const allOk =
          [database, storage, videoTools, checks.identity].every((check) => check.status !== 'unreachable') &&
          linkedinApiVersion.status !== 'expired' &&
          (publicUrl.status === 'ok' || !realMetaConfigured(ctx.config));
        const adapters = describeAdapters({
          databaseKind: ctx.database.kind,
          providerSignIn: ctx.config.oidc !== undefined,
          ai: ctx.ai,
          aiImages: ctx.images,
          social: ctx.socialProviders,
          mail: ctx.mail,
          storage: ctx.storage,
          billing: ctx.billing.provider,
        });
        if (database.status !== 'ok') reply.header('retry-after', String(DATABASE_AWAY_RETRY_SECONDS));
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

  // Liveness, for a supervisor or a container healthcheck that restarts a process: it answers
  // while the process runs and its event loop turns, whatever the database does. Restarting a
  // process because PostgreSQL is away would not bring PostgreSQL back (docs/deployment.md).
  app.get(
    '/api/health/live',
    { config: { access: 'public' }, schema: { response: { 200: liveResponse } } },
    async () => ({ status: 'ok' as const }),
  );
}

const realMetaConfigured = (config: AppContext['config']) =>
  config.social.instagram !== undefined || config.social.facebook !== undefined;

/** APP_URL as Instagram and Facebook would reach it (lib/public-url.ts; the URL alone, no probe). */
export function publicUrlCheck(config: AppContext['config']): DependencyCheck {
  const check = checkPublicUrl(config.appUrl);
  if (check.status === 'ok') return { status: 'ok' };
  return {
    status: 'unreachable',
    detail: `APP_URL does not look public: ${check.detail} Instagram and Facebook download images from it, so image posts to real accounts there would fail.`,
  };
}

/** What the background discovery last found (it never calls the provider for this request). */
function identityCheck(provider: ProviderDiscovery | undefined): DependencyCheck {
  if (!provider) return { status: 'off' };
  const state = provider.state();
  return state.status === 'ok' ? { status: 'ok' } : { status: 'unreachable', detail: state.detail };
}
