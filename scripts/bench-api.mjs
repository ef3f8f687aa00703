// `npm run bench:api`: the authenticated-read budget of architecture §8, measured in one run.
//
// What: the signed-in list of 50 posts (`GET /api/posts` with a session cookie) against the floor
// of any database-backed endpoint, a bare Fastify + Drizzle route returning one row by primary key
// (from `users`) out of the same PostgreSQL with the same pool size; for reference, the session
// check alone (`GET /api/auth/user`). Then the same list on the embedded database (PGlite), with
// the server process's peak memory.
//
// How: builds the server (`npm run build:server`), starts a throw-away PostgreSQL 15 in a temp dir
// (like tests/setup/global-postgres.ts: as the `postgres` user when run as root; binaries from
// POSTGRES_BIN_DIR, default /usr/lib/postgresql/15/bin), runs `dist/server/main.js --role=all`
// (NODE_ENV=production, LOG_LEVEL=warn, TRUST_PROXY unset, DATABASE_POOL_SIZE as given or the
// app's default 10), signs up one user and creates 50 posts through the real API, then loads each
// target with autocannon (50 connections, 3 s warm-up, then 10 s), one target after the other,
// never both at once. The bare route is this same file run as `--bare-server`. On PGlite the
// server is started twice on one DATA_DIR: the first start creates the database (and is seeded),
// the measured one reopens it, as every start after an install does.
//
// Budgets (architecture §8):
//   PostgreSQL: posts list throughput >= 60% of the bare route's, posts list p99 <= 40 ms.
//   PGlite: server peak RSS < 600 MB under the load (req/s and p99 are printed, not budgeted);
//   the peak of the first start, which created the database, is printed too.
// Any non-2xx answer, socket error or timeout fails the run (e.g. a rate limit on the list route).
// Exits non-zero when a budget is missed. Environment: BENCH_DURATION (s, default 10),
// BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50), DATABASE_POOL_SIZE (default 10),
// BENCH_APP_NODE_ARGS (extra node options for the app's processes, e.g. to profile them).
import { execFileSync, execSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUp, onCleanUp } from './lib/cleanups.mjs';

const DEFAULT_POOL_SIZE = 10; // src/server/config.ts DATABASE_POOL_SIZE default

if (process.argv.includes('--bare-server')) {
  await serveBareRoute();
} else {
  await main();
}

