import { execFile } from 'node:child_process';
import type { DependencyCheck } from '../../../contracts/health';
import type { VideoToolPaths } from './ffmpeg-tools';

/** Runs `<binary> -version` (5 s at most): it answers when it exists, is executable and runs here. */
function answers(binary: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      binary,
      ['-version'],
      { timeout: 5_000, maxBuffer: 256 * 1024, killSignal: 'SIGKILL' },
      (error) => {
        if (!error) return resolve(null);
        const code = (error as NodeJS.ErrnoException).code;
        resolve(typeof code === 'string' ? code : 'it failed');
      },
    );
  });
}

/**
 * Whether ffprobe and ffmpeg answer, asked once (at start): /api/health's `checks.videoTools`.
 * Video uploads need both (facts, poster frame); a missing or foreign-architecture binary
 * (FFPROBE_PATH/FFMPEG_PATH pointing wrong) is said here rather than at the first upload.
 */
export function checkVideoTools(paths: VideoToolPaths): Promise<DependencyCheck> {
  return Promise.all([answers(paths.ffprobe), answers(paths.ffmpeg)]).then(([probe, mpeg]) => {
    if (!probe && !mpeg) return { status: 'ok' as const };
    const failed = [probe ? `ffprobe (${probe})` : null, mpeg ? `ffmpeg (${mpeg})` : null].filter(Boolean);
    return {
      status: 'unreachable' as const,
      detail: `Video uploads are refused: ${failed.join(' and ')} did not run. Check FFPROBE_PATH and FFMPEG_PATH.`,
    };
  });
}
