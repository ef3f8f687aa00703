import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';
import { databaseKinds } from '../setup/databases';

/** The migrations as they were before 0016 (access codes in the clear on every user). */
function migrationsBefore0016(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kitepost-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 16);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Sql {
  run(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(kind: 'pglite' | 'postgres'): Promise<Sql> {
  if (kind === 'pglite') {
    const client = await PGlite.create();
    const db = drizzlePglite(client);
    return {
      run: async (text) => ({ rows: (await client.query(text)).rows as Record<string, unknown>[] }),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) throw new Error('no PostgreSQL in this run');
  const name = `test_mig_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: serverUrl.replace(/\/postgres$/, `/${name}`), max: 2 });
  const db = drizzlePg(pool);
  return {
    run: async (text) => ({ rows: (await pool.query(text)).rows }),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}

describe.each(databaseKinds)('migration 0016 (access codes) on %s', (kind) => {
  const before = migrationsBefore0016();
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('leaves every existing user without a code (none left in the clear); passwords stay', async () => {
    const sql = await open(kind);
    try {
      await sql.migrate(before);
      await sql.run(`insert into users (id, name, email, access_code) values
        ('u-real', 'Real User', 'real@example.com', 'AB12'),
        ('u-demo', 'Olivia Bennett', 'olivia@demo.kitepost.app', 'CD34')`);
      await sql.run(`insert into accounts (id, account_id, provider_id, user_id, password)
        values ('a-real', 'u-real', 'credential', 'u-real', 'scrypt-hash')`);

      await sql.migrate(migrationsFolder());

      const { rows } = await sql.run('select id, access_code_hash from users order by id');
      expect(rows).toEqual([
        { id: 'u-demo', access_code_hash: null },
        { id: 'u-real', access_code_hash: null },
      ]);
      const columns = await sql.run(
        `select column_name from information_schema.columns where table_name = 'users' and column_name like 'access_code%'`,
      );
      expect(columns.rows).toEqual([{ column_name: 'access_code_hash' }]);
      const accounts = await sql.run(`select password from accounts where user_id = 'u-real'`);
      expect(accounts.rows).toEqual([{ password: 'scrypt-hash' }]);
    } finally {
      await sql.close();
    }
  });
});
