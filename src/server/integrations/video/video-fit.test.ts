import { describe, expect, it } from 'vitest';
import { planVideoFit, progressMicros, videoFitArgs } from './video-fit';

describe('planVideoFit', () => {
  it('crops a landscape video to 9:16 in even pixels within the ratio', () => {
    const plan = planVideoFit({ width: 320, height: 180, frameRate: 25 }, '9:16');
    expect(plan).toEqual({
      crop: { width: 100, height: 178, x: 110, y: 1 },
      width: 100,
      height: 178,
      fps: null,
    });
    expect(Math.abs(plan.width / plan.height - 9 / 16)).toBeLessThan(0.005);
  });

  it('scales a 4K crop down so the long side is 1920, never up', () => {
    const plan = planVideoFit({ width: 3840, height: 2160, frameRate: 30 }, '9:16');
    expect(plan.height).toBeLessThanOrEqual(1920);
    expect(plan.width % 2).toBe(0);
    expect(plan.height % 2).toBe(0);
    expect(Math.abs(plan.width / plan.height - 9 / 16)).toBeLessThan(0.005);
    expect(plan.crop?.height).toBe(2160);
    const small = planVideoFit({ width: 640, height: 360, frameRate: 30 }, '1:1');
    expect([small.width, small.height]).toEqual([360, 360]);
  });

  it('without an aspect keeps the picture, evens odd sizes, caps 1920 and 60 fps', () => {
    expect(planVideoFit({ width: 1081, height: 1921, frameRate: 120 }, null)).toEqual({
      crop: null,
      width: 1080,
      height: 1920,
      fps: 60,
    });
    expect(planVideoFit({ width: 1920, height: 1080, frameRate: 59.94 }, null)).toMatchObject({
      width: 1920,
      height: 1080,
      fps: null,
    });
    const wide = planVideoFit({ width: 3840, height: 1600, frameRate: null }, '1.91:1');
    expect(wide.width).toBeLessThanOrEqual(1920);
    expect(Math.abs(wide.width / wide.height - 1.91)).toBeLessThan(0.005);
  });

  it('builds ffmpeg arguments for H.264 High, AAC 48 kHz, faststart MP4 with progress', () => {
    const plan = planVideoFit({ width: 320, height: 180, frameRate: 120 }, '9:16');
    const args = videoFitArgs(plan, { input: '/in.mov', output: '/out.mp4' }, 1).join(' ');
    expect(args).toContain('-vf crop=100:178:110:1,scale=100:178,setsar=1,fps=60');
    expect(args).toContain('-c:v libx264 -profile:v high -pix_fmt yuv420p');
    expect(args).toContain('-c:a aac -b:a 128k -ar 48000');
    expect(args).toContain('-threads 1');
    expect(args).toContain('-movflags +faststart -progress pipe:1');
  });
});

describe('progressMicros', () => {
  it('reads out_time_us and the older out_time_ms (also microseconds)', () => {
    expect(progressMicros('out_time_us=1500000')).toBe(1_500_000);
    expect(progressMicros('out_time_ms=250000\n')).toBe(250_000);
    expect(progressMicros('frame=12')).toBeNull();
  });
});
