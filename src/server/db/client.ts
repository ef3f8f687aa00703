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
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both engines: repositories take this and never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw SQL runner, for the job queue (pg-boss) on either engine. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

export const migrationsFolder = () => join(projectRoot(), 'src/server/db/migrations');

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let unlock = () => {};
  let store: string | undefined;
  if (dataDir) {
    unlock = lockDataDir(dataDir);
    store = join(dataDir, 'pglite');
    mkdirSync(store, { recursive: true });
  }
  try {
    const client = await PGlite.create(store ? { dataDir: store } : {});
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
      // pg-boss sends parameterless multi-statement scripts, which only exec() accepts.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
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

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  try {
    await migrateUnderLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    close: () => pool.end(),
  };
}

/** Any number of processes may start at once: one migrates while the others wait. */
const MIGRATION_LOCK = 7_270_301;
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), {
        migrationsFolder: migrationsFolder(),
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite(options.dataDir);
}
