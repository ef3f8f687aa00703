import type { HealthResponse } from '../../contracts/health';

/**
 * Which adapter serves each outside concern (architecture §1), for /api/health and the start-up
 * log. A sandbox is never hidden. Concerns whose adapters are not built yet say 'none'.
 */
export function describeAdapters(
  databaseKind: 'pglite' | 'postgres',
  providerSignIn: boolean,
): HealthResponse['adapters'] {
  const embedded = databaseKind === 'pglite';
  return {
    database: { adapter: embedded ? 'pglite (embedded)' : 'postgresql', sandbox: false },
    jobs: {
      adapter: embedded ? 'pg-boss on the embedded database' : 'pg-boss on postgresql',
      sandbox: false,
    },
    ai: { adapter: 'none', sandbox: false },
    billing: { adapter: 'none', sandbox: false },
    social: { adapter: 'none', sandbox: false },
    mail: { adapter: 'none', sandbox: false },
    storage: { adapter: 'none', sandbox: false },
    identity: { adapter: providerSignIn ? 'openid-connect' : 'email-password', sandbox: false },
  };
}
