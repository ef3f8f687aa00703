import { describe, expect, it, vi } from 'vitest';
import { downloadMedia, simulatorMediaFetch } from './media-download';

const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01,
  0x03, 0x11, 0x01, 0xff, 0xd9,
]);

describe('simulatorMediaFetch', () => {
  it("answers the app's own origin in-process and never fetches another address", async () => {
    const own = vi.fn(async () => new Response('ok'));
    const fetchMedia = simulatorMediaFetch(own as unknown as typeof fetch, 'https://kitepost.example.com');
    expect((await fetchMedia('https://kitepost.example.com/media/a.jpg?exp=1&sig=x')).status).toBe(200);
    expect(own).toHaveBeenCalledTimes(1);
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data',
      'https://kitepost.example.com.evil.io/a.jpg',
    ]) {
      await expect(fetchMedia(url), url).rejects.toThrow(TypeError);
    }
    expect(own).toHaveBeenCalledTimes(1);
  });
});

describe('downloadMedia', () => {
  const serving = (body: BodyInit | null, init: ResponseInit) =>
    (async () => new Response(body, init)) as unknown as typeof fetch;

  it('takes a JPEG for Instagram, and says why it refuses anything else', async () => {
    const ok = await downloadMedia(
      serving(new Uint8Array(JPEG), { headers: { 'content-type': 'image/jpeg' } }),
      'instagram',
      'https://a.example/x.jpg',
    );
    expect(ok).toMatchObject({ ok: true, image: { mimeType: 'image/jpeg', width: 3, height: 2 } });
    expect(
      await downloadMedia(serving('nope', { status: 404 }), 'instagram', 'https://a.example/x.jpg'),
    ).toMatchObject({
      ok: false,
      reason: 'unfetchable',
      detail: 'HTTP 404',
    });
    expect(
      await downloadMedia(
        serving(new Uint8Array(JPEG), { headers: { 'content-type': 'text/html' } }),
        'instagram',
        'https://a.example/x.jpg',
      ),
    ).toMatchObject({ ok: false, reason: 'not_accepted' });
    expect(
      await downloadMedia(
        serving('x', {
          headers: { 'content-type': 'image/jpeg', 'content-length': String(9 * 1024 * 1024) },
        }),
        'instagram',
        'https://a.example/x.jpg',
      ),
    ).toMatchObject({ ok: false, reason: 'too_large' });
    expect(
      await downloadMedia(serving(new Uint8Array(JPEG), {}), 'instagram', 'ftp://a.example/x.jpg'),
    ).toMatchObject({ ok: false, reason: 'unfetchable' });
    const hanging = (async (_url: URL, init?: RequestInit) => {
      const error = new Error('timed out');
      error.name = 'TimeoutError';
      init?.signal?.throwIfAborted();
      throw error;
    }) as unknown as typeof fetch;
    expect(await downloadMedia(hanging, 'facebook', 'https://a.example/x.jpg')).toMatchObject({
      ok: false,
      reason: 'timeout',
    });
  });
});
