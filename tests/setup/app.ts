import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import type { AiProvider } from '../../src/server/integrations/ai/ai-provider';
import type { SocialProviders } from '../../src/server/integrations/social/providers';
import type { Jobs } from '../../src/server/jobs/boss';
import type { ProcessRole } from '../../src/server/jobs/job-queue';
import { exampleImagesFetch } from '../fakes/publish-media';
import { type DatabaseKind, openTestDatabase } from './databases';

export const TEST_ADMIN_CODE = 'test-admin-code-4821';
export const TEST_APP_URL = 'http://kitepost.test';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** The app's job queue: send-only unless the test asked for a worker role. */
  jobs: Jobs;
  close(): Promise<void>;
}

/** The real app on a fresh real database; `env` overrides the environment it is configured with. */
export async function buildTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: {
    ai?: AiProvider;
    socialProviders?: Partial<SocialProviders>;
    role?: ProcessRole;
    /** Receives the app's log lines (JSON) instead of stdout. */
    logStream?: { write(line: string): void };
    /** The internet the platform simulator downloads images from (default: exampleImagesFetch). */
    simulatorOutsideFetch?: typeof fetch;
    /** A built front end to serve (default: the checkout's dist/, when built). */
    distDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kitepost-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    SESSION_SECRET: 'test-session-secret-0123456789abcdef-0123456789',
    TOKEN_ENCRYPTION_KEY: 'test-token-key-0123456789abcdef-0123456789abcdef',
    ADMIN_ACCESS_CODE: TEST_ADMIN_CODE,
    LOG_LEVEL: 'error',
    ...env,
  });
  const database = await openTestDatabase(kind);
  // Tests send jobs but run none unless they ask for a worker (role 'all' or 'worker').
  const { app, ctx, jobs } = await buildApp(config, {
    database,
    // The simulator downloads images given by URL; `*.example` stands for the internet.
    simulatorOutsideFetch: exampleImagesFetch(),
    ...options,
    role: options.role ?? 'web',
  });
  await app.ready();
  return {
    app,
    ctx,
    config,
    jobs,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
