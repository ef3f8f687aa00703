import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/*
 * ffprobe and ffmpeg as subprocesses (architecture §11: a maintained probe). The binaries come
 * from npm (@ffprobe-installer/ffprobe, @ffmpeg-installer/ffmpeg ship static Linux builds inside
 * the registry packages, so `npm install` is enough); FFPROBE_PATH and FFMPEG_PATH name others
 * (Debian's `ffmpeg` package, say). Every call has a time limit and an output cap, and never
 * goes through a shell: the file path is one argument.
 */

const require = createRequire(import.meta.url);

export interface VideoToolPaths {
  ffprobe: string;
  ffmpeg: string;
}

/** The bundled binaries, unless the configuration names others. */
export function videoToolPaths(overrides: Partial<VideoToolPaths> = {}): VideoToolPaths {
  return {
    ffprobe: overrides.ffprobe ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
    ffmpeg: overrides.ffmpeg ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  };
}

/** What the probe read of a video file. */
export interface VideoFacts {
  container: 'video/mp4' | 'video/quicktime';
  durationMs: number;
  /** As displayed: a phone's portrait video recorded sideways with a rotation is portrait here. */
  width: number;
  height: number;
  frameRate: number | null;
  /** ffprobe's names: 'h264', 'hevc', 'mpeg4', 'vp9' … */
  videoCodec: string;
  audioCodec: string | null;
  audioSampleRate: number | null;
  /** Bits per second of the whole file. */
  bitrate: number | null;
}

export type ProbeOutcome =
  | { ok: true; facts: VideoFacts }
  /** 'not_video': no video stream, or a container other than MP4/MOV. 'unreadable': ffprobe failed. */
  | { ok: false; reason: 'not_video' | 'unreadable' };

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: { major_brand?: string } };
}

function run(binary: string, args: string[], options: { timeoutMs: number; maxBuffer: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    execFile(
      binary,
      args,
      { timeout: options.timeoutMs, maxBuffer: options.maxBuffer, encoding: 'buffer', killSignal: 'SIGKILL' },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** "30000/1001" → 29.97; null for "0/0". */
function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return Math.round((num / den) * 1000) / 1000;
}

function rotationOf(stream: FfprobeStream): number {
  const fromTag = Number(stream.tags?.rotate ?? 0);
  const fromMatrix = stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ?? 0;
  return Math.abs(fromTag || fromMatrix) % 180;
}

/** Reads a video file's facts with ffprobe (30 s at most). */
export async function probeVideo(paths: VideoToolPaths, file: string): Promise<ProbeOutcome> {
  let output: FfprobeOutput;
  try {
    const stdout = await run(
      paths.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file],
      { timeoutMs: 30_000, maxBuffer: 4 * 1024 * 1024 },
    );
    output = JSON.parse(stdout.toString('utf8')) as FfprobeOutput;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const formatName = output.format?.format_name ?? '';
  // ffprobe names the ISO-BMFF family 'mov,mp4,m4a,3gp,3g2,mj2'; Matroska/WebM, AVI and others differ.
  if (!formatName.split(',').includes('mp4')) return { ok: false, reason: 'not_video' };
  const video = output.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.codec_name || !video.width || !video.height) return { ok: false, reason: 'not_video' };
  const audio = output.streams?.find((s) => s.codec_type === 'audio');
  const duration = Number(output.format?.duration);
  const sideways = rotationOf(video) === 90;
  const bitrate = Number(output.format?.bit_rate);
  return {
    ok: true,
    facts: {
      container: output.format?.tags?.major_brand?.trim() === 'qt' ? 'video/quicktime' : 'video/mp4',
      durationMs: Number.isFinite(duration) ? Math.round(duration * 1000) : 0,
      width: sideways ? video.height : video.width,
      height: sideways ? video.width : video.height,
      frameRate: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
      videoCodec: video.codec_name,
      audioCodec: audio?.codec_name ?? null,
      audioSampleRate: audio?.sample_rate ? Number(audio.sample_rate) : null,
      bitrate: Number.isFinite(bitrate) ? Math.round(bitrate) : null,
    },
  };
}

/**
 * One frame of the video as a JPEG (the poster), upright, at most 1080 px wide, taken `atMs` in
 * (60 s at most for ffmpeg). Throws when ffmpeg cannot decode it.
 */
export async function extractFrame(paths: VideoToolPaths, file: string, atMs: number): Promise<Buffer> {
  return run(
    paths.ffmpeg,
    [
      ...['-v', 'error', '-nostdin', '-ss', (atMs / 1000).toFixed(3), '-i', file],
      ...[
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1080,iw)':-2",
        '-q:v',
        '3',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ],
    ],
    { timeoutMs: 60_000, maxBuffer: 20 * 1024 * 1024 },
  );
}
