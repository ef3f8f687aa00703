import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiOf,
  buildServer,
  connectX,
  isRunning,
  productionEnv,
  type Role,
  type ServerProcess,
  signUp,
  startServer,
  stopServer,
  waitUntilUp,
} from '../../scripts/lib/app-process.mjs';
import {
  freePort,
  hasPostgres,
  type PostgresCluster,
  startPostgresCluster,
} from '../../scripts/lib/pg-cluster.mjs';

/*
 * What operators' systems do every week, done to the built server run as production runs it:
 * separate web and worker processes on one PostgreSQL (issue 19). PostgreSQL only: the embedded
 * database lives inside the process and cannot go away on its own.
 */

const SHUTDOWN_SECONDS = 8;
let scratch: string;
let cluster: PostgresCluster;
const started: ServerProcess[] = [];

beforeAll(async () => {
  buildServer();
  scratch = mkdtempSync(join(tmpdir(), 'kitepost-resilience-'));
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(async () => {
  await cluster?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((child) => stopServer(child, 5_000)));
  // A test that stopped PostgreSQL and failed midway leaves it stopped.
  if (!cluster.isReady()) await cluster.start();
});

let processCount = 0;
function envFor(databaseUrl: string, port: number) {
  return productionEnv({
    port,
    dataDir: join(scratch, `process-${++processCount}`),
    databaseUrl,
    SESSION_SECRET: 'resilience-session-secret-resilience-0123456789',
    TOKEN_ENCRYPTION_KEY: 'resilience-token-key-0123456789abcdef-0123456789',
    JOBS_POLL_SECONDS: '1',
    PUBLISH_LEASE_SECONDS: '10',
    PUBLISH_SWEEP_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_SECONDS),
  });
}

async function start(role: Role, env: ReturnType<typeof envFor>, options: { wait?: boolean } = {}) {
  const child = await startServer(role, env, { wait: false });
  started.push(child);
  if (options.wait !== false) await waitUntilUp(child, role, env.APP_URL);
  return child;
}

async function newDatabase(name: string) {
  return cluster.createDatabase(`${name}_${Date.now() % 1e8}`);
}

/** One SQL statement on its own connection (the test's, never the app's pool). */
async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const statusOf = (url: string, path: string, cookie?: string) =>
  fetch(url + path, { headers: cookie ? { cookie } : {} }).then(
    async (response) => ({
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    }),
    (error: Error) => ({ status: 0, retryAfter: null, body: error.message }),
  );

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

const SCHEDULED_TEXT = 'Resilience post';

