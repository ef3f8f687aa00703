import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'kitepost-lock-'));

describe('lockDataDir', () => {
  it('creates the folder, writes our pid and releases', () => {
    const dir = join(freshDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'kitepost.lock'), 'utf8')).toBe(String(process.pid));
    release();
    lockDataDir(dir)();
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
    expect(readFileSync(join(dir, 'kitepost.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
