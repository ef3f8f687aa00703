import { expect } from 'vitest';
import type { BrandKit } from '../../../../contracts/brand-kit';
import { hashtag } from '../../../../contracts/content-options';
import { type GenerationRequestInput, generationRequest } from '../../../../contracts/generation';
import { type PublishingPlatform, platformRules } from '../../../../contracts/platforms';
import { checkPostFits } from '../../../../contracts/post-text';
import type { GeneratedIdea, IdeaRequest } from '../ai-provider';
import { createOfflineComposer } from './offline-composer';

/** Shared by the offline composer's tests: how to ask it for ideas, and what every idea must be. */
export const composer = createOfflineComposer();

export function ideaRequest(
  input: GenerationRequestInput,
  options: { slots?: PublishingPlatform[]; brandKit?: BrandKit | null; seed?: number } = {},
): IdeaRequest {
  const request = generationRequest.parse(input);
  const slots =
    options.slots ??
    Array.from({ length: request.count }, (_, index) => request.platforms[index % request.platforms.length]);
  return {
    request,
    slots: slots as PublishingPlatform[],
    brandKit: options.brandKit ?? null,
    language: 'english',
    seed: options.seed ?? 1,
  };
}

export const write = (input: IdeaRequest) => composer.generateIdeas(input);

export const longDescription = [
  'Our extraordinarilylongwordthatkeepsgoingandgoingandgoing summer clearance on hand-poured soy candles,',
  `see https://example.com/${'very-long-path/'.repeat(20)}?utm_source=kitepost and shop.example.co.uk/sale`,
  'Pneumonoultramicroscopicsilicovolcanoconiosis-proof packaging for discerning collectors everywhere.',
  'We are also hosting workshops every Saturday with free shipping on all orders over fifty dollars.',
]
  .join(' ')
  .repeat(4)
  .slice(0, 2000);

export const campaigns = ['', 'summer sale on handmade candles', longDescription];
export const audiences = ['', 'young professionals', `${'very '.repeat(55)}busy parents`.slice(0, 300)];

/** Ideas as the user will see them: measured, valid, tidy. */
export function expectPublishable(idea: GeneratedIdea, label: string) {
  const fit = checkPostFits(idea.platform, idea.content, idea.hashtags);
  expect(fit.fits, `${label}: ${fit.length} > ${fit.max}\n${idea.content}`).toBe(true);
  expect(fit.tooManyHashtags, label).toBe(false);
  expect(idea.hashtags.length, label).toBeLessThanOrEqual(platformRules[idea.platform].maxHashtags);
  const keys = idea.hashtags.map((tag) => tag.toLowerCase());
  expect(new Set(keys).size, label).toBe(keys.length);
  for (const tag of idea.hashtags) {
    expect(hashtag.safeParse(tag).success, `${label}: #${tag}`).toBe(true);
    expect(idea.content.toLowerCase(), label).not.toContain(`#${tag.toLowerCase()}`);
  }
  expect(idea.content, label).not.toMatch(/[{}]|\bundefined\b|\bnull\b| {2}| [,.;:!?](?!\S)|\.\.(?!\.)/);
  expect(idea.content, label).toMatch(/^\p{Lu}/u);
  expect(idea.suggestedImagePrompt.length, label).toBeGreaterThan(40);
}
