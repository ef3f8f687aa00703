import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIDEO_FIXTURES } from '../../../../../tests/factories/video';
import { downloadVideo } from './video-download';

const video = readFileSync(VIDEO_FIXTURES.vertical);
const serve = (body: Uint8Array, headers: Record<string, string> = { 'content-type': 'video/mp4' }) =>
  (async () => new Response(new Uint8Array(body), { status: 200, headers })) as unknown as typeof fetch;

describe('downloadVideo (the pretend Meta downloader)', () => {
  it('streams the file to disk and probes it for real', async () => {
    const got = await downloadVideo(serve(video), 'https://cdn.example/reel.mp4', { maxBytes: 1024 * 1024 });
    expect(got).toMatchObject({
      ok: true,
      sizeBytes: video.length,
      facts: { width: 540, height: 960, videoCodec: 'h264' },
    });
    if (got.ok) await got.discard();
  });

  it('refuses a body over the cap, even when no length was declared', async () => {
    const got = await downloadVideo(serve(video, {}), 'https://cdn.example/reel.mp4', { maxBytes: 1000 });
    expect(got).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('refuses what is not a video, an error answer and a URL that is not http', async () => {
    expect(
      await downloadVideo(serve(Buffer.from('<html>hi</html>')), 'https://cdn.example/x.mp4', {
        maxBytes: 1e6,
      }),
    ).toMatchObject({
      ok: false,
      reason: 'not_video',
    });
    const notFound = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    expect(await downloadVideo(notFound, 'https://cdn.example/x.mp4', { maxBytes: 1e6 })).toMatchObject({
      ok: false,
      reason: 'unfetchable',
      detail: 'HTTP 404',
    });
    expect(await downloadVideo(notFound, 'file:///etc/passwd', { maxBytes: 1e6 })).toMatchObject({
      ok: false,
      reason: 'unfetchable',
    });
  });
});
