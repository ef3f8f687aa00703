// A throw-away PostgreSQL 15 cluster for benches and the multi-process tests: started, stopped
// (`pg_ctl stop -m fast`, as an operator's restart does) and started again on the same port.
// initdb refuses root, so as root the cluster runs as the `postgres` user. Binaries from
// POSTGRES_BIN_DIR (default /usr/lib/postgresql/15/bin).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const POSTGRES_BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export const hasPostgres = () => existsSync(join(POSTGRES_BIN, 'postgres'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts a new cluster; `extraArgs` go to `postgres` (e.g. `-c`, `name=value`). */
export async function startPostgresCluster({ extraArgs = [] } = {}) {
  if (!hasPostgres())
    throw new Error(`PostgreSQL binaries not found in ${POSTGRES_BIN} (set POSTGRES_BIN_DIR)`);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' })
      : execFileSync(cmd, args, { stdio: 'ignore' });
  const dir = mkdtempSync(join(tmpdir(), 'kitepost-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  run(join(POSTGRES_BIN, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'kitepost',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
    ...extraArgs,
  ];

  let server = null;
  const isReady = () => {
    try {
      execFileSync(join(POSTGRES_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], {
        stdio: 'ignore',
      });
      return true;
    } catch {
      return false;
    }
  };
  const start = async () => {
    server = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, 'postgres'), ...args], {
          stdio: 'ignore',
        })
      : spawn(join(POSTGRES_BIN, 'postgres'), args, { stdio: 'ignore' });
    for (let i = 0; !isReady(); i++) {
      if (i > 150) throw new Error('PostgreSQL did not start');
      await sleep(100);
    }
  };
  /** `pg_ctl stop -m fast`: every session is ended, as in a restart or a failover. */
  const stop = async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    // Through pg_ctl: a signal to `runuser` does not reach the postgres it started.
    const exited = new Promise((r) => server.once('exit', r));
    run(join(POSTGRES_BIN, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'fast', '-w']);
    await exited;
  };
  await start();

  const serverUrl = `postgres://kitepost@127.0.0.1:${port}/postgres`;
  return {
    port,
    dataDir,
    /** The connection URL of database `name` (created by `createDatabase`). */
    url: (name) => `postgres://kitepost@127.0.0.1:${port}/${name}`,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://kitepost@127.0.0.1:${port}/${name}`;
    },
    start,
    stop,
    isReady,
    postmasterPid: () => readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    /** Stops the cluster and removes its files. */
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