/** The floor: Fastify, Drizzle over pg, one row by primary key. Nothing else. */
async function serveBareRoute() {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { eq } = await import('drizzle-orm');
  const { boolean, pgTable, text, timestamp } = await import('drizzle-orm/pg-core');
  const users = pgTable('users', {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    profileImageUrl: text('profile_image_url'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    accessCodeHash: text('access_code_hash'),
    isActive: boolean('is_active').notNull(),
    timezone: text('timezone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  });
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_DATABASE_URL,
    max: Number(process.env.BENCH_POOL_SIZE),
  });
  const db = drizzle(pool);
  const app = Fastify();
  app.get('/row/:id', async (request, reply) => {
    const [row] = await db.select().from(users).where(eq(users.id, request.params.id)).limit(1);
    return row ?? reply.status(404).send({ error: 'Not found' });
  });
  await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

async function main() {
  const BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE);
  // Node options for the app's processes only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (Node
  // refuses those in NODE_OPTIONS), to see where a request's time goes.
  const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const budgets = { ratioPercent: 60, p99Ms: 40, rssMb: 600 };
  const { default: autocannon } = await import('autocannon');

  let failed = false;
  const report = (ok, line) => {
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'MISS'} ${line}`);
  };
  const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

  const freePort = () =>
    new Promise((resolve, reject) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
      });
    });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  async function waitFor(url, child, what) {
    const began = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
      try {
        if ((await fetch(url)).ok) return;
      } catch {}
      if (Date.now() - began > 60_000) throw new Error(`${what} did not answer ${url} in 60 s`);
      await sleep(50);
    }
  }

  /** Starts a node process with exactly `env`; registers its stop (SIGTERM, SIGKILL after 25 s). */
  function startNode(args, env) {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
      await exited;
      clearTimeout(timer);
    };
    onCleanUp(stop);
    return { child, stop };
  }

  /** The app as production runs it, on PostgreSQL (databaseUrl) or the embedded database. */
  async function startApp(databaseUrl, dataDir) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { TRUST_PROXY: _proxy, DATABASE_URL: _url, ...inherited } = process.env;
    const { child, stop } = startNode([...appNodeArgs, 'dist/server/main.js', '--role=all'], {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-api-secret-bench-api-secret-0123456789',
      TOKEN_ENCRYPTION_KEY: 'bench-api-token-key-0123456789abcdef-0123456789',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: String(poolSize),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    await waitFor(`${url}/api/health`, child, 'the server');
    return { child, url, stop };
  }

  /** One user, 50 posts, all through the real API; returns the session cookie and the user id. */
  async function seed(url) {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'a long bench password',
        firstName: 'Bench',
        lastName: 'Mark',
      }),
    });
    if (signup.status !== 200) throw new Error(`sign-up: ${signup.status} ${await signup.text()}`);
    const cookie = signup.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const userId = (await signup.json()).user.id;
    for (let i = 1; i <= 50; i++) {
      const created = await fetch(`${url}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          platform: 'linkedin',
          content:
            `Post ${i} of 50. Spring is here and so is our new seasonal menu: wild garlic soup, ` +
            'asparagus with brown butter, and a rhubarb tart that sells out by noon. Book a table ' +
            'this week and bring a friend; the first coffee is on us. We source everything from ' +
            'farms within 40 miles, and our team has spent the winter testing every recipe twice.',
          hashtags: ['SpringMenu', 'LocalFood', 'SmallBusiness'],
        }),
      });
      if (created.status !== 201)
        throw new Error(`create post ${i}: ${created.status} ${await created.text()}`);
    }
    const list = await fetch(`${url}/api/posts`, { headers: { cookie } });
    const body = await list.text();
    const count = list.ok ? JSON.parse(body).length : -1;
    if (count !== 50) throw new Error(`GET /api/posts: ${list.status}, ${count} posts (expected 50)`);
    return { cookie, userId, listBytes: Buffer.byteLength(body) };
  }

  /** Warm-up, then the measured run; any non-2xx, error or timeout fails the whole bench. */
  async function load(title, url, headers = {}) {
    const once = (seconds) => autocannon({ url, connections, duration: seconds, headers });
    const checked = (result, phase) => {
      const bad = result.non2xx + result.errors + result.timeouts;
      if (bad > 0) {
        const codes = Object.entries(result.statusCodeStats)
          .map(([code, { count }]) => `${code}: ${count}`)
          .join(', ');
        throw new Error(
          `${title} (${phase}): ${result.non2xx} non-2xx, ${result.errors} errors, ` +
            `${result.timeouts} timeouts (status codes ${codes})`,
        );
      }
      return result;
    };
    if (warmup > 0) checked(await once(warmup), 'warm-up');
    const result = checked(await once(duration), 'measured');
    return { rps: result.requests.average, p99: result.latency.p99, requests: result['2xx'] };
  }

  const line = (label, r) =>
    `  ${label.padEnd(52)} ${fmt(r.rps).padStart(7)} req/s, p99 ${fmt(r.p99)} ms (${fmt(r.requests)} requests)`;

  // PostgreSQL, as tests/setup/global-postgres.ts starts it.
  async function startPostgres() {
    if (!existsSync(join(BIN, 'postgres'))) {
      throw new Error(`PostgreSQL binaries not found in ${BIN} (set POSTGRES_BIN_DIR)`);
    }
    const asRoot = process.getuid?.() === 0;
    const run = (cmd, args) =>
      asRoot
        ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' })
        : execFileSync(cmd, args, { stdio: 'ignore' });
    const dir = mkdtempSync(join(tmpdir(), 'kitepost-bench-pg-'));
    chmodSync(dir, 0o777);
    onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'data');
    const port = await freePort();
    run(join(BIN, 'initdb'), ['-D', dataDir, '-U', 'kitepost', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const args = ['-D', dataDir, '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-c', 'fsync=off'];
    const server = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', join(BIN, 'postgres'), ...args], { stdio: 'ignore' })
      : spawn(join(BIN, 'postgres'), args, { stdio: 'ignore' });
    onCleanUp(async () => {
      if (server.exitCode !== null) return;
      // Through pg_ctl: a signal to `runuser` does not reach the postgres it started.
      const exited = new Promise((r) => server.once('exit', r));
      run(join(BIN, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'fast', '-w']);
      await exited;
    });
    for (let i = 0; ; i++) {
      try {
        execFileSync(join(BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
        break;
      } catch {
        if (i > 100) throw new Error('PostgreSQL did not start');
        await sleep(100);
      }
    }
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: `postgres://kitepost@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database kitepost_bench');
    await admin.end();
    return `postgres://kitepost@127.0.0.1:${port}/kitepost_bench`;
  }

  function readRssMb(pid) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
    } catch {
      return { rss: 0, hwm: 0 };
    }
  }

  try {
    console.log('Building the server...');
    execSync('npm run --silent build:server', { stdio: 'inherit' });
    const scratch = mkdtempSync(join(tmpdir(), 'kitepost-bench-api-'));
    onCleanUp(() => rmSync(scratch, { recursive: true, force: true }));

    // 1. PostgreSQL: the bare route, then the posts list.
    const databaseUrl = await startPostgres();
    const app = await startApp(databaseUrl, join(scratch, 'pg-app'));
    const seeded = await seed(app.url);
    const barePort = await freePort();
    const bare = startNode([fileURLToPath(import.meta.url), '--bare-server'], {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_POOL_SIZE: String(poolSize),
      BENCH_PORT: String(barePort),
    });
    const bareUrl = `http://127.0.0.1:${barePort}/row/${seeded.userId}`;
    await waitFor(bareUrl, bare.child, 'the bare route');

    console.log(
      `\nPostgreSQL 15, pool ${poolSize} (app and bare route), ${connections} connections, ` +
        `${warmup} s warm-up then ${duration} s per target, one target at a time`,
    );
    const floor = await load('bare route', bareUrl);
    console.log(line('bare Fastify + Drizzle, one users row by primary key', floor));
    await bare.stop();
    const list = await load('posts list', `${app.url}/api/posts`, { cookie: seeded.cookie });
    console.log(line(`GET /api/posts, signed in, 50 posts (${fmt(seeded.listBytes / 1024, 1)} KB)`, list));
    // Not budgeted: what the session check alone costs, to tell it from the list's own cost.
    const sessionOnly = await load('session check', `${app.url}/api/auth/user`, { cookie: seeded.cookie });
    console.log(line('(reference) GET /api/auth/user, the session check alone', sessionOnly));
    const ratio = (list.rps / floor.rps) * 100;
    report(
      ratio >= budgets.ratioPercent,
      `posts list throughput: ${fmt(ratio, 1)}% of the bare route (budget >= ${budgets.ratioPercent}%)`,
    );
    report(list.p99 <= budgets.p99Ms, `posts list p99: ${fmt(list.p99)} ms (budget <= ${budgets.p99Ms} ms)`);
    await app.stop();

    // 2. The embedded database. The first start creates it: PGlite's in-process initdb and the
    // migrations grow its WebAssembly heap, which is never given back, so that process is only
    // reported. The budget is measured as every later start runs: on the existing database.
    const embeddedDir = join(scratch, 'pglite-app');
    const creating = await startApp(undefined, embeddedDir);
    const seededEmbedded = await seed(creating.url);
    const creationPeak = readRssMb(creating.child.pid).hwm;
    await creating.stop();
    const embedded = await startApp(undefined, embeddedDir);
    const pid = embedded.child.pid;
    const startedRss = readRssMb(pid).rss;
    let peakSampled = 0;
    const sampler = setInterval(() => {
      peakSampled = Math.max(peakSampled, readRssMb(pid).rss);
    }, 100);
    let embeddedList;
    try {
      embeddedList = await load('posts list (PGlite)', `${embedded.url}/api/posts`, {
        cookie: seededEmbedded.cookie,
      });
    } finally {
      clearInterval(sampler);
    }
    const peak = Math.max(peakSampled, readRssMb(pid).hwm);
    console.log(
      '\nEmbedded database (PGlite), same load, server restarted on the database it created ' +
        '(the ratio and p99 budgets apply to PostgreSQL only)',
    );
    console.log(line('GET /api/posts, signed in, 50 posts', embeddedList));
    console.log(
      `     RSS: ${fmt(startedRss)} MB after start, ${fmt(peakSampled)} MB peak sampled every 100 ms ` +
        `during the run; the first start, which created the database, peaked at ${fmt(creationPeak)} MB`,
    );
    report(
      peak < budgets.rssMb,
      `embedded-database server peak RSS under load: ${fmt(peak)} MB (budget < ${budgets.rssMb} MB)`,
    );
    await embedded.stop();
  } catch (error) {
    console.error(`\nbench:api failed: ${error.message}`);
    failed = true;
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
}
