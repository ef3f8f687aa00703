import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { isConnectionError } from './db/connection-errors';
import { DataDirLockedError } from './db/data-dir-lock';
import { type AdapterChoices, describeAdapters } from './integrations/adapters';
import type { ProcessRole } from './jobs/job-queue';
import { projectRoot } from './lib/project-root';
import { seedDemoUsers } from './modules/demo';
import { startPublishingSweeper } from './modules/publishing/publishing-sweeper';

function parseRole(argv: string[]): ProcessRole {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag ? flag.slice('--role='.length) : 'all';
  if (role === 'all' || role === 'web' || role === 'worker') return role;
  throw new ConfigError(`--role must be web, worker or all (got "${role}")`);
}

function fail(message: string): never {
  // One line naming the cause: what an operator reads first in `journalctl` or `docker logs`.
  console.error(`Kitepost could not start: ${message}`);
  process.exit(1);
}

/** What a start-up failure says; a database's own words are clear enough (pg's messages are). */
function describeStartupError(error: unknown, databaseUrl: string | undefined): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  if (code === 'EADDRINUSE') return `the port is already in use (${text}); set PORT to a free one.`;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && databaseUrl) {
    return `PostgreSQL at ${describeDatabaseUrl(databaseUrl)} refused: ${text} (SQLSTATE ${code}).`;
  }
  return text;
}

/** host:port/database, never the user's password. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  let role: ProcessRole;
  try {
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (role !== 'all' && !config.databaseUrl) {
    fail(`--role=${role} needs DATABASE_URL: the embedded database runs web and worker in one process.`);
  }
  const version = (
    JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }
  ).version;

  // From here on SIGTERM is honoured at any point: a start-up still waiting for the database
  // stops waiting, a running process finishes what it does, both within the deadline.
  const startup = new AbortController();
  let stop: ((signal: string) => Promise<void>) | undefined;
  let stopping = false;
  /** Stops gracefully; exits with `exitCode` (1 after a bug, for the supervisor to see). */
  const onSignal = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      console.error(
        `Kitepost: ${signal}: still busy after ${config.shutdownTimeoutMs / 1000} s, exiting anyway.`,
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    if (!stop) {
      startup.abort(new Error(signal));
      process.exit(exitCode);
    }
    void stop(signal).then(
      () => process.exit(exitCode),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      applicationName: `kitepost ${role} pid ${process.pid}`,
      wait: {
        signal: startup.signal,
        onRetry: (cause, attempt, delayMs) =>
          console.warn(
            `Kitepost is waiting for PostgreSQL at ${describeDatabaseUrl(config.databaseUrl ?? '')}: ${cause} ` +
              `(attempt ${attempt}; next in ${delayMs / 1000} s)`,
          ),
      },
    });
  } catch (error) {
    fail(describeStartupError(error, config.databaseUrl));
  }

  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, { database, role, version });
  } catch (error) {
    await database.close().catch(() => {});
    fail(describeStartupError(error, config.databaseUrl));
  }
  const { app, ctx, jobs } = built;
  stop = async (signal) => {
    app.log.info({ signal }, 'shutting down: finishing requests and jobs');
    // Stops accepting, waits for in-flight requests, then finishes running jobs (the onClose
    // hooks; jobs within the deadline); the database closes last.
    await app.close();
    await database.close();
  };
  // A lost connection is waited out; any other error nobody handled is a bug: say it and exit,
  // for the supervisor to start a clean process (docs/deployment.md).
  process.on('unhandledRejection', (reason) => {
    if (isConnectionError(reason)) return app.log.warn({ err: reason }, 'the database does not answer');
    app.log.fatal({ err: reason }, 'unhandled promise rejection');
    onSignal('unhandledRejection', 1);
  });
  process.on('uncaughtException', (error) => {
    if (isConnectionError(error)) return app.log.warn({ err: error }, 'the database does not answer');
    app.log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
  try {
    if (role !== 'web') {
      await jobs.startWorkers({ database, log: app.log, app: ctx });
      // Reconciles abandoned attempts and publishes posts whose job is late or lost (decision 015).
      const sweeper = startPublishingSweeper(ctx);
      app.addHook('onClose', async () => sweeper.stop());
    }
    const demo = role === 'worker' ? [] : await seedDemoUsers(ctx);
    if (role !== 'worker') await app.listen({ port: config.port, host: config.host });
    printBanner({
      role,
      version,
      url: config.appUrl,
      adapters: {
        databaseKind: database.kind,
        providerSignIn: config.oidc !== undefined,
        ai: ctx.ai,
        aiImages: ctx.images,
        social: ctx.socialProviders,
        mail: ctx.mail,
        storage: ctx.storage,
        billing: ctx.billing.provider,
      },
      demo,
      accessCodes: config.accessCodes,
      adminCode: ctx.adminCode,
    });
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await jobs.stop({ graceful: false }).catch(() => {});
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    fail(describeStartupError(error, config.databaseUrl));
  }
}

function printBanner(info: {
  role: ProcessRole;
  version: string;
  url: string;
  adapters: AdapterChoices;
  demo: { firstName: string; lastName: string; accessCode: string; tier: string }[];
  accessCodes: boolean;
  adminCode: { source: string; generatedCode?: string };
}) {
  const lines = [`Kitepost ${info.version} (${info.role})${info.role === 'worker' ? '' : ` at ${info.url}`}`];
  for (const [concern, adapter] of Object.entries(describeAdapters(info.adapters))) {
    lines.push(`  ${concern.padEnd(9)} ${adapter.adapter}${adapter.sandbox ? '  [SANDBOX]' : ''}`);
  }
  if (!info.accessCodes) {
    lines.push(
      'Access codes: off (ACCESS_CODES=off); User Login is closed, sign in with email and password.',
    );
  } else if (info.demo.length > 0) {
    lines.push('Demo users (User Login access codes; not created in production):');
    for (const user of info.demo) {
      lines.push(`  ${user.accessCode}  ${user.firstName} ${user.lastName} (${user.tier})`);
    }
  }
  if (info.adminCode.generatedCode) {
    lines.push(
      `Super admin access code (generated; shown this once, kept hashed in DATA_DIR): ${info.adminCode.generatedCode}`,
    );
  } else if (info.adminCode.source === 'none') {
    lines.push(
      'Super admin access code: not set (ADMIN_ACCESS_CODE); only users with role admin are admins.',
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
}

await main();
