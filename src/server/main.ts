import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { type AdapterChoices, describeAdapters } from './integrations/adapters';
import type { ProcessRole } from './jobs/boss';
import { projectRoot } from './lib/project-root';
import { seedDemoUsers } from './modules/demo/demo-users.service';
import { startPublishingSweeper } from './modules/publishing/publishing-sweeper';
import { socialContextOf } from './modules/social-accounts/social-accounts.service';

function parseRole(argv: string[]): ProcessRole {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag ? flag.slice('--role='.length) : 'all';
  if (role === 'all' || role === 'web' || role === 'worker') return role;
  throw new ConfigError(`--role must be web, worker or all (got "${role}")`);
}

function fail(message: string): never {
  console.error(`\nKitepost could not start.\n${message}\n`);
  process.exit(1);
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

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  });

  const { app, ctx, jobs } = await buildApp(config, { database, role, version });
  try {
    if (role !== 'web') {
      await jobs.startWorkers({ database, log: app.log, social: socialContextOf(ctx), app: ctx });
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
    await app.close();
    await database.close();
    process.exit(1);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests and jobs');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await app.close(); // stops accepting, waits for in-flight requests, then finishes running jobs
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
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
