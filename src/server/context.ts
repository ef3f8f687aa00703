import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AiProvider } from './integrations/ai/ai-provider';
import type { Identity } from './integrations/identity/better-auth';
import type { AdminCodeVerifier } from './lib/secrets';

/** What services need from the running app: built once by buildApp, passed explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  identity: Identity;
  adminCode: AdminCodeVerifier;
  /** The AI writer chosen by configuration (the offline composer by default). */
  ai: AiProvider;
  log: FastifyBaseLogger;
}
