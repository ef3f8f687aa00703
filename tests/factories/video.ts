import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { videoToolPaths } from '../../src/server/integrations/video/ffmpeg-tools';

/** The two committed fixtures (made with the bundled ffmpeg, test pattern and a sine tone). */
export const VIDEO_FIXTURES = {
  /** 540×960 (9:16), 3.5 s, 30 fps, H.264 + AAC 48 kHz, moov first: a valid Reel everywhere. */
  vertical: join(import.meta.dirname, '../fixtures/video/vertical-540x960-3s.mp4'),
  /** 320×180, 1 s, 25 fps, H.264 + AAC 44.1 kHz: too short for a Reel or a LinkedIn video. */
  landscape: join(import.meta.dirname, '../fixtures/video/landscape-320x180-1s.mp4'),
} as const;

export const readFixture = (name: keyof typeof VIDEO_FIXTURES) => readFileSync(VIDEO_FIXTURES[name]);

export interface VideoSpec {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  /** ffmpeg encoder: libx264 (default), libx265, mpeg4 … */
  codec?: 'libx264' | 'libx265' | 'mpeg4';
  /** ffmpeg muxer: mp4 (default), mov, webm (with codec libvpx-vp9 implied). */
  format?: 'mp4' | 'mov' | 'webm';
  audio?: boolean;
  /** A rotation tag, as phones record portrait video. */
  rotate?: 90;
}

/**
 * Makes a small real video for a test case the fixtures do not cover (an HEVC file, a 100-second
 * Reel, a WebM) with the bundled ffmpeg: a flat colour compresses to a few kilobytes a second.
 * Returns the file's path in a temporary folder; the same spec gives the same file within a test file.
 */
export function makeVideo(spec: VideoSpec): string {
  // A file runs its tests on PGlite and on PostgreSQL: the second asks for the same videos.
  const key = JSON.stringify(spec);
  const made = madeVideos.get(key);
  if (made) return made;
  const file = encodeVideo(spec);
  madeVideos.set(key, file);
  return file;
}

/** The videos this test file made, by spec; tests only read them. */
const madeVideos = new Map<string, string>();

function encodeVideo(spec: VideoSpec): string {
  const dir = mkdtempSync(join(tmpdir(), 'kitepost-video-'));
  const format = spec.format ?? 'mp4';
  const file = join(dir, `video.${format}`);
  const fps = spec.fps ?? 24;
  const codec = format === 'webm' ? 'libvpx-vp9' : (spec.codec ?? 'libx264');
  const args = [
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=navy:size=${spec.width}x${spec.height}:rate=${fps}`,
    ],
    ...(spec.audio === false ? [] : ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000']),
    ...['-t', String(spec.seconds), '-c:v', codec, '-pix_fmt', 'yuv420p'],
    ...(codec === 'libx264' || codec === 'libx265'
      ? ['-preset', 'ultrafast', '-crf', '45']
      : ['-b:v', '50k']),
    ...(spec.audio === false ? [] : format === 'webm' ? ['-c:a', 'libopus'] : ['-c:a', 'aac', '-b:a', '16k']),
    spec.rotate ? join(dir, `encoded.${format}`) : file,
  ];
  const ffmpeg = videoToolPaths().ffmpeg;
  execFileSync(ffmpeg, args, { stdio: 'pipe', timeout: 120_000 });
  if (spec.rotate) {
    // The rotation goes in as a phone writes it: a display matrix on the stream, set on a copy.
    const tag = ['-metadata:s:v:0', `rotate=${spec.rotate}`];
    execFileSync(
      ffmpeg,
      ['-v', 'error', '-y', '-i', join(dir, `encoded.${format}`), '-c', 'copy', ...tag, file],
      {
        stdio: 'pipe',
        timeout: 60_000,
      },
    );
  }
  return file;
}
