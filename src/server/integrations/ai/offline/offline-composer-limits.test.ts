import { describe, expect, it } from 'vitest';
import { emptyBrandKit } from '../../../../contracts/brand-kit';
import { type BusinessType, businessTypes, contentTypes, tones } from '../../../../contracts/content-options';
import { type PublishingPlatform, platformRules } from '../../../../contracts/platforms';
import { xWeightedLength } from '../../../../contracts/post-text';
import {
  audiences,
  campaigns,
  expectPublishable,
  ideaRequest,
  longDescription,
  write,
} from './offline-composer.fixtures';

describe('offline composer: limits', () => {
  it('keeps every post within its platform for every business, content type, tone and campaign', async () => {
    const started = performance.now();
    let checked = 0;
    for (const businessType of businessTypes) {
      for (const contentType of contentTypes) {
        for (const tone of tones) {
          for (const [index, campaignDescription] of campaigns.entries()) {
            const input = ideaRequest(
              {
                businessType,
                contentType,
                tone,
                campaignDescription,
                targetAudience: audiences[index],
                count: 8,
              },
              { seed: index * 7 + 3 },
            );
            for (const idea of await write(input)) {
              expectPublishable(idea, `${businessType}/${contentType}/${tone}/${index}/${idea.platform}`);
              checked += 1;
            }
          }
        }
      }
    }
    expect(checked).toBe(businessTypes.length * contentTypes.length * tones.length * campaigns.length * 8);
    // About 1,000 posts; the composer is meant to be instant.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('keeps X within 280 weighted characters, hashtags and links included, over many seeds', async () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const input = ideaRequest(
        {
          businessType: businessTypes[seed % businessTypes.length],
          contentType: contentTypes[seed % contentTypes.length],
          tone: tones[(seed * 5) % tones.length],
          campaignDescription:
            seed % 2 ? longDescription : 'weekend brunch special with bottomless mimosas 🥂🍳',
          targetAudience: '日本のお客様 and café regulars',
          platforms: ['twitter'],
          count: 10,
        },
        {
          seed,
          brandKit: {
            ...emptyBrandKit,
            brandName: `Luna ${'Bistro '.repeat(14)}`.trim(),
            keywords: ['slow cooking', 'local produce'],
            requiredHashtags: ['LunaBistro', 'BrunchClub', 'EatLocal'],
            emojiPolicy: 'liberal',
          },
        },
      );
      for (const idea of await write(input)) {
        const published = `${idea.content}\n\n${idea.hashtags.map((tag) => `#${tag}`).join(' ')}`;
        expect(xWeightedLength(published), idea.content).toBeLessThanOrEqual(280);
        expectPublishable(idea, `seed ${seed}`);
      }
    }
  });

  it('writes each platform in its own way', async () => {
    const input = ideaRequest(
      {
        businessType: 'restaurant',
        campaignDescription: 'weekend brunch special with bottomless mimosas',
        targetAudience: 'young professionals',
        tone: 'casual',
        count: 8,
      },
      { seed: 11 },
    );
    const ideas = await write(input);
    const of = (platform: PublishingPlatform) => ideas.filter((idea) => idea.platform === platform);
    for (const idea of of('linkedin')) {
      expect(idea.content.split('\n\n').length).toBeGreaterThanOrEqual(4);
      expect(idea.content).toContain('?');
      expect(idea.hashtags).toHaveLength(platformRules.linkedin.recommendedHashtags);
    }
    for (const idea of of('instagram')) {
      expect(idea.content).toMatch(/link in bio|save this|tag (us|someone)/i);
      expect(idea.content.split('\n').length).toBeGreaterThanOrEqual(4);
      expect(idea.hashtags.length).toBeLessThanOrEqual(platformRules.instagram.maxHashtags);
      expect(idea.suggestedImagePrompt).toContain('4:5');
    }
    for (const idea of of('twitter')) {
      expect(xWeightedLength(idea.content)).toBeLessThan(280);
      expect(idea.hashtags).toHaveLength(platformRules.twitter.recommendedHashtags);
    }
    for (const idea of of('facebook')) expect(idea.content).toContain('?');
    const average = (platform: PublishingPlatform) =>
      of(platform).reduce((sum, idea) => sum + idea.content.length, 0) / of(platform).length;
    expect(average('linkedin')).toBeGreaterThan(average('twitter'));
    expect(average('facebook')).toBeGreaterThan(average('twitter'));
  });
});

describe('offline composer: topicality', () => {
  const vocabulary: Record<BusinessType, RegExp> = {
    restaurant: /menu|table|dish|kitchen|chef|restaurant|guests|plate|meal|food|brunch/i,
    ecommerce: /shop|order|product|collection|cart|delivery|customers/i,
    technology: /platform|app|software|feature|workflow|tool|product|demo|users|data|api/i,
    'health-fitness': /class|workout|training|coach|studio|fitness|session|members|health/i,
    'real-estate': /home|propert|listing|viewing|neighbourhood|market|buyers|agency|clients/i,
    consulting: /strategy|clients|growth|plan|advice|business|call|results/i,
    other: /business|team|service|customers|community|local|get in touch/i,
  };

  it('uses the campaign’s own phrases, in the text or its hashtags', async () => {
    const cases = [
      ['ecommerce', 'summer sale on handmade candles', ['handmade candles', 'summer sale']],
      [
        'restaurant',
        'weekend brunch special with bottomless mimosas',
        ['weekend brunch', 'bottomless mimosas'],
      ],
      ['technology', 'our new inventory API for small shops', ['inventory API']],
      ['health-fitness', 'January 30-day challenge', ['January 30-day challenge', '30DayChallenge']],
    ] as const;
    for (const [businessType, campaignDescription, phrases] of cases) {
      for (const contentType of contentTypes) {
        const ideas = await write(ideaRequest({ businessType, campaignDescription, contentType, count: 6 }));
        for (const idea of ideas) {
          const said = `${idea.content} ${idea.hashtags.join(' ')}`.toLowerCase();
          const found = phrases.some(
            (phrase) =>
              said.includes(phrase.toLowerCase()) ||
              said.includes(phrase.replace(/[\s-]/g, '').toLowerCase()),
          );
          expect(found, `${campaignDescription} / ${contentType}: ${idea.content} ${idea.hashtags}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('speaks the business’s language, also with an empty description and no audience', async () => {
    for (const businessType of businessTypes) {
      for (const contentType of contentTypes) {
        const ideas = await write(
          ideaRequest({ businessType, contentType, tone: 'conversational', count: 5 }),
        );
        for (const idea of ideas) {
          expect(idea.content, `${businessType}/${contentType}`).toMatch(vocabulary[businessType]);
          expectPublishable(idea, `${businessType}/${contentType}`);
        }
      }
    }
  });

  it('speaks to the target audience', async () => {
    const ideas = await write(
      ideaRequest({
        businessType: 'health-fitness',
        targetAudience: 'Busy parents who want to get fit',
        count: 10,
      }),
    );
    const mentions = ideas.filter((idea) =>
      /busy ?parents/i.test(`${idea.content} ${idea.hashtags.join(' ')}`),
    );
    expect(mentions).toHaveLength(ideas.length);
    const inText = ideas.filter((idea) => /busy parents/i.test(idea.content));
    expect(inText.length).toBeGreaterThanOrEqual(3);
  });
});
