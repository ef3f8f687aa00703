import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/server/db/client';
import { POSTGRES_TEMPLATE } from './global-postgres';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every database test runs once per kind: PGlite always, PostgreSQL when the run started one. */
export const databaseKinds: DatabaseKind[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

/**
 * What an adapter's tests against its platform simulator run on: PGlite only. What they prove (the
 * requests an adapter sends, how it reads the answers, which error each failure becomes) is the
 * same on either database; what touches Kitepost's own SQL (posts, publishing, permissions, the
 * social accounts' connect and publishing files) keeps running on both. Decision 091.
 */
export const adapterDatabaseKinds: DatabaseKind[] = ['pglite'];

/**
 * A fresh, migrated database of that kind, for one test file: a copy of the run's migrated
 * template (global-pglite.ts, global-postgres.ts), so no file pays for initdb and the migrations.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    return openPglite(undefined, { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  }
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) throw new Error('no PostgreSQL in this run');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  const database = await openPostgres(url, 4);
  return { ...database, url };
}
