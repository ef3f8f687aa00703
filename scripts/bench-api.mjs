// `npm run bench:api`: the authenticated-read budget of architecture §8, measured in one run.
//
// What: the signed-in list of 50 posts (`GET /api/posts` with a session cookie) against the floor
// of any database-backed endpoint, a bare Fastify + Drizzle route returning one row by primary key
// (from `users`) out of the same PostgreSQL with the same pool size; for reference, the session
// check alone (`GET /api/auth/user`). Then the same list on the embedded database (PGlite), with
// the server process's peak memory.
//
// How: builds the server (`npm run build:server`, unless dist/ is fresh), starts a throw-away PostgreSQL 15 in a temp dir
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
// Any non-2xx answer or socket error breaks the run (e.g. a rate limit on the list route); requests
// unanswered after 10 s are a figure with a budget of 0.
// Exits non-zero when a budget is missed. `--smoke` (scripts/lib/bench-runner.mjs): 5 posts, 10
// connections, no warm-up, 1 s per target, budgets not asserted. Environment: BENCH_DURATION (s, default 10),
// BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50), DATABASE_POOL_SIZE (default 10),
// BENCH_APP_NODE_ARGS (extra node options for the app's processes, e.g. to profile them).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionEnv, startServer, stopServer } from './lib/app-process.mjs';
import { createBench, fmt, START_TIMEOUT_MS } from './lib/bench-runner.mjs';
import { onCleanUp } from './lib/cleanups.mjs';
import { freePort, startPostgresCluster } from './lib/pg-cluster.mjs';

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
  const bench = createBench('bench:api', {
    sizes: { duration: [10, 1], warmup: [3, 0], connections: [50, 10], posts: [50, 5] },
    env: { duration: 'BENCH_DURATION', warmup: 'BENCH_WARMUP', connections: 'BENCH_CONNECTIONS' },
  });
  const { duration, warmup, connections, posts } = bench.size;
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE);
  // Node options for the app's processes only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (Node
  // refuses those in NODE_OPTIONS), to see where a request's time goes.
  const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const budgets = { ratioPercent: 60, p99Ms: 40, rssMb: 600 };
  const { default: autocannon } = await import('autocannon');

  /** The app as production runs it, on PostgreSQL (databaseUrl) or the embedded database. */
  async function startApp(databaseUrl, dataDir) {
    const env = productionEnv({
      port: await freePort(),
      dataDir,
      databaseUrl,
      DATABASE_POOL_SIZE: String(poolSize),
    });
    const child = await startServer('all', env, {
      nodeArgs: appNodeArgs,
      echo: true,
      timeoutMs: START_TIMEOUT_MS,
    });
    const stop = () => stopServer(child);
    onCleanUp(stop);
    return { child, url: env.APP_URL, stop };
  }

  /** One user and its posts, all through the real API; returns the session cookie and the user id. */
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
    for (let i = 1; i <= posts; i++) {
      const created = await fetch(`${url}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          platform: 'linkedin',
          content:
            `Post ${i} of ${posts}. Spring is here and so is our new seasonal menu: wild garlic soup, ` +
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
    if (count !== posts)
      throw new Error(`GET /api/posts: ${list.status}, ${count} posts (expected ${posts})`);
    return { cookie, userId, listBytes: Buffer.byteLength(body) };
  }

  /**
   * Warm-up, then the measured run. A non-2xx answer or a socket error breaks the whole bench; an
   * answer slower than autocannon's 10 s timeout is a figure (budget 0): an overloaded machine is
   * slow, not broken, and the table still shows the rest.
   */
  async function load(title, url, headers = {}) {
    const once = (seconds) => autocannon({ url, connections, duration: seconds, headers });
    const checked = (result, phase) => {
      // autocannon counts a timeout among the errors too.
      const bad = result.non2xx + result.errors - result.timeouts;
      if (bad > 0 || result['2xx'] === 0) {
        const codes = Object.entries(result.statusCodeStats)
          .map(([code, { count }]) => `${code}: ${count}`)
          .join(', ');
        throw new Error(
          `${title} (${phase}): ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ` +
            `${result.timeouts} timeouts (status codes ${codes})`,
        );
      }
      return result;
    };
    const warm = warmup > 0 ? checked(await once(warmup), 'warm-up') : { timeouts: 0 };
    const result = checked(await once(duration), 'measured');
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      requests: result['2xx'],
      timeouts: warm.timeouts + result.timeouts,
    };
  }

  /** A target's throughput and p99 as figures, and its timeouts if there were any. */
  const loaded = (label, r, p99Budget) => {
    bench.figure(`${label}: throughput`, r.rps, { unit: 'req/s' });
    bench.figure(`${label}: p99`, r.p99, { unit: 'ms', ...(p99Budget ? { budget: ['<=', p99Budget] } : {}) });
    if (r.timeouts > 0)
      bench.figure(`${label}: requests unanswered after 10 s`, r.timeouts, { budget: ['<=', 0] });
  };

  function readRssMb(pid) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
    } catch {
      return { rss: 0, hwm: 0 };
    }
  }

  await bench.run(async () => {
    bench.build('server');
    const scratch = mkdtempSync(join(tmpdir(), 'kitepost-bench-api-'));
    onCleanUp(() => rmSync(scratch, { recursive: true, force: true }));

    // 1. PostgreSQL: the bare route, then the posts list.
    const cluster = await startPostgresCluster();
    onCleanUp(() => cluster.destroy());
    const databaseUrl = await cluster.createDatabase('kitepost_bench');
    const app = await startApp(databaseUrl, join(scratch, 'pg-app'));
    const seeded = await seed(app.url);
    const barePort = await freePort();
    const bareEnv = {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_POOL_SIZE: String(poolSize),
      BENCH_PORT: String(barePort),
      APP_URL: `http://127.0.0.1:${barePort}`,
    };
    // The bare route is this file, not the built server.
    const bareChild = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server'], {
      env: bareEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const bareExited = new Promise((r) => bareChild.once('exit', r));
    const stopBare = async () => {
      if (bareChild.exitCode !== null || bareChild.signalCode !== null) return;
      bareChild.kill('SIGTERM');
      await bareExited;
    };
    onCleanUp(stopBare);
    const bareUrl = `http://127.0.0.1:${barePort}/row/${seeded.userId}`;
    for (const began = Date.now(); ; ) {
      if (bareChild.exitCode !== null)
        throw new Error(`the bare route exited with code ${bareChild.exitCode}`);
      if (
        await fetch(bareUrl).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() - began > 60_000) throw new Error(`the bare route did not answer ${bareUrl} in 60 s`);
      await new Promise((r) => setTimeout(r, 50));
    }

    console.log(
      `\nPostgreSQL 15, pool ${poolSize} (app and bare route), ${connections} connections, ` +
        `${warmup} s warm-up then ${duration} s per target, one target at a time`,
    );
    const floor = await load('bare route', bareUrl);
    loaded('bare Fastify + Drizzle route, one users row by primary key (PostgreSQL)', floor);
    await stopBare();
    const list = await load('posts list', `${app.url}/api/posts`, { cookie: seeded.cookie });
    loaded(
      `GET /api/posts, signed in, ${posts} posts, ${fmt(seeded.listBytes / 1024, 1)} KB (PostgreSQL)`,
      list,
      budgets.p99Ms,
    );
    // Not budgeted: what the session check alone costs, to tell it from the list's own cost.
    const sessionOnly = await load('session check', `${app.url}/api/auth/user`, { cookie: seeded.cookie });
    loaded('(reference) GET /api/auth/user, the session check alone (PostgreSQL)', sessionOnly);
    bench.figure('posts list throughput, % of the bare route (PostgreSQL)', (list.rps / floor.rps) * 100, {
      unit: '%',
      digits: 1,
      budget: ['>=', budgets.ratioPercent],
    });
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
    console.log('\nEmbedded database (PGlite), same load, server restarted on the database it created');
    loaded(`GET /api/posts, signed in, ${posts} posts (embedded database)`, embeddedList);
    bench.figure('embedded database: RSS after start', startedRss, { unit: 'MB' });
    bench.figure('embedded database: first start (creates the database) peak RSS', creationPeak, {
      unit: 'MB',
    });
    bench.figure('embedded database: peak RSS under load', peak, {
      unit: 'MB',
      budget: ['<', budgets.rssMb],
    });
    await embedded.stop();
  });
}
