import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

/** Scratch data dirs, removed once the file's tests are done (65 a run otherwise stay in /tmp). */
const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kitepost-lock-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const CONTENDER = fileURLToPath(new URL('./data-dir-lock.contender.ts', import.meta.url));

/** Real processes that try to lock a data dir at the same instant (see data-dir-lock.contender.ts). */
async function startContenders(count: number) {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', CONTENDER], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const readers = children.map((child) => {
    const lines: string[] = [];
    const waiting: ((line: string) => void)[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    });
    return () =>
      new Promise<string>((resolve) => {
        const line = lines.shift();
        if (line === undefined) waiting.push(resolve);
        else resolve(line);
      });
  });
  const answers = () => Promise.all(readers.map((next) => next()));
  const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  expect(await answers()).toEqual(children.map(() => 'ready'));
  return {
    /** Every contender tries to lock `dir` at the same instant; answers what each got, sorted. */
    async contend(dir: string) {
      const start = Date.now() + 50;
      for (const child of children) child.stdin.write(`go ${start} ${dir}\n`);
      return (await answers()).sort();
    },
    async release() {
      for (const child of children) child.stdin.write('release\n');
      await answers();
    },
    async stop() {
      for (const child of children) child.stdin.end();
      await Promise.all(exited);
    },
  };
}

describe('lockDataDir', () => {
  it('creates the folder, writes our pid and releases', () => {
    const dir = join(freshDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'kitepost.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
    release();
    lockDataDir(dir)();
    expect(readdirSync(dir), 'no lock and no temporary file left').toEqual([]);
  });

  it('refuses a folder locked by another live process, naming it', () => {
    const dir = freshDir();
    // The parent of this test process is alive for the whole test.
    writeFileSync(join(dir, 'kitepost.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}.*DATABASE_URL`));
  });

  it('takes over a lock left by a dead process', () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(join(dir, 'kitepost.lock'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'kitepost.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
    release();
    expect(readdirSync(dir), 'no takeover guard left').toEqual([]);
  });

  it('takes over a takeover left by a process that died in the middle of it', () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    const stale = `${dead}\n`;
    writeFileSync(join(dir, 'kitepost.lock'), stale);
    const guard = `kitepost.lock.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    writeFileSync(join(dir, guard), stale);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'kitepost.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not release a lock that another process has since taken', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    writeFileSync(join(dir, 'kitepost.lock'), `${process.ppid}\n`);
    release();
    expect(readFileSync(join(dir, 'kitepost.lock'), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('lets exactly one of four processes trying at the same instant run, every time', async () => {
    const contenders = await startContenders(4);
    try {
      for (let round = 0; round < 40; round++) {
        const dir = freshDir();
        expect(await contenders.contend(dir), `round ${round}`).toEqual([
          'locked',
          'refused',
          'refused',
          'refused',
        ]);
        await contenders.release();
        expect(readdirSync(dir), 'the holder released it').toEqual([]);
      }
    } finally {
      await contenders.stop();
    }
  }, 60_000);

  it("lets exactly one of four processes take over a dead process's lock, every time", async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    const contenders = await startContenders(4);
    try {
      for (let round = 0; round < 20; round++) {
        const dir = freshDir();
        writeFileSync(join(dir, 'kitepost.lock'), String(dead));
        expect(await contenders.contend(dir), `round ${round}`).toEqual([
          'locked',
          'refused',
          'refused',
          'refused',
        ]);
        await contenders.release();
        expect(readdirSync(dir), 'no lock, guard or temporary file left').toEqual([]);
      }
    } finally {
      await contenders.stop();
    }
  }, 60_000);
});
