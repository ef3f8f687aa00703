import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock's content, or undefined when there is none. */
function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A file beside `path` that already holds `stamp` in full, for link(2) or rename(2) into place. */
function writeBeside(path: string, stamp: string): string {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, stamp, { flag: 'wx' });
  return temp;
}

/**
 * Creates `path` holding `stamp`, or answers false when it exists. link(2) fails on an existing
 * name, so the lock appears with its pid already written: nobody ever reads an empty lock.
 */
function createExclusive(path: string, stamp: string): boolean {
  const temp = writeBeside(path, stamp);
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Drops `path` only while it still holds `stamp`: never someone else's lock. */
function releaseIfOurs(path: string, stamp: string) {
  if (readLock(path) === stamp) rmSync(path, { force: true });
}

const MAX_TAKEOVER_DEPTH = 4;

/**
 * Takes `path` for `stamp`. A lock whose process is dead is replaced, never deleted: were it
 * deleted, two contenders that both saw it dead could each delete and recreate it, and both run.
 * Replacing it is reserved to whoever holds `<path>.takeover-<its content>`, a lock taken the same
 * way (a takeover guard left by a process that died mid-takeover is itself taken over).
 */
function claim(path: string, stamp: string, describe: (pid: number) => string, depth = 0): void {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(path, stamp)) return;
    const held = readLock(path);
    if (held === undefined) continue; // released just now: try again
    const holder = Number.parseInt(held, 10);
    // A lock naming our own pid is a dead process's too (pid 1 again after a container restart).
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(describe(holder));
    }
    if (depth >= MAX_TAKEOVER_DEPTH) break;
    const guard = `${path}.takeover-${createHash('sha256').update(held).digest('hex').slice(0, 16)}`;
    claim(guard, stamp, describe, depth + 1);
    try {
      // Only the guard's holder replaces this content, so it cannot change between check and rename.
      if (readLock(path) !== held) continue;
      renameSync(writeBeside(path, stamp), path);
      return;
    } finally {
      releaseIfOurs(guard, stamp);
    }
  }
  throw new DataDirLockedError(`Could not lock ${path}: it keeps changing hands. Try again.`);
}

/**
 * PGlite has no lock across processes: a second process on the same folder would corrupt it.
 * We take a pid file, created atomically; a lock left by a dead process is taken over by exactly
 * one of the processes that find it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'kitepost.lock');
  // The pid for people and for the liveness check; the random line tells this lock from an
  // earlier one of a process that had the same pid.
  const stamp = `${process.pid}\n${randomBytes(8).toString('hex')}\n`;
  claim(
    path,
    stamp,
    (holder) =>
      `Another Kitepost process (pid ${holder}) is using the embedded database in ${dataDir}. ` +
      'The embedded database serves one process only: stop that process, or set DATABASE_URL ' +
      'to a PostgreSQL database to run several web and worker processes.',
  );
  return () => releaseIfOurs(path, stamp);
}
