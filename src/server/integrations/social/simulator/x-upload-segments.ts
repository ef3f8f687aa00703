import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Where the pretend X keeps a chunked upload's segments until FINALIZE joins them
 * (x-video-upload-simulator.ts): one folder per upload under the system's temporary folder, and a
 * `finalize-*` folder while FINALIZE joins and probes them. FINALIZE removes both; an upload that is
 * never finalized (a client that gave up, a process killed mid-upload) would leave its folder
 * forever, so folders untouched for ABANDONED_AFTER_MS are swept when the simulator starts and
 * every hour after.
 */

export const X_SEGMENTS_ROOT = join(tmpdir(), 'kitepost-x-sandbox-uploads');
export const segmentsDir = (id: string, root = X_SEGMENTS_ROOT) => join(root, id);

/**
 * A folder no APPEND has written to for this long is abandoned. X keeps an unfinished upload about
 * 15 days (INIT's expires_after_secs); a client of the sandbox appends and finalizes within
 * minutes, and an upload swept before its FINALIZE is answered as one X no longer knows.
 */
export const ABANDONED_AFTER_MS = 6 * 3_600_000;
export const SEGMENT_SWEEP_EVERY_MS = 3_600_000;

/** Removes the folders under `root` untouched since `now - ABANDONED_AFTER_MS`; answers how many. */
export async function sweepAbandonedSegments(now = Date.now(), root = X_SEGMENTS_ROOT): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const folder = join(root, name);
    // A folder's mtime moves with every segment written into it: the upload's last APPEND.
    const touched = await stat(folder).then(
      (found) => found.mtimeMs,
      () => null,
    );
    if (touched === null || now - touched < ABANDONED_AFTER_MS) continue;
    await rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Has a segment the upload received been swept (its folder removed while the upload waited)? */
export async function segmentsSwept(id: string, indexes: number[], root = X_SEGMENTS_ROOT): Promise<boolean> {
  for (const index of indexes) {
    const kept = await stat(join(segmentsDir(id, root), String(index))).then(
      () => true,
      () => false,
    );
    if (!kept) return true;
  }
  return false;
}
