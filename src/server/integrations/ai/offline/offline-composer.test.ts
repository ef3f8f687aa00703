import { describe, expect, it } from 'vitest';
import { type BrandKit, emptyBrandKit } from '../../../../contracts/brand-kit';
import { contentTypes, tones } from '../../../../contracts/content-options';
import { type GenerationRequestInput, generationRequest } from '../../../../contracts/generation';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { GeneratedIdea } from '../ai-provider';
import {
  composer,
  expectPublishable,
  ideaRequest,
  longDescription,
  write,
} from './offline-composer.fixtures';
import { openingOf, sameOpening } from './templates';

describe('offline composer: variety', () => {
  const brunch = {
    businessType: 'restaurant' as const,
    campaignDescription: 'weekend brunch special with bottomless mimosas',
    targetAudience: 'young professionals',
  };

  it('starts no two ideas of a batch alike, for every content type and tone', async () => {
    for (const contentType of contentTypes) {
      for (const tone of tones) {
        const ideas = await write(ideaRequest({ ...brunch, contentType, tone, count: 10 }, { seed: 5 }));
        const openings = ideas.map((idea) => openingOf(idea.content));
        for (const [index, opening] of openings.entries()) {
          const clash = openings.findIndex((other, at) => at !== index && sameOpening(other, opening));
          expect(clash, `${contentType}/${tone}: ${ideas[index]?.content}`).toBe(-1);
        }
        // Each of the ten has its own first sentence, not a shared one behind a lead-in.
        const firstLines = ideas.map((idea) =>
          idea.content.split('\n')[0]?.replace(/\s*\p{Extended_Pictographic}.*$/u, ''),
        );
        expect(new Set(firstLines).size).toBe(10);
      }
    }
  });

  it('honours the posts already shown, round after round', async () => {
    const shown: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const ideas = await write(
        ideaRequest(
          { ...brunch, contentType: 'promotional', tone: 'casual', count: 10, previousPosts: shown },
          {
            seed: round + 1,
          },
        ),
      );
      for (const idea of ideas) {
        const opening = openingOf(idea.content);
        const repeated = shown.find((post) => sameOpening(openingOf(post), opening));
        expect(repeated, `round ${round}: ${idea.content}`).toBeUndefined();
      }
      shown.push(...ideas.map((idea) => idea.content));
    }
    expect(shown).toHaveLength(30);
  });

  it('differs visibly by tone and by content type', async () => {
    const openingsFor = async (contentType: (typeof contentTypes)[number], tone: (typeof tones)[number]) =>
      (await write(ideaRequest({ ...brunch, contentType, tone, count: 6 }, { seed: 9 }))).map((idea) =>
        openingOf(idea.content),
      );
    const byTone = await Promise.all(tones.map((tone) => openingsFor('promotional', tone)));
    const byType = await Promise.all(contentTypes.map((type) => openingsFor(type, 'casual')));
    for (const groups of [byTone, byType]) {
      const all = groups.flat();
      expect(new Set(all).size).toBe(all.length);
    }
  });
});

