import type { HealthResponse } from '../../contracts/health';
import type { AiProvider } from './ai/ai-provider';

export interface AdapterChoices {
  databaseKind: 'pglite' | 'postgres';
  /** True when OIDC_* is set. */
  providerSignIn: boolean;
  ai: Pick<AiProvider, 'name' | 'sandbox'>;
}

/**
 * Which adapter serves each outside concern (architecture §1), for /api/health and the start-up
 * log. A sandbox is never hidden. Concerns whose adapters are not built yet say 'none'.
 */
export function describeAdapters({
  databaseKind,
  providerSignIn,
  ai,
}: AdapterChoices): HealthResponse['adapters'] {
  const embedded = databaseKind === 'pglite';
  return {
    database: { adapter: embedded ? 'pglite (embedded)' : 'postgresql', sandbox: false },
    jobs: {
      adapter: embedded ? 'pg-boss on the embedded database' : 'pg-boss on postgresql',
      sandbox: false,
    },
    ai: { adapter: ai.name, sandbox: ai.sandbox },
    billing: { adapter: 'none', sandbox: false },
    social: { adapter: 'none', sandbox: false },
    mail: { adapter: 'none', sandbox: false },
    storage: { adapter: 'none', sandbox: false },
    identity: { adapter: providerSignIn ? 'openid-connect' : 'email-password', sandbox: false },
  };
}
