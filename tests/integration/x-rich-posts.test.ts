import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  ABANDONED_AFTER_MS,
  segmentsDir,
  sweepAbandonedSegments,
} from '../../src/server/integrations/social/simulator/x-upload-segments';
import {
  InvalidContentError,
  type PublishMedia,
  type TokenSet,
} from '../../src/server/integrations/social/social-provider';
import { createXProvider, type XProvider } from '../../src/server/integrations/social/x/x-provider';
import { videoToolPaths } from '../../src/server/integrations/video/ffmpeg-tools';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { makeVideo, VIDEO_FIXTURES } from '../factories/video';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { adapterDatabaseKinds } from '../setup/databases';

/*
 * X's rich posts against the simulator, through the real app: a video (chunked upload, processing,
 * STATUS), four images with alt text, a thread and a first reply (publishReply), and each refusal
 * of X the simulator copies (issue 24). The app's test setting processes a video in 400 ms.
 */

const REDIRECT_URI = `${TEST_APP_URL}/api/social-accounts/twitter/callback`;
const AUTHORIZE_PATH = '/sandbox/twitter/i/oauth2/authorize';
const API = `${TEST_APP_URL}/sandbox/twitter/api/2`;

/** A video as the publishing port hands it over: bytes only by range (counted), never whole. */
function testVideo(file: string, mimeType: 'video/mp4' | 'video/quicktime' = 'video/mp4') {
  const size = statSync(file).size;
  const ranges: Array<[number, number]> = [];
  const media: PublishMedia = {
    kind: 'video',
    url: `${TEST_APP_URL}/media/video.mp4`,
    mimeType,
    width: 0,
    height: 0,
    sizeBytes: size,
    durationMs: null,
    posterUrl: null,
    altText: null,
    async read() {
      throw new Error('a video is never read whole');
    },
    async readRange(start, end) {
      ranges.push([start, end]);
      const buffer = Buffer.alloc(end - start);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, end - start, start);
      } finally {
        closeSync(fd);
      }
      return buffer;
    },
  };
  return { media, ranges };
}

/** A real MP4 with MP3 audio (X wants AAC-LC), made with the bundled ffmpeg. */
function mp3AudioVideo(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kitepost-video-')), 'mp3.mp4');
  execFileSync(videoToolPaths().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:size=320x240:rate=24'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', '1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libmp3lame', file],
  ]);
  return file;
}

