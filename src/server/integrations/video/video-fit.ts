import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { FitAspect } from '../../../contracts/media';
import type { VideoToolPaths } from './ffmpeg-tools';

/*
 * Re-encoding a video into what every network takes (issue 24, decision 068): H.264 High 4:2:0,
 * AAC-LC 48 kHz stereo, MP4 with the index first (`+faststart`: Meta and X read it while
 * downloading), at most 60 frames a second and 1920 px on the long side, optionally centre-cropped
 * to an aspect ratio. Sources: Instagram Reels and Facebook Reels specs (H.264/HEVC, AAC 48 kHz,
 * 23/24–60 fps, 1920 px), X media best practices (H.264 High, AAC-LC, yuv420p, ≤ 60 fps),
 * LinkedIn video specs (MP4 H.264/AAC): research sheet §1–§4.
 */

/** Width over height of each aspect a platform takes (as fit-image's crops). */
const ratios: Record<FitAspect, number> = { '4:5': 4 / 5, '1:1': 1, '1.91:1': 1.91, '9:16': 9 / 16 };

/** The longest side a fitted video has (Instagram's 1920 px; X and LinkedIn take more). */
export const FIT_MAX_SIDE = 1920;
/** The highest frame rate any network takes (Instagram, Facebook, X: 60). */
export const FIT_MAX_FPS = 60;
/**
 * How far a crop's ratio may be from the aspect's: the composer's checks allow 0.005, so a crop
 * in whole even pixels is kept well inside it.
 */
const RATIO_TOLERANCE = 0.002;

export interface VideoFitPlan {
  /** The source rectangle kept (upright pixels); null: the whole picture. */
  crop: { width: number; height: number; x: number; y: number } | null;
  /** The output size: even (4:2:0 needs it), the long side at most FIT_MAX_SIDE. */
  width: number;
  height: number;
  /** Frames a second the output is limited to; null: the source's rate is kept. */
  fps: number | null;
}

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The largest even output size of `ratio` that fits in maxWidth × maxHeight, its ratio within
 * RATIO_TOLERANCE (a few pixels are given up for it: 100×178 rather than 100×180 for 9:16).
 */
function evenSizeOf(ratio: number, maxWidth: number, maxHeight: number) {
  let best = { width: even(maxWidth), height: even(maxHeight), error: Number.POSITIVE_INFINITY };
  for (let height = even(maxHeight), steps = 0; height >= 2 && steps < 400; height -= 2, steps++) {
    const width = Math.min(even(maxWidth), Math.max(2, Math.round((height * ratio) / 2) * 2));
    const error = Math.abs(width / height - ratio);
    if (error <= RATIO_TOLERANCE) return { width, height };
    if (error < best.error) best = { width, height, error };
  }
  return { width: best.width, height: best.height };
}

/**
 * What to do with a video of `source` facts (upright, as probed) to fit it: the centred crop of
 * `aspect` (none without one), then a scale so the long side is at most FIT_MAX_SIDE, both even;
 * a frame-rate cap when the source is over FIT_MAX_FPS. Never scales up.
 */
export function planVideoFit(
  source: { width: number; height: number; frameRate: number | null },
  aspect: FitAspect | null,
): VideoFitPlan {
  const fps = source.frameRate !== null && source.frameRate > FIT_MAX_FPS + 0.01 ? FIT_MAX_FPS : null;
  const ratio = aspect ? ratios[aspect] : source.width / source.height;
  // The largest centred box of that ratio, in source pixels.
  const boxWidth = Math.min(source.width, source.height * ratio);
  const boxHeight = Math.min(source.height, boxWidth / ratio);
  const scale = Math.min(1, FIT_MAX_SIDE / Math.max(boxWidth, boxHeight));
  const size = aspect
    ? evenSizeOf(ratio, boxWidth * scale, boxHeight * scale)
    : { width: even(boxWidth * scale), height: even(boxHeight * scale) };
  if (!aspect) return { crop: null, ...size, fps };
  // The source pixels behind that size: the box trimmed to the output's exact ratio, centred.
  const cropWidth = Math.min(source.width, Math.round(size.width / scale));
  const cropHeight = Math.min(source.height, Math.round(size.height / scale));
  return {
    crop: {
      width: cropWidth,
      height: cropHeight,
      x: Math.floor((source.width - cropWidth) / 2),
      y: Math.floor((source.height - cropHeight) / 2),
    },
    ...size,
    fps,
  };
}

/** ffmpeg's arguments for a plan: input and output are file paths, progress on stdout. */
export function videoFitArgs(plan: VideoFitPlan, files: { input: string; output: string }, threads: number) {
  const filters = [
    ...(plan.crop ? [`crop=${plan.crop.width}:${plan.crop.height}:${plan.crop.x}:${plan.crop.y}`] : []),
    `scale=${plan.width}:${plan.height}`,
    'setsar=1',
    ...(plan.fps ? [`fps=${plan.fps}`] : []),
  ];
  return [
    ...['-v', 'error', '-nostdin', '-y', '-i', files.input],
    // The first video stream and the first sound, if any; no subtitles, data or cover art.
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1'],
    ...['-vf', filters.join(',')],
    ...['-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-preset', 'veryfast'],
    // Quality-targeted (CRF 21), capped so a network's bitrate ceiling is never passed.
    ...['-crf', '21', '-maxrate', '8M', '-bufsize', '16M', '-threads', String(threads)],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'],
    ...['-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', '-f', 'mp4', files.output],
  ];
}

/** Microseconds of output written, from one `-progress` block's lines (older builds: out_time_ms). */
export function progressMicros(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  return match?.[1] ? Number(match[1]) : null;
}

export type TranscodeOutcome = { ok: true } | { ok: false; reason: 'timeout' | 'failed'; detail: string };

/**
 * Runs ffmpeg for a plan, reporting progress (0–1 of `durationMs`) as it goes. Niceness 10: the
 * web requests and publishing on the same machine go first. Killed (SIGKILL) after `timeoutMs`.
 */
export function transcodeVideo(
  paths: VideoToolPaths,
  job: {
    input: string;
    output: string;
    plan: VideoFitPlan;
    durationMs: number;
    threads: number;
    timeoutMs: number;
    onProgress: (fraction: number) => void;
  },
): Promise<TranscodeOutcome> {
  return new Promise((resolve) => {
    const child = spawn(paths.ffmpeg, videoFitArgs(job.plan, job, job.threads), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (a container without the capability): it runs at normal priority.
      }
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, job.timeoutMs);
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const micros = progressMicros(line);
        if (micros !== null && job.durationMs > 0) {
          job.onProgress(Math.min(1, Math.max(0, micros / 1000 / job.durationMs)));
        }
      }
    });
    // ffmpeg's own words on failure, the last 2 KB (for the log, never for the user).
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2048);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: 'failed', detail: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) resolve({ ok: false, reason: 'timeout', detail: 'ffmpeg ran past its time limit' });
      else if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, reason: 'failed', detail: stderr.trim() || `ffmpeg exited with ${code}` });
    });
  });
}
