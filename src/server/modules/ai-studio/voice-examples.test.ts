import { describe, expect, it } from 'vitest';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { excerptOf, pickVoiceExamples, type VoiceCandidate } from './voice-examples';

const now = new Date('2026-11-29T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

function post(
  id: string,
  platform: PublishingPlatform,
  rate: number | null,
  options: { days?: number; state?: VoiceCandidate['state'] } = {},
): VoiceCandidate {
  return {
    postId: id,
    platform,
    text: `Post ${id}`,
    publishedAt: daysAgo(options.days ?? 10),
    engagementRate: rate,
    state: options.state ?? null,
  };
}

/** Ten measured posts, one per platform pair, rates 1..10 (p10 best). */
const measured = (platforms: PublishingPlatform[]) =>
  Array.from({ length: 10 }, (_, i) =>
    post(`p${i + 1}`, platforms[i % platforms.length] ?? 'twitter', i + 1),
  );

const ids = (picked: ReturnType<typeof pickVoiceExamples>) =>
  picked.examples.map((example) => example.postId);

describe('pickVoiceExamples', () => {
  it('picks nothing automatically until ten posts are measured', () => {
    const nine = measured(['twitter', 'linkedin', 'facebook']).slice(0, 9);
    const picked = pickVoiceExamples(nine, { learnFromResults: true, now });
    expect(picked).toMatchObject({ learning: false, measured: 9, needed: 10, examples: [] });
  });

  it('counts only posts of the last 180 days with a rate', () => {
    const posts = [
      ...measured(['twitter', 'linkedin', 'facebook']).slice(0, 9),
      post('old', 'bluesky', 9, { days: 181 }),
      post('unmeasured', 'bluesky', null),
    ];
    expect(pickVoiceExamples(posts, { learnFromResults: true, now }).measured).toBe(9);
  });

  it('takes the best rates, two per network at most, five in all', () => {
    const picked = pickVoiceExamples(measured(['twitter', 'twitter', 'linkedin', 'facebook', 'bluesky']), {
      learnFromResults: true,
      now,
    });
    // Rates: p1 tw, p2 tw, p3 li, p4 fb, p5 bs, p6 tw, p7 tw, p8 li, p9 fb, p10 bs.
    expect(ids(picked)).toEqual(['p10', 'p9', 'p8', 'p7', 'p6']);
    expect(picked.learning).toBe(true);
    const twitter = picked.examples.filter((example) => example.platform === 'twitter');
    expect(twitter).toHaveLength(2);
  });

  it('puts pinned posts first, even old or unmeasured ones, and they count towards a network', () => {
    const posts = [
      ...measured(['twitter', 'linkedin']),
      post('old-pin', 'twitter', null, { days: 400, state: 'pinned' }),
    ];
    const picked = pickVoiceExamples(posts, { learnFromResults: true, now });
    expect(picked.examples[0]).toMatchObject({ postId: 'old-pin', state: 'pinned', engagementRate: null });
    expect(picked.examples.filter((example) => example.platform === 'twitter')).toHaveLength(2);
    // Two networks, two each: four examples, not five.
    expect(ids(picked)).toEqual(['old-pin', 'p10', 'p9', 'p8']);
  });

  it('never uses an excluded post, and lists it apart', () => {
    const posts = measured(['twitter', 'linkedin', 'facebook']).map((p) =>
      p.postId === 'p10' ? { ...p, state: 'excluded' as const } : p,
    );
    const picked = pickVoiceExamples(posts, { learnFromResults: true, now });
    expect(ids(picked)).not.toContain('p10');
    expect(picked.excluded.map((p) => p.postId)).toEqual(['p10']);
  });

  it('breaks equal rates by the newer post', () => {
    const posts = [
      ...measured(['twitter', 'linkedin', 'facebook', 'bluesky', 'mastodon']).map((p) => ({
        ...p,
        engagementRate: 1,
      })),
      post('older', 'threads', 50, { days: 20 }),
      post('newer', 'threads', 50, { days: 5 }),
    ];
    expect(ids(pickVoiceExamples(posts, { learnFromResults: true, now })).slice(0, 2)).toEqual([
      'newer',
      'older',
    ]);
  });

  it('gives pinned posts only when learning from results is off', () => {
    const posts = [...measured(['twitter', 'linkedin']), post('pin', 'facebook', 1, { state: 'pinned' })];
    const picked = pickVoiceExamples(posts, { learnFromResults: false, now });
    expect(picked.learning).toBe(false);
    expect(ids(picked)).toEqual(['pin']);
  });
});

describe('excerptOf', () => {
  it('cuts at 1,000 characters, never inside a surrogate pair', () => {
    expect(excerptOf('a'.repeat(1200))).toHaveLength(1000);
    expect(excerptOf(`${'a'.repeat(999)}😀b`)).toBe('a'.repeat(999));
    expect(excerptOf('short')).toBe('short');
  });
});
