import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';

/**
 * Starts a throw-away PostgreSQL 15 cluster for the run, so every database test runs on PGlite
 * AND on real PostgreSQL. initdb refuses root, so as root the cluster runs as `postgres`.
 * Without the binaries a developer machine skips PostgreSQL (and says so); CI never may.
 */
const BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** The migrated database every test file's PostgreSQL database is a copy of. */
export const POSTGRES_TEMPLATE = 'kitepost_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(BIN, 'postgres'))) {
    if (process.env.CI === 'true')
      throw new Error(`PostgreSQL binaries not found in ${BIN}; CI must run both databases`);
    console.warn(`\n[tests] PostgreSQL binaries not found in ${BIN}: database tests run on PGlite only.\n`);
    project.provide('postgresUrl', null);
    return;
  }
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : execFileSync(cmd, args);

  const dir = mkdtempSync(join(tmpdir(), 'kitepost-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  run(join(BIN, 'initdb'), ['-D', dataDir, '-U', 'kitepost', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const args = ['-D', dataDir, '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-c', 'fsync=off'];
  const server: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', join(BIN, 'postgres'), ...args], { stdio: 'ignore' })
    : spawn(join(BIN, 'postgres'), args, { stdio: 'ignore' });

  for (let i = 0; ; i++) {
    try {
      execFileSync(join(BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      break;
    } catch {
      if (i > 100) throw new Error('PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const url = `postgres://kitepost@127.0.0.1:${port}/postgres`;
  // One migrated database that each test file's database is created from (databases.ts), instead
  // of migrating a new one per file. Closed before any file runs: a template takes no connections.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const template = await openPostgres(url.replace(/\/postgres$/, `/${POSTGRES_TEMPLATE}`), 1);
  await template.close();
  project.provide('postgresUrl', url);

  return async () => {
    // Through pg_ctl: a signal to `runuser` does not reach the postgres it started.
    const exited = new Promise((r) => server.once('exit', r));
    run(join(BIN, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'fast', '-w']);
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
}
