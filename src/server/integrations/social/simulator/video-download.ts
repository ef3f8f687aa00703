import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { probeVideo, type VideoFacts, videoToolPaths } from '../../video/ffmpeg-tools';

/*
 * Meta downloads a Reel, a Story video or a carousel video from the `video_url` it is given, as it
 * does images (media-download.ts), then processes it: "we will cURL your media using the URL
 * provided" (Instagram content publishing guide). The pretend platforms do the same: an HTTP GET
 * streamed to a temporary file (never whole in memory; a video may be a gigabyte), its size
 * capped, then probed for real with ffprobe, so that each platform's video rules are checked on
 * the file's true facts (duration, codecs, frame rate, size), not on what the caller says.
 */

/** Meta's downloader gives up on a slow server; videos get longer than images (10 s). */
export const VIDEO_DOWNLOAD_TIMEOUT_MS = 120_000;

export type VideoDownload =
  | {
      ok: true;
      facts: VideoFacts;
      sizeBytes: number /** Removes the temporary copy. */;
      discard: () => Promise<void>;
    }
  | { ok: false; reason: 'unfetchable' | 'timeout' | 'too_large' | 'not_video'; detail: string };

class TooLarge extends Error {}

/**
 * GETs `url` into a temporary file (at most `maxBytes`) and probes it. The caller must call
 * `discard()` once it has what it needs (the simulator keeps facts, not files).
 */
export async function downloadVideo(
  fetchImpl: typeof fetch,
  url: string,
  options: { maxBytes: number; timeoutMs?: number },
): Promise<VideoDownload> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'unfetchable', detail: 'not a URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, reason: 'unfetchable', detail: `${parsed.protocol} is not http(s)` };
  }
  const dir = await mkdtemp(join(tmpdir(), 'kitepost-sim-video-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'download');
  try {
    const signal = AbortSignal.timeout(options.timeoutMs ?? VIDEO_DOWNLOAD_TIMEOUT_MS);
    const response = await fetchImpl(parsed, { method: 'GET', redirect: 'follow', signal });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      await discard();
      return { ok: false, reason: 'unfetchable', detail: `HTTP ${response.status}` };
    }
    const length = Number(response.headers.get('content-length'));
    if (length > options.maxBytes) {
      await response.body.cancel().catch(() => undefined);
      await discard();
      return { ok: false, reason: 'too_large', detail: `${length} bytes` };
    }
    let total = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        done(total > options.maxBytes ? new TooLarge() : null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      cap,
      createWriteStream(file),
    );
    const probed = await probeVideo(videoToolPaths(), file);
    if (!probed.ok) {
      await discard();
      return { ok: false, reason: 'not_video', detail: probed.reason };
    }
    return { ok: true, facts: probed.facts, sizeBytes: total, discard };
  } catch (error) {
    await discard();
    if (error instanceof TooLarge)
      return { ok: false, reason: 'too_large', detail: `over ${options.maxBytes} bytes` };
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, reason: 'timeout', detail: 'no answer in time' };
    }
    return { ok: false, reason: 'unfetchable', detail: 'no connection' };
  }
}
