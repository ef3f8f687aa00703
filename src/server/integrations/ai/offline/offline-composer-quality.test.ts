import { describe, expect, it } from 'vitest';
import { type BusinessType, businessTypes, contentTypes, tones } from '../../../../contracts/content-options';
import type { GenerationRequestInput } from '../../../../contracts/generation';
import { xWeightedLength } from '../../../../contracts/post-text';
import type { GeneratedIdea } from '../ai-provider';
import { expectPublishable, ideaRequest, write } from './offline-composer.fixtures';

/** Campaigns that name an occasion or offer and a product or service, and the product every post must name. */
const productCampaigns: Array<{ input: GenerationRequestInput; product: string; head: RegExp }> = [
  {
    input: {
      businessType: 'ecommerce',
      targetAudience: 'eco-conscious gift shoppers',
      campaignDescription: 'Holiday sale: 20% off our hand-poured soy candles until December 24',
    },
    product: 'hand-poured soy candles',
    head: /candles/i,
  },
  {
    input: {
      businessType: 'restaurant',
      campaignDescription: 'weekend brunch special with bottomless mimosas',
    },
    product: 'bottomless mimosas',
    head: /mimosas/i,
  },
  {
    input: { businessType: 'technology', campaignDescription: 'our new inventory API for small shops' },
    product: 'inventory API',
    head: /\bAPI\b/,
  },
  {
    input: { businessType: 'health-fitness', campaignDescription: 'new 6am HIIT class' },
    product: '6am HIIT class',
    head: /\bclass\b/i,
  },
  {
    input: {
      businessType: 'consulting',
      campaignDescription: 'free 30-minute cash-flow review for new clients',
    },
    product: 'cash-flow review',
    head: /review/i,
  },
  {
    input: {
      businessType: 'ecommerce',
      campaignDescription: 'Black Friday deal: buy one, get one free on all yoga mats',
    },
    product: 'yoga mats',
    head: /yoga mats/i,
  },
];

/** The sentences of a post: its lines, without list numbers and emoji, split after . ! or ?. */
function sentencesOf(content: string): string[] {
  return content
    .split('\n')
    .map((line) => line.replace(/^\d+\.\s+/, '').replace(/\p{Extended_Pictographic}\uFE0F?/gu, ''))
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Sentences that two ideas of the batch share, besides the opening and the offer line every post states. */
function repeatedSentences(ideas: GeneratedIdea[], allowed: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const idea of ideas) {
    for (const sentence of new Set(sentencesOf(idea.content))) {
      if (allowed.includes(sentence)) continue;
      if (seen.has(sentence)) repeated.push(sentence);
      seen.add(sentence);
    }
  }
  return repeated;
}

