import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeVideo, VIDEO_FIXTURES } from '../../../../tests/factories/video';
import { extractFrame, probeVideo, videoToolPaths } from './ffmpeg-tools';

const paths = videoToolPaths();

describe('probeVideo', () => {
  it('reads duration, size, frame rate, codecs, sample rate and bitrate of the fixture', async () => {
    const outcome = await probeVideo(paths, VIDEO_FIXTURES.vertical);
    expect(outcome).toEqual({
      ok: true,
      facts: {
        container: 'video/mp4',
        durationMs: expect.any(Number),
        width: 540,
        height: 960,
        frameRate: 30,
        videoCodec: 'h264',
        audioCodec: 'aac',
        audioSampleRate: 48000,
        bitrate: expect.any(Number),
      },
    });
    if (!outcome.ok) return;
    expect(outcome.facts.durationMs).toBeGreaterThanOrEqual(3400);
    expect(outcome.facts.durationMs).toBeLessThanOrEqual(3600);
    expect(outcome.facts.bitrate).toBeGreaterThan(10_000);
  });

  it('names the codec of an HEVC file and a QuickTime container', async () => {
    const outcome = await probeVideo(
      paths,
      makeVideo({ width: 320, height: 240, seconds: 1, codec: 'libx265', format: 'mov' }),
    );
    expect(outcome.ok && outcome.facts).toMatchObject({ container: 'video/quicktime', videoCodec: 'hevc' });
  });

  it('turns a sideways-recorded portrait video upright', async () => {
    const outcome = await probeVideo(paths, makeVideo({ width: 320, height: 180, seconds: 1, rotate: 90 }));
    expect(outcome.ok && outcome.facts).toMatchObject({ width: 180, height: 320 });
  });

  it('refuses WebM, a still image and bytes that are no video', async () => {
    expect(await probeVideo(paths, makeVideo({ width: 64, height: 64, seconds: 1, format: 'webm' }))).toEqual(
      {
        ok: false,
        reason: 'not_video',
      },
    );
    const png = `${VIDEO_FIXTURES.vertical}.does-not-exist`;
    expect(await probeVideo(paths, png)).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('extractFrame', () => {
  it('gives an upright JPEG of the video', async () => {
    const jpeg = await extractFrame(paths, VIDEO_FIXTURES.vertical, 1000);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 540, height: 960 });
  });
});
