import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openPostgres } from '../../src/server/db/client';

const committedMigrations = (
  JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

describe.skipIf(!inject('postgresUrl'))('PostgreSQL start-up', () => {
  it('several processes starting at once on a new database all succeed, migrating it once', async () => {
    const serverUrl = inject('postgresUrl') ?? '';
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = serverUrl.replace(/\/postgres$/, `/${name}`);

    const databases = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, 2)));
    try {
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const tables = await check.query("select count(*)::int as n from pg_tables where tablename = 'users'");
      await check.end();
      // Each committed migration applied exactly once.
      expect(applied.rows[0].n).toBe(committedMigrations);
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