/** An image prompt without the platform's format, which is all that told the old prompts apart. */
const pictureOf = (prompt: string) => prompt.replace(/\s*(?:Portrait|Landscape) [\d.:]+ \(.*$/u, '');

describe('offline composer: the product', () => {
  it('names the product or service in every idea, on every platform, for every content type and tone', async () => {
    for (const { input, product } of productCampaigns) {
      for (const contentType of contentTypes) {
        for (const tone of tones) {
          const ideas = await write(ideaRequest({ ...input, contentType, tone, count: 8 }, { seed: 3 }));
          for (const idea of ideas) {
            const label = `${input.campaignDescription} / ${contentType} / ${tone} / ${idea.platform}`;
            expect(idea.content.toLowerCase(), `${label}\n${idea.content}`).toContain(product.toLowerCase());
            expectPublishable(idea, label);
          }
        }
      }
    }
  });

  it('says what an offer is on, with the offer and its dates kept as written', async () => {
    const [candles] = productCampaigns;
    const ideas = await write(ideaRequest({ ...candles?.input, tone: 'humorous' }, { seed: 42 }));
    expect(ideas.some((idea) => idea.content.includes('holiday sale on hand-poured soy candles'))).toBe(true);
    for (const idea of ideas) {
      expect(idea.content).toContain('20% off, until December 24.');
      expect(idea.content).not.toMatch(/\bour our\b|\bholiday via\b|Hand-Poured|hand-poured soy candle\b/);
      const published = `${idea.content}\n\n${idea.hashtags.map((tag) => `#${tag}`).join(' ')}`;
      if (idea.platform === 'twitter') expect(xWeightedLength(published)).toBeLessThanOrEqual(280);
    }
  });

  it('keeps an address and a time intact, and does not make them the product', async () => {
    const ideas = await write(
      ideaRequest({
        businessType: 'real-estate',
        campaignDescription: 'open house Saturday 2–4pm at 12 Oak Street',
        count: 8,
      }),
    );
    for (const idea of ideas) {
      expect(idea.content).toContain('12 Oak Street');
      expect(idea.content).toContain('Saturday 2–4pm');
      expect(idea.content).not.toMatch(/open house Saturday|our 12 Oak Street/i);
      expect(idea.hashtags.join(' ')).not.toMatch(/Saturday|24pm|OakStreet/);
      expect(idea.suggestedImagePrompt).toContain('the home at 12 Oak Street');
    }
  });
});

describe('offline composer: image prompts', () => {
  it('gives every idea of a batch its own shot of the product, not of the offer', async () => {
    for (const { input, head } of productCampaigns) {
      for (const contentType of contentTypes) {
        const ideas = await write(ideaRequest({ ...input, contentType, count: 6 }, { seed: 42 }));
        const pictures = ideas.map((idea) => pictureOf(idea.suggestedImagePrompt));
        expect(new Set(pictures).size, `${contentType}: ${pictures.join('\n')}`).toBe(pictures.length);
        for (const picture of pictures) {
          expect(picture, contentType).toMatch(head);
          expect(picture, contentType).not.toMatch(/\bof the (?:holiday sale|Black Friday deal)\b/i);
        }
      }
    }
  });

  it('differs within a batch for every business, also with an empty description', async () => {
    for (const businessType of businessTypes) {
      for (const contentType of contentTypes) {
        const ideas = await write(ideaRequest({ businessType, contentType, count: 10 }, { seed: 8 }));
        const prompts = ideas.map((idea) => idea.suggestedImagePrompt);
        expect(new Set(prompts.map(pictureOf)).size, `${businessType}/${contentType}`).toBe(10);
        for (const prompt of prompts) expect(prompt).not.toMatch(/[{}[\]]|undefined|null/);
      }
    }
  });

  it('styles the picture for the season the description names', async () => {
    const [candles] = productCampaigns;
    const ideas = await write(ideaRequest({ ...candles?.input, count: 10 }, { seed: 4 }));
    expect(ideas.some((idea) => /holiday decor/.test(idea.suggestedImagePrompt))).toBe(true);
  });
});

describe('offline composer: no repeated lines', () => {
  const brunch = productCampaigns[1]?.input as GenerationRequestInput;

  it('repeats no sentence within a batch of six, for every content type and tone', async () => {
    for (const contentType of contentTypes) {
      for (const tone of tones) {
        for (const seed of [1, 42]) {
          const ideas = await write(ideaRequest({ ...brunch, contentType, tone, count: 6 }, { seed }));
          expect(repeatedSentences(ideas), `${contentType}/${tone}/${seed}`).toEqual([]);
        }
      }
    }
  });

  it('repeats no sentence within a batch of six for any business, besides the stated offer', async () => {
    const descriptions: Record<BusinessType, string> = {
      ecommerce: 'Holiday sale: 20% off our hand-poured soy candles until December 24',
      restaurant: '',
      technology: 'our new inventory API for small shops',
      'health-fitness': 'new 6am HIIT class',
      'real-estate': 'open house Saturday 2–4pm at 12 Oak Street',
      consulting: 'free 30-minute cash-flow review for new clients',
      other: 'Grand opening of our second location in Austin',
    };
    const offers = ['20% off, until December 24.', 'Mark your calendar: Saturday 2–4pm.'];
    for (const businessType of businessTypes) {
      for (const contentType of contentTypes) {
        const tone = tones[(businessTypes.indexOf(businessType) + contentTypes.indexOf(contentType)) % 6];
        const request = { businessType, contentType, tone, campaignDescription: descriptions[businessType] };
        const ideas = await write(ideaRequest({ ...request, count: 6 }, { seed: 7 }));
        expect(repeatedSentences(ideas, offers), `${businessType}/${contentType}/${tone}`).toEqual([]);
      }
    }
  });

  it("prefers lines the posts shown before do not have yet ('Generate More')", async () => {
    const request = { ...brunch, contentType: 'promotional', tone: 'humorous', count: 6 } as const;
    const first = await write(ideaRequest(request, { seed: 1 }));
    const shown = new Set(first.flatMap((idea) => sentencesOf(idea.content)));
    const overlap = (ideas: GeneratedIdea[]) =>
      ideas.flatMap((idea) => sentencesOf(idea.content)).filter((sentence) => shown.has(sentence)).length;
    const again = await write(ideaRequest(request, { seed: 2 }));
    const more = await write(
      ideaRequest({ ...request, previousPosts: first.map((idea) => idea.content) }, { seed: 2 }),
    );
    expect(overlap(more)).toBeLessThan(overlap(again));
    // LinkedIn ends on its question and Instagram on its call to action: the pools hold enough for two rounds.
    const closings = (ideas: GeneratedIdea[]) =>
      ideas
        .filter((idea) => idea.platform === 'linkedin' || idea.platform === 'instagram')
        .map((idea) =>
          idea.content
            .split('\n\n')
            .at(-1)
            ?.replace(/\s*\p{Extended_Pictographic}\uFE0F?$/u, ''),
        );
    const before = new Set(closings(first));
    expect(closings(more).filter((closing) => before.has(closing))).toEqual([]);
  });
});
