/**
 * A process that contends for data dirs' locks (data-dir-lock.test.ts runs several at once).
 * It says `ready`; on `go <epoch ms> <dir>` it spins until that instant, so that every contender
 * tries at the same time, and answers `locked` or `refused`; on `release` it lets go of its lock
 * and answers `released`. It releases and exits when stdin closes.
 */
import { createInterface } from 'node:readline';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let release: (() => void) | undefined;
const answer = (line: string) => process.stdout.write(`${line}\n`);

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const [command, start, dataDir] = line.split(' ');
    if (command === 'release') {
      release?.();
      release = undefined;
      answer('released');
      return;
    }
    while (Date.now() < Number(start)) {
      // The barrier: spin, so that no contender is still waking up when the others try.
    }
    try {
      release = lockDataDir(dataDir as string);
      answer('locked');
    } catch (error) {
      answer(error instanceof DataDirLockedError ? 'refused' : `error ${String(error)}`);
    }
  })
  .on('close', () => {
    release?.();
    process.exit(0);
  });
answer('ready');
