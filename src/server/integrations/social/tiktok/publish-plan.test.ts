import { describe, expect, it } from 'vitest';
import { chunkPlan, directPostRefusal, modeFor, photoPostInfo, videoPostInfo } from './publish-plan';
import type { CreatorInfo } from './transform';

const MB = 1024 * 1024;
const creator: CreatorInfo = {
  username: 'maple',
  nickname: 'Maple',
  avatarUrl: null,
  privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: true,
  stitchDisabled: false,
  maxVideoPostDurationSec: 180,
};

describe('TikTok publish plan', () => {
  it('chunks as the media transfer guide says', () => {
    expect(chunkPlan(3 * MB)).toEqual({ chunkSize: 3 * MB, totalChunkCount: 1, ranges: [[0, 3 * MB]] });
    const medium = chunkPlan(25 * MB + 7);
    expect(medium.chunkSize).toBe(10 * MB);
    expect(medium.totalChunkCount).toBe(2);
    expect(medium.ranges).toEqual([
      [0, 10 * MB],
      [10 * MB, 25 * MB + 7],
    ]);
    const small = chunkPlan(7 * MB);
    expect(small).toEqual({ chunkSize: 7 * MB, totalChunkCount: 1, ranges: [[0, 7 * MB]] });
    const huge = chunkPlan(20_000 * MB);
    expect(huge.totalChunkCount).toBeLessThanOrEqual(1000);
    expect(huge.chunkSize).toBeLessThanOrEqual(64 * MB);
    expect(huge.ranges.at(-1)?.[1]).toBe(20_000 * MB);
  });

  it('chooses the inbox when asked or when only video.upload was granted', () => {
    expect(modeFor(undefined, [])).toBe('direct');
    expect(modeFor({ sendToInbox: true }, ['video.publish'])).toBe('inbox');
    expect(modeFor(undefined, ['video.upload'])).toBe('inbox');
    expect(modeFor(undefined, ['video.upload', 'video.publish'])).toBe('direct');
  });

  it('refuses with words what TikTok would refuse', () => {
    const check = (
      options: Parameters<typeof directPostRefusal>[0]['options'],
      audited = true,
      videoDurationMs: number | null = 5_000,
    ) => directPostRefusal({ options, creator, audited, videoDurationMs });
    expect(check({})).toContain('Choose who can see');
    expect(check({ privacyLevel: 'PUBLIC_TO_EVERYONE' }, false)).toContain('not audited');
    expect(check({ privacyLevel: 'SELF_ONLY' }, false)).toBeUndefined();
    expect(check({ privacyLevel: 'FOLLOWER_OF_CREATOR' })).toContain('can no longer post to "Followers"');
    expect(check({ privacyLevel: 'SELF_ONLY', brandedContent: true })).toContain('Branded content');
    expect(check({ privacyLevel: 'PUBLIC_TO_EVERYONE' }, true, 181_000)).toContain(
      'up to 180 s; this one is 181 s',
    );
    expect(check({ privacyLevel: 'PUBLIC_TO_EVERYONE' })).toBeUndefined();
  });

  it('leaves interactions off unless turned on, and off where the creator disabled them', () => {
    expect(videoPostInfo('Hi', { allowDuet: true, allowStitch: true }, creator, 'SELF_ONLY')).toEqual({
      title: 'Hi',
      privacy_level: 'SELF_ONLY',
      disable_comment: true,
      disable_duet: true,
      disable_stitch: false,
      brand_content_toggle: false,
      brand_organic_toggle: false,
      video_cover_timestamp_ms: 1000,
    });
    expect(
      photoPostInfo({
        title: 'T',
        text: 'D',
        options: { autoAddMusic: true },
        creator: null,
        privacy: undefined,
      }),
    ).toEqual({ title: 'T', description: 'D', auto_add_music: true });
  });
});