/** A busy test pattern that compresses badly: over 1 MiB in 4 seconds, so it goes in 2 chunks. */
function largeVideo(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kitepost-video-')), 'large.mp4');
  execFileSync(videoToolPaths().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  return file;
}

describe.each(adapterDatabaseKinds)('X rich posts against the platform simulator on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let fetchApp: typeof fetch;
  let x: XProvider;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = (await signUp(t.app)).cookie;
    fetchApp = injectFetch(t.app);
    x = createXProvider({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(TEST_APP_URL, 'twitter'),
      sandbox: true,
      fetch: fetchApp,
      timeoutMs: 20_000,
    });
  });
  afterAll(() => t.close());
  const reply: NonNullable<XProvider['publishReply']> = (tokens, input) => {
    if (!x.publishReply) throw new Error('the X provider has publishReply');
    return x.publishReply(tokens, input);
  };

  async function connect(): Promise<{ tokens: TokenSet; account: { externalId: string; username: string } }> {
    const username = `rich_${randomBytes(4).toString('hex')}`;
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(x.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, codeChallenge: challenge }));
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session },
    });
    const form = { ...hiddenFields(page.body), account: '__new__', username, decision: 'authorize' };
    const posted = await t.app.inject({
      method: 'POST',
      url: AUTHORIZE_PATH,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams(form).toString(),
    });
    const code = new URL(String(posted.headers.location)).searchParams.get('code') ?? '';
    const tokens = await x.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    const [me] = await x.listAccounts(tokens);
    return { tokens, account: { externalId: me?.externalId ?? '', username } };
  }

  /** A raw call to the pretend X with the account's token: its status and JSON. */
  async function call(tokens: TokenSet, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${tokens.accessToken}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const response = await fetchApp(`${API}${path}`, { ...init, headers });
    // biome-ignore lint/suspicious/noExplicitAny: X's raw JSON, read field by field in the assertions.
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }
  const json = (value: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(value) });
  const initialize = (tokens: TokenSet, totalBytes: number) =>
    call(
      tokens,
      '/media/upload/initialize',
      json({ media_type: 'video/mp4', total_bytes: totalBytes, media_category: 'tweet_video' }),
    );
  function append(tokens: TokenSet, id: string, segment: number | string, bytes: Buffer) {
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(bytes)]), 'chunk');
    form.append('segment_index', String(segment));
    return call(tokens, `/media/upload/${id}/append`, { method: 'POST', body: form });
  }
  const finalize = (tokens: TokenSet, id: string) =>
    call(tokens, `/media/upload/${id}/finalize`, { method: 'POST' });
  const page = (url: string | null) =>
    t.app.inject({ method: 'GET', url: new URL(String(url)).pathname, headers: { cookie: session } });

  it('publishes a video: chunks read by range, processing waited out, the post shows the video', async () => {
    const { tokens, account } = await connect();
    const video = testVideo(VIDEO_FIXTURES.vertical);
    const published = await x.publish(tokens, { account, text: 'Our new Reel, on X', media: [video.media] });
    // One chunk for a 33 KB file, by range: [0, size).
    expect(video.ranges).toEqual([[0, video.media.sizeBytes]]);
    const [row] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'twitter'), eq(sandboxPosts.externalId, published.externalId)));
    expect(row?.media).toMatchObject([{ kind: 'video', durationMs: 3500, width: 540, height: 960 }]);
    const shown = await page(published.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('▶ Video (3.5 s, 540×960');
    const read = await call(tokens, `/tweets?ids=${published.externalId}&tweet.fields=attachments`);
    expect(read.body.data[0].attachments.media_keys[0]).toMatch(/^7_\d+$/);
    // Video views come from the media's public_metrics.view_count; a text post has none.
    const text = await x.publish(tokens, { account, text: 'No video here', media: [] });
    const readings = await x.readPostMetrics(tokens, {
      account,
      externalIds: [published.externalId, text.externalId],
    });
    const [videoViews, textViews] = readings.metrics.map((reading) => reading.views);
    expect(videoViews).toEqual(expect.any(Number));
    expect(textViews).toBeNull();
  });

  it('uploads a video over 1 MiB in 1 MiB chunks, appended in order, joined by X in order', async () => {
    const { tokens, account } = await connect();
    const video = testVideo(largeVideo());
    const size = video.media.sizeBytes;
    expect(size).toBeGreaterThan(1024 * 1024);
    const published = await x.publish(tokens, { account, text: 'A busier video', media: [video.media] });
    expect(video.ranges).toEqual([
      [0, 1024 * 1024],
      [1024 * 1024, size],
    ]);
    const [row] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'twitter'), eq(sandboxPosts.externalId, published.externalId)));
    // The probe read the joined file: segments in the wrong order would not be a readable MP4.
    expect(row?.media).toMatchObject([{ kind: 'video', width: 640, height: 360 }]);
  });

  it('walks the chunked state machine as X does: segments by index, STATUS pending then succeeded', async () => {
    const { tokens } = await connect();
    const bytes = readFileSync(VIDEO_FIXTURES.landscape);
    const init = await initialize(tokens, bytes.length);
    expect(init.status).toBe(200);
    const id = String(init.body.data.id);
    // STATUS before FINALIZE: nothing to report on.
    expect((await call(tokens, `/media/upload?command=STATUS&media_id=${id}`)).status).toBe(400);
    const half = Math.floor(bytes.length / 2);
    // Segments are joined by index: 0 then 2 leaves a gap, refused at FINALIZE.
    expect((await append(tokens, id, 0, bytes.subarray(0, half))).status).toBe(200);
    expect((await append(tokens, id, 2, bytes.subarray(half))).status).toBe(200);
    const gap = await finalize(tokens, id);
    expect(gap.status).toBe(400);
    expect(JSON.stringify(gap.body)).toContain('Segments do not add up to provided total file size.');
    // Segment 1000 is past X's 0…999, and more bytes than total_bytes are refused.
    expect((await append(tokens, id, 1000, bytes.subarray(half))).status).toBe(400);
    expect((await append(tokens, id, 1, bytes)).status).toBe(400);
    // Re-sending segment 1 (replacing the stray 2) completes it.
    const resent = await initialize(tokens, bytes.length);
    const id2 = String(resent.body.data.id);
    await append(tokens, id2, 0, bytes.subarray(0, half));
    await append(tokens, id2, 1, bytes.subarray(half));
    const done = await finalize(tokens, id2);
    expect(done.status).toBe(200);
    expect(done.body.data.processing_info).toMatchObject({ state: 'pending', check_after_secs: 1 });
    // APPEND after FINALIZE is refused; a post with the still-processing video too.
    expect((await append(tokens, id2, 2, Buffer.from('x'))).status).toBe(400);
    const early = await call(tokens, '/tweets', json({ text: 'Too early', media: { media_ids: [id2] } }));
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('not ready');
    await new Promise((resolve) => setTimeout(resolve, 450));
    const status = await call(tokens, `/media/upload?command=STATUS&media_id=${id2}`);
    expect(status.body.data.processing_info).toMatchObject({ state: 'succeeded', progress_percent: 100 });
    // An expired upload is as unknown as a made-up id.
    const stale = String((await initialize(tokens, bytes.length)).body.data.id);
    const [staleRow] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'twitter'), eq(sandboxPosts.externalId, stale)));
    const item = staleRow?.media[0] as unknown as { chunked: { expiresAt: number } };
    item.chunked.expiresAt = Date.now() - 1000;
    await t.ctx.database.db
      .update(sandboxPosts)
      .set({ media: [item as unknown as (typeof sandboxPosts.$inferSelect)['media'][number]] })
      .where(eq(sandboxPosts.externalId, stale));
    const expired = await append(tokens, stale, 0, bytes);
    expect(expired.status).toBe(400);
    expect(JSON.stringify(expired.body)).toContain('Not found');
    // An unknown id is refused at every step.
    expect((await append(tokens, '123456789', 0, bytes)).status).toBe(400);
    expect((await finalize(tokens, '123456789')).status).toBe(400);
    // INIT takes only the schema's fields (additionalProperties: false).
    const extra = await call(
      tokens,
      '/media/upload/initialize',
      json({ media_type: 'video/mp4', total_bytes: 10, media_category: 'tweet_video', command: 'INIT' }),
    );
    expect(extra.status).toBe(400);
  });

  it('sweeps the segments of an upload abandoned for hours; a late FINALIZE is answered as an unknown upload', async () => {
    const { tokens } = await connect();
    const bytes = readFileSync(VIDEO_FIXTURES.landscape);
    const upload = async () => {
      const id = String((await initialize(tokens, bytes.length)).body.data.id);
      expect((await append(tokens, id, 0, bytes)).status).toBe(200);
      return id;
    };
    const [abandoned, fresh] = [await upload(), await upload()];
    const hoursAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    await utimes(segmentsDir(abandoned), hoursAgo, hoursAgo);
    expect(await sweepAbandonedSegments()).toBeGreaterThanOrEqual(1);
    expect(existsSync(segmentsDir(abandoned))).toBe(false);
    expect(existsSync(join(segmentsDir(fresh), '0'))).toBe(true);
    const late = await finalize(tokens, abandoned);
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain('BadRequest: Not found');
    // The upload still in use is finalized as usual.
    expect((await finalize(tokens, fresh)).status).toBe(200);
  });

  it('sweeps abandoned upload folders when the simulator starts', async () => {
    const left = segmentsDir(`${Date.now()}${randomBytes(2).readUInt16BE()}`);
    mkdirSync(left, { recursive: true });
    writeFileSync(join(left, '0'), 'a segment no FINALIZE will join');
    const hoursAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    await utimes(left, hoursAgo, hoursAgo);
    const started = await buildTestApp(kind);
    try {
      await expect.poll(() => existsSync(left), { timeout: 5_000 }).toBe(false);
    } finally {
      await started.close();
    }
  });

  it('refuses a video X cannot process with its processing_info.error (HEVC, too short, over 60 fps, 4:1, MP3 audio)', async () => {
    const { tokens, account } = await connect();
    const cases: Array<[string, string]> = [
      [makeVideo({ width: 320, height: 240, seconds: 1, codec: 'libx265' }), 'hevc'],
      [makeVideo({ width: 320, height: 240, seconds: 0.3 }), 'below min duration'],
      [makeVideo({ width: 160, height: 120, seconds: 1, fps: 120, audio: false }), 'exceeds max frame rate'],
      [makeVideo({ width: 400, height: 100, seconds: 1, audio: false }), 'outside 1:3 to 3:1'],
      [mp3AudioVideo(), 'mp3'],
    ];
    for (const [file, reason] of cases) {
      const error = await expectError(
        x.publish(tokens, { account, text: `Video ${reason}`, media: [testVideo(file).media] }),
        InvalidContentError,
      );
      expect(error.message).toContain('X could not process the video');
      expect(error.message).toContain(reason);
    }
    const posts = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.state, 'published'));
    expect(posts.some((post) => post.text.startsWith('Video '))).toBe(false);
  });

  it("refuses a video over 20 minutes at post create with X's 403, after a successful finalize", async () => {
    const { tokens, account } = await connect();
    const long = makeVideo({ width: 64, height: 64, seconds: 20 * 60 + 5, fps: 1, audio: false });
    const error = await expectError(
      x.publish(tokens, { account, text: 'A long talk', media: [testVideo(long).media] }),
      InvalidContentError,
    );
    expect(error.message).toContain('This user is not allowed to post a video longer than 20 minutes.');
  }, 60_000);

  it('publishes 4 images with alt text set before the post; refuses alt text on a video and over 1000 characters', async () => {
    const { tokens, account } = await connect();
    const images = [1, 2, 3, 4].map((n) => ({
      ...testImage(`${TEST_APP_URL}/media/${n}.png`),
      altText: `Photo ${n}: croissants on a tray`,
    }));
    const published = await x.publish(tokens, { account, text: 'Four photos', media: images });
    const [row] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'twitter'), eq(sandboxPosts.externalId, published.externalId)));
    expect(row?.media.map((item) => (item as { altText?: string }).altText)).toEqual(
      images.map((image) => image.altText),
    );

    const five = await expectError(
      x.publish(tokens, {
        account,
        text: 'Five',
        media: [...images, testImage(`${TEST_APP_URL}/media/5.png`)],
      }),
      InvalidContentError,
    );
    expect(five.message).toContain('at most 4');
    const mixed = await expectError(
      x.publish(tokens, {
        account,
        text: 'Mixed',
        media: [images[0] as PublishMedia, testVideo(VIDEO_FIXTURES.landscape).media],
      }),
      InvalidContentError,
    );
    expect(mixed.message).toContain('one video');

    // The simulator refuses the same on its own: five ids, and a video beside an image.
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      const form = new FormData();
      form.append(
        'media',
        new Blob([new Uint8Array(await testImage('a.png').read())], { type: 'image/png' }),
        'a.png',
      );
      form.append('media_category', 'tweet_image');
      ids.push(String((await call(tokens, '/media/upload', { method: 'POST', body: form })).body.data.id));
    }
    expect(
      (await call(tokens, '/tweets', json({ text: 'Five ids', media: { media_ids: ids } }))).status,
    ).toBe(400);
    const bytes = await testVideo(VIDEO_FIXTURES.landscape).media.readRange(
      0,
      statSync(VIDEO_FIXTURES.landscape).size,
    );
    const video = String((await initialize(tokens, bytes.length)).body.data.id);
    await append(tokens, video, 0, bytes);
    await finalize(tokens, video);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const both = await call(tokens, '/tweets', json({ text: 'Both', media: { media_ids: [ids[0], video] } }));
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('up to 4 images or 1 video');
    const altOnVideo = await call(
      tokens,
      '/media/metadata',
      json({ id: video, metadata: { alt_text: { text: 'A video' } } }),
    );
    expect(altOnVideo.status).toBe(400);
    expect(JSON.stringify(altOnVideo.body)).toContain('Alt text can only be added to images');
    const tooLong = await call(
      tokens,
      '/media/metadata',
      json({ id: ids[1], metadata: { alt_text: { text: 'a'.repeat(1001) } } }),
    );
    expect(tooLong.status).toBe(400);
    // The video alone is a valid post.
    expect(
      (await call(tokens, '/tweets', json({ text: 'Video alone', media: { media_ids: [video] } }))).status,
    ).toBe(201);
  });

  it('publishes a 3-post thread with publishReply, each a reply to the one before; the page shows it', async () => {
    const { tokens, account } = await connect();
    const first = await x.publish(tokens, { account, text: 'A thread about bread 1/3', media: [] });
    const second = await reply(tokens, {
      account,
      parentExternalId: first.externalId,
      text: 'Flour, water, salt 2/3',
      media: [testImage(`${TEST_APP_URL}/media/dough.png`)],
    });
    const third = await reply(tokens, {
      account,
      parentExternalId: second.externalId,
      text: 'Patience 3/3',
      media: [],
    });
    expect(third.url).toBe(`${TEST_APP_URL}/sandbox/twitter/${account.username}/status/${third.externalId}`);
    const read = await call(
      tokens,
      `/tweets?ids=${second.externalId},${third.externalId}&tweet.fields=referenced_tweets`,
    );
    expect(read.body.data.map((tweet: { referenced_tweets?: unknown }) => tweet.referenced_tweets)).toEqual([
      [{ type: 'replied_to', id: first.externalId }],
      [{ type: 'replied_to', id: second.externalId }],
    ]);
    const firstPage = await page(first.url);
    expect(firstPage.body).toContain('Flour, water, salt 2/3');
    const secondPage = await page(second.url);
    expect(secondPage.body).toContain('Replying to');
    expect(secondPage.body).toContain('Patience 3/3');
    // The reply marker is no attachment: the thread's text-only post carries no media key.
    const noMedia = await call(tokens, `/tweets?ids=${third.externalId}&tweet.fields=attachments`);
    expect(noMedia.body.data[0].attachments).toBeUndefined();
  });

  it('posts a first reply; refuses a reply to an unknown post and to a stranger who did not mention us', async () => {
    const { tokens, account } = await connect();
    const post = await x.publish(tokens, { account, text: 'Opening hours change on Monday', media: [] });
    const firstReply = await reply(tokens, {
      account,
      parentExternalId: post.externalId,
      text: 'Full list: https://example.com/hours',
      media: [],
    });
    expect(firstReply.externalId).toMatch(/^\d+$/);
    const unknown = await expectError(
      reply(tokens, { account, parentExternalId: '1234567890', text: 'Hello?', media: [] }),
      InvalidContentError,
    );
    expect(unknown.message).toContain(
      'You attempted to reply to a Tweet that is deleted or not visible to you.',
    );

    const stranger = await connect();
    const theirs = await x.publish(stranger.tokens, {
      account: stranger.account,
      text: 'No mention here',
      media: [],
    });
    const refused = await expectError(
      reply(tokens, { account, parentExternalId: theirs.externalId, text: 'Unasked', media: [] }),
      InvalidContentError,
    );
    expect(refused.message).toContain('not been mentioned');
    const mention = await x.publish(stranger.tokens, {
      account: stranger.account,
      text: `What do you think, @${account.username}?`,
      media: [],
    });
    await reply(tokens, {
      account,
      parentExternalId: mention.externalId,
      text: 'We agree!',
      media: [],
    });
  });
});