describe.skipIf(!hasPostgres())('a deployment outlives PostgreSQL going away', () => {
  it('keeps every process running through a 15 s restart, answers 503 meanwhile, and publishes each due post once', async () => {
    const databaseUrl = await newDatabase('restart');
    const [portA, portB] = [await freePort(), await freePort()];
    const webA = envFor(databaseUrl, portA);
    const webB = envFor(databaseUrl, portB);
    const processes = [
      await start('web', webA),
      await start('web', webB),
      await start('worker', envFor(databaseUrl, await freePort())),
      await start('worker', envFor(databaseUrl, await freePort())),
    ];

    // A user with two X sandbox accounts, through web A; the session works on web B too.
    const cookie = await signUp(webA.APP_URL, `restart-${Date.now()}@example.com`);
    const accounts = [
      await connectX(webA.APP_URL, cookie, `bakery_a_${Date.now() % 1e6}`),
      await connectX(webA.APP_URL, cookie, `bakery_b_${Date.now() % 1e6}`),
    ];
    const api = apiOf(webB.APP_URL, cookie);
    const schedule = async (count: number, label: string, at: Date) => {
      for (let i = 0; i < count; i++) {
        const post = await api<{ id: string }>('POST', '/api/posts', {
          platform: 'twitter',
          content: `${SCHEDULED_TEXT} ${label} ${i + 1}: rye loaves are back.`,
        });
        await api('POST', `/api/posts/${post.id}/schedule`, {
          scheduledAt: at.toISOString(),
          socialAccountId: accounts[i % accounts.length],
        });
      }
    };
    // Due just before the stop (in flight when it happens), during the outage, and after it.
    const stopAt = Date.now() + 12_000;
    await schedule(8, 'before', new Date(stopAt - 2_000));
    await schedule(8, 'at-stop', new Date(stopAt));
    await schedule(8, 'during', new Date(stopAt + 6_000));
    await schedule(8, 'after', new Date(stopAt + 20_000));
    await sleep(Math.max(0, stopAt - Date.now()));

    await cluster.stop();
    const stoppedAt = Date.now();
    const outageEnds = stoppedAt + 14_000;
    const duringOutage: {
      health: number;
      healthRetry: string | null;
      posts: number;
      postsRetry: string | null;
    }[] = [];
    while (Date.now() < outageEnds) {
      await sleep(1_000);
      expect(processes.map(isRunning)).toEqual([true, true, true, true]);
      const health = await statusOf(webA.APP_URL, '/api/health');
      const posts = await statusOf(webB.APP_URL, '/api/posts', cookie);
      duringOutage.push({
        health: health.status,
        healthRetry: health.retryAfter,
        posts: posts.status,
        postsRetry: posts.retryAfter,
      });
      if (posts.status === 503) {
        expect(JSON.parse(posts.body).error).toEqual({
          code: 'database_unavailable',
          message:
            'Kitepost cannot reach its database right now. Nothing you saved is lost; please try again in a few seconds.',
        });
      }
      if (health.status === 503) expect(JSON.parse(health.body).checks.database.status).toBe('unreachable');
    }
    // Signing out cannot end the session now: it says so instead of clearing the cookie.
    const signOut = await fetch(`${webA.APP_URL}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: webA.APP_URL },
    });
    expect([signOut.status, signOut.headers.getSetCookie()]).toEqual([503, []]);
    await sleep(stoppedAt + 15_000 - Date.now());
    expect(duringOutage.length).toBeGreaterThanOrEqual(10);
    for (const answer of duringOutage) {
      expect(answer).toEqual({ health: 503, healthRetry: '5', posts: 503, postsRetry: '5' });
    }

    await cluster.start();
    const restarted = Date.now();
    await until(
      'both web processes to answer 200 again',
      async () => {
        const answers = await Promise.all([
          statusOf(webA.APP_URL, '/api/health'),
          statusOf(webB.APP_URL, '/api/posts', cookie),
        ]);
        return answers.every((answer) => answer.status === 200) ? true : undefined;
      },
      10_000,
    );
    expect(Date.now() - restarted).toBeLessThan(10_000);

    // Every post is published, once: on the simulator (what the platform received) and in Kitepost.
    const settled = await until(
      'every scheduled post to be published',
      async () => {
        const rows = await query<{ status: string; n: number }>(
          databaseUrl,
          `select status, count(*)::int as n from posts where content like $1 group by status`,
          [`${SCHEDULED_TEXT} %`],
        );
        const counts = Object.fromEntries(rows.map((row) => [row.status, row.n]));
        return (counts.published ?? 0) === 32 || (counts.scheduled ?? 0) + (counts.publishing ?? 0) === 0
          ? counts
          : undefined;
      },
      90_000,
    );
    expect(settled).toEqual({ published: 32 });
    const onPlatform = await query<{ text: string; n: number }>(
      databaseUrl,
      `select text, count(*)::int as n from sandbox_posts where text like $1 group by text`,
      [`${SCHEDULED_TEXT} %`],
    );
    expect(onPlatform).toHaveLength(32);
    expect(onPlatform.filter((row) => row.n !== 1)).toEqual([]);
    expect(processes.map(isRunning)).toEqual([true, true, true, true]);

    // No process logged the session token (failed queries carry their values) or a stack trace
    // of an unhandled error; each stops within its shutdown deadline.
    const sessionCookie = cookie.split('; ').find((pair) => pair.includes('session_token=')) ?? '';
    const token = decodeURIComponent(sessionCookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    for (const child of processes) {
      expect(child.output).not.toContain(token);
      expect(child.output).not.toContain('Unhandled');
    }
    for (const child of processes) {
      const began = Date.now();
      expect(await stopServer(child, 30_000)).toEqual({ code: 0, signal: null });
      expect(Date.now() - began).toBeLessThan(SHUTDOWN_SECONDS * 1000);
    }
  }, 240_000);

  it('survives PostgreSQL ending one pooled connection (pg_terminate_backend)', async () => {
    const databaseUrl = await newDatabase('terminate');
    const port = await freePort();
    const env = envFor(databaseUrl, port);
    const web = await start('web', env);
    const worker = await start('worker', envFor(databaseUrl, await freePort()));
    const cookie = await signUp(env.APP_URL, `terminate-${Date.now()}@example.com`);
    // Fill the web process's pool with several idle connections.
    await Promise.all(Array.from({ length: 6 }, () => statusOf(env.APP_URL, '/api/posts', cookie)));

    for (const [child, name] of [
      [web, `kitepost web pid ${web.pid}`],
      [worker, `kitepost worker pid ${worker.pid} jobs`],
    ] as const) {
      const ended = await query<{ ended: boolean }>(
        databaseUrl,
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where application_name = $1 and state = 'idle' limit 1`,
        [name],
      );
      expect(ended).toEqual([{ ended: true }]);
      await sleep(500);
      expect(isRunning(child)).toBe(true);
    }
    // The pool replaced the ended connection: every request is answered.
    for (let i = 0; i < 12; i++) expect((await statusOf(env.APP_URL, '/api/posts', cookie)).status).toBe(200);
    expect(web.output).toContain('database connection lost');
    expect(isRunning(worker)).toBe(true);
  }, 90_000);

  it('starts three processes at once on an empty database, ten times, without a failure', async () => {
    for (let round = 1; round <= 10; round++) {
      const databaseUrl = await newDatabase(`empty_${round}`);
      const [portA, portB] = [await freePort(), await freePort()];
      const processes = await Promise.all([
        startServer('web', envFor(databaseUrl, portA), { wait: false }),
        startServer('web', envFor(databaseUrl, portB), { wait: false }),
        startServer('worker', envFor(databaseUrl, await freePort()), { wait: false }),
      ]);
      started.push(...processes);
      await Promise.all([
        waitUntilUp(processes[0] as ServerProcess, 'web', `http://127.0.0.1:${portA}`),
        waitUntilUp(processes[1] as ServerProcess, 'web', `http://127.0.0.1:${portB}`),
        waitUntilUp(processes[2] as ServerProcess, 'worker', undefined),
      ]).catch((error: Error) => {
        throw new Error(`round ${round}: ${error.message}`);
      });
      for (const child of processes)
        expect(await stopServer(child, 15_000)).toEqual({ code: 0, signal: null });
      started.splice(0);
    }
  }, 300_000);

  it('waits for PostgreSQL at start-up, saying what it waits for, and comes up once it answers', async () => {
    const databaseUrl = await newDatabase('late');
    const env = envFor(databaseUrl, await freePort());
    await cluster.stop();
    const web = await start('web', env, { wait: false });
    await until(
      'the waiting line',
      async () =>
        web.output.includes('Kitepost is waiting for PostgreSQL at 127.0.0.1:') ? true : undefined,
      15_000,
    );
    expect(web.output).toMatch(
      /connection refused \(is PostgreSQL running and listening there\?\) \(attempt 1; next in 0.5 s\)/,
    );
    expect(web.output).not.toContain('ECONNREFUSED');
    await sleep(3_000);
    expect(isRunning(web)).toBe(true);
    await cluster.start();
    await waitUntilUp(web, 'web', env.APP_URL, 30_000);

    // SIGTERM while still waiting ends the wait at once.
    await cluster.stop();
    const waiting = await start('worker', envFor(databaseUrl, await freePort()), { wait: false });
    await until(
      'the second waiting line',
      async () => (waiting.output.includes('is waiting') ? true : undefined),
      15_000,
    );
    const began = Date.now();
    expect(await stopServer(waiting, 10_000)).toEqual({ code: 0, signal: null });
    expect(Date.now() - began).toBeLessThan(2_000);

    // A running process sent SIGTERM while PostgreSQL is down exits within its deadline.
    const stopping = Date.now();
    const exit = await stopServer(web, 30_000);
    expect(exit.signal).toBeNull();
    expect(Date.now() - stopping).toBeLessThan((SHUTDOWN_SECONDS + 1) * 1000);
  }, 120_000);

  it('names the cause in one line when start-up cannot go on', async () => {
    const env = envFor(cluster.url('no_such_database'), await freePort());
    const web = await start('web', env, { wait: false });
    const exit = await web.exited;
    expect(exit.code).toBe(1);
    const lines = web.output.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^Kitepost could not start: PostgreSQL at 127\.0\.0\.1:\d+\/no_such_database refused: database "no_such_database" does not exist \(SQLSTATE 3D000\)\.$/,
    );
    expect(web.output).not.toMatch(/\n\s+at /); // no stack trace
  }, 30_000);
});
