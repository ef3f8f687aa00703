import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../lib/project-root';
import { describeConnectionError, isConnectionError } from './connection-errors';
import { lockDataDir } from './data-dir-lock';
import { seedFromTemplate } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both engines: repositories take this and never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw SQL runner, for the job queue (pg-boss) on either engine. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Where the database reports a lost connection; the app's logger once it is built. */
export interface DatabaseLog {
  warn(obj: object, msg?: string): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /**
   * Runs `task` while no other process runs one (PostgreSQL: under the advisory lock migrations
   * take), for start-up work that is unsafe side by side, like creating the job queues.
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
  /** Sends connection errors to this log from now on (before: stderr). */
  logTo(log: DatabaseLog): void;
  close(): Promise<void>;
}

/** Start-up's wait for a database that is not there yet. */
export interface DatabaseWait {
  /** Told before each pause: what failed, which attempt that was, how long until the next. */
  onRetry(cause: string, attempt: number, delayMs: number): void;
  /** Stops waiting (SIGTERM during start-up): the open rejects with this signal's reason. */
  signal?: AbortSignal;
}

/** Pauses between start-up attempts: 0.5 s doubling up to 15 s, then every 15 s. */
export function startupRetryDelayMs(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** (attempt - 1));
}

/** A connection attempt that has not succeeded in this long fails (and start-up tries again). */
export const CONNECT_TIMEOUT_MS = 5_000;

export const migrationsFolder = () => join(projectRoot(), 'src/server/db/migrations');

/**
 * The embedded PostgreSQL's settings. shared_buffers is PostgreSQL's page cache inside PGlite's
 * WebAssembly memory, which never shrinks: its default of 128 MB costs about 140 MB of resident
 * memory for data a small business's workspace never fills. Pages read past it come from the
 * operating system's file cache, so 16 MB keeps the embedded server small (architecture §8).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * The embedded database: in DATA_DIR/pglite (a new one starts from the build's template, see
 * pglite-template.ts), or in memory without a data directory. `loadDataDir` starts an in-memory one
 * from a dump (the tests' migrated template, dumpMigratedPglite) instead of a new cluster.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let unlock = () => {};
  let store: string | undefined;
  if (dataDir) {
    unlock = lockDataDir(dataDir);
    store = join(dataDir, 'pglite');
    mkdirSync(store, { recursive: true });
  }
  try {
    if (store) seedFromTemplate(store);
    const { client, db } = await migratedPglite({
      ...(store ? { dataDir: store } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    return {
      db,
      kind: 'pglite',
      // pg-boss sends parameterless multi-statement scripts, which only exec() accepts.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
      exclusively: (task) => task(), // one process owns the data directory
      logTo: () => {}, // in-process: there is no connection to lose
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function migratedPglite(options: { dataDir?: string; loadDataDir?: Blob }) {
  const client = await PGlite.create({ ...options, postgresqlconf: PGLITE_SETTINGS });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return { client, db };
}

/**
 * A new in-memory cluster with every migration applied, as a dump for openPglite's `loadDataDir`:
 * the test run makes one, and each test file's database loads it in about a second instead of
 * running initdb and the migrations again.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const { client } = await migratedPglite({});
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openPostgres(
  url: string,
  poolSize: number,
  options: { wait?: DatabaseWait; applicationName?: string } = {},
): Promise<Database> {
  const { wait, applicationName } = options;
  let log: DatabaseLog = {
    warn: (obj, msg) => console.warn(`${msg ?? 'database'}: ${JSON.stringify(obj)}`),
  };
  const lost = (error: Error) =>
    log.warn(
      { err: { message: error.message, code: (error as { code?: unknown }).code } },
      'database connection lost',
    );
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Which process holds a connection, in pg_stat_activity (the operator's first question).
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // An idle connection that PostgreSQL ends (restart, failover, pg_terminate_backend, a proxy's
  // idle timeout) is reported here; without a listener Node ends the process. A checked-out
  // client (a transaction, the migration lock) reports on itself, so every client gets one too.
  // The pool drops a broken client and opens a new one for the next query.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  try {
    await untilConnected(() => underLock(pool, migrate), wait);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    exclusively: (task) => underLock(pool, task),
    logTo: (next) => {
      log = next;
    },
    close: () => pool.end(),
  };
}

/** Runs `attempt` until it does not fail for want of a connection (with pauses, see above). */
async function untilConnected<T>(attempt: () => Promise<T>, wait: DatabaseWait | undefined): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!wait || !isConnectionError(error)) throw error;
      const delayMs = startupRetryDelayMs(tries);
      wait.onRetry(describeConnectionError(error), tries, delayMs);
      await sleep(delayMs, wait.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

function migrate(client: pg.PoolClient) {
  return migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), {
    migrationsFolder: migrationsFolder(),
  });
}

/** Any number of processes may start at once: one migrates (or creates queues) while the others wait. */
const MIGRATION_LOCK = 7_270_301;
async function underLock<T>(pool: pg.Pool, task: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await task(client);
    } finally {
      // A lost connection has dropped the session's lock with it.
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** PostgreSQL: wait for a database that is not there yet instead of failing at once. */
  wait?: DatabaseWait;
  /** PostgreSQL: how this process's connections are named in pg_stat_activity. */
  applicationName?: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, options)
    : openPglite(options.dataDir);
}