describe('offline composer: brand kit', () => {
  const kit: BrandKit = {
    ...emptyBrandKit,
    brandName: 'Luna Bistro',
    keywords: ['slow cooking', 'local produce'],
    bannedWords: ['table', 'fresh', 'Brunch', 'cheap', 'menu'],
    requiredHashtags: ['LunaBistro', 'EatWithLuna'],
    emojiPolicy: 'none',
  };
  const input = (overrides: Partial<BrandKit> = {}, request: GenerationRequestInput = {}) =>
    ideaRequest(
      {
        businessType: 'restaurant',
        campaignDescription: 'weekend brunch special with bottomless mimosas',
        count: 10,
        ...request,
      },
      { brandKit: { ...kit, ...overrides } },
    );

  it('never writes a banned word, not even inside a longer word or a hashtag', async () => {
    for (const contentType of contentTypes) {
      for (const tone of tones) {
        for (const idea of await write(input({}, { contentType, tone }))) {
          const text =
            `${idea.content}\n${idea.hashtags.join(' ')}\n${idea.suggestedImagePrompt}`.toLowerCase();
          for (const word of kit.bannedWords) {
            expect(text, `${contentType}/${tone}: ${word}`).not.toMatch(
              new RegExp(`(?<![\\p{L}\\p{N}_])${word.toLowerCase()}`, 'u'),
            );
          }
          for (const tag of idea.hashtags) expect(tag.toLowerCase()).not.toContain('brunch');
          expectPublishable(idea, `${contentType}/${tone}`);
        }
      }
    }
  });

  it('always carries the required hashtags and the brand name', async () => {
    for (const idea of await write(input())) {
      expect(idea.hashtags.slice(0, 2)).toEqual(['LunaBistro', 'EatWithLuna']);
      expect(idea.content).toContain('Luna Bistro');
    }
  });

  it('weaves the brand’s keywords into longer posts', async () => {
    const ideas = await write(input({}, { platforms: ['linkedin', 'facebook', 'instagram'] }));
    for (const idea of ideas) expect(idea.content).toMatch(/slow cooking|local produce/i);
  });

  it('follows the emoji policy', async () => {
    const emoji = /\p{Extended_Pictographic}/gu;
    for (const idea of await write(input({ emojiPolicy: 'none' }))) expect(idea.content).not.toMatch(emoji);
    for (const idea of await write(input({ emojiPolicy: 'sparing' }))) {
      expect(idea.content.match(emoji)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    for (const idea of await write(input({ emojiPolicy: 'liberal' }))) {
      expect(idea.content.match(emoji)?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('offline composer: the AiProvider contract', () => {
  it('names itself as the sandbox writer', () => {
    expect(composer.name).toBe('offline composer');
    expect(composer.sandbox).toBe(true);
  });

  it('is deterministic under the seed, and the seed matters', async () => {
    const request = {
      businessType: 'technology',
      campaignDescription: 'our new inventory API for small shops',
    } as const;
    const first = await write(ideaRequest(request, { seed: 123 }));
    expect(await write(ideaRequest(request, { seed: 123 }))).toEqual(first);
    const others = await Promise.all([124, 125, 126].map((seed) => write(ideaRequest(request, { seed }))));
    for (const other of others) expect(other).not.toEqual(first);
  });

  it('writes one idea per slot, in order, and reports each as it is written', async () => {
    const slots: PublishingPlatform[] = [
      'twitter',
      'twitter',
      'instagram',
      'linkedin',
      'facebook',
      'twitter',
    ];
    const reported: GeneratedIdea[] = [];
    const ideas = await composer.generateIdeas(ideaRequest({ count: 6 }, { slots }), {
      onIdea: (idea) => reported.push(idea),
    });
    expect(ideas.map((idea) => idea.platform)).toEqual(slots);
    expect(reported).toEqual(ideas);
  });

  it('stops when the signal aborts', async () => {
    const aborted = AbortSignal.abort();
    await expect(composer.generateIdeas(ideaRequest({}), { signal: aborted })).rejects.toThrow();
    const controller = new AbortController();
    const reported: GeneratedIdea[] = [];
    const writing = composer.generateIdeas(ideaRequest({ count: 6 }), {
      signal: controller.signal,
      onIdea: (idea) => {
        reported.push(idea);
        controller.abort();
      },
    });
    await expect(writing).rejects.toThrow();
    expect(reported).toHaveLength(1);
  });

  it('writes a batch of ten in well under 50 ms', async () => {
    const input = ideaRequest(
      { campaignDescription: longDescription, count: 10 },
      { brandKit: { ...emptyBrandKit } },
    );
    await write(input);
    const timings: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      await write({ ...input, seed: run });
      timings.push(performance.now() - started);
    }
    expect(Math.min(...timings)).toBeLessThan(25);
  });

  it('writes for the spec’s four networks unless asked for others', () => {
    expect(generationRequest.parse({}).platforms).toEqual(['linkedin', 'instagram', 'twitter', 'facebook']);
    expect(generationRequest.parse({ platforms: ['bluesky', 'mastodon'] }).platforms).toEqual([
      'bluesky',
      'mastodon',
    ]);
  });
});

describe('offline composer: a planned month’s slots', () => {
  it('writes each slot in its content type and names its offer or date, within the platform', async () => {
    const base = ideaRequest(
      {
        businessType: 'restaurant',
        campaignDescription: 'Sell more spring tarts',
        platforms: ['twitter', 'linkedin'],
        count: 5,
      },
      { slots: ['twitter', 'linkedin', 'twitter'], seed: 3 },
    );
    const ideas = await write({
      ...base,
      slotNotes: [
        { contentType: 'promotional', dateLabel: 'Tuesday 1 December', occasion: '20% off all tarts' },
        { contentType: 'news-updates', dateLabel: 'Friday 4 December', occasion: 'Our 10th birthday!' },
        { contentType: 'educational', dateLabel: 'Monday 7 December' },
      ],
    });
    expect(ideas[0]?.content).toContain("Don't miss it: 20% off all tarts.");
    expect(ideas[1]?.content).toContain('Coming up: Our 10th birthday.');
    expect(ideas[2]?.content).not.toMatch(/Don't miss it|Coming up/);
    for (const idea of ideas) expectPublishable(idea, idea.content);
  });
});
