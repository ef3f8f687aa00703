import { describe, expect, it } from 'vitest';
import { contentTypes } from '../../../../contracts/content-options';
import { businessCopy } from './copy/business';
import { suggestImagePrompt } from './image-prompt';

const slots = {
  headline: 'weekend brunch special with bottomless mimosas',
  topic: 'weekend brunch',
  product: 'bottomless mimosas',
};

describe('suggestImagePrompt', () => {
  it('describes a concrete picture of the campaign, in the platform’s format', () => {
    const prompt = suggestImagePrompt({
      platform: 'instagram',
      contentType: 'promotional',
      business: businessCopy.restaurant,
      slots,
      brandName: 'Luna Bistro',
    });
    expect(prompt).toContain('weekend brunch special with bottomless mimosas');
    expect(prompt).toContain('rustic wooden table');
    expect(prompt).toContain("Luna Bistro's brand colours");
    expect(prompt).toContain('4:5');
  });

  it('fits each platform’s feed', () => {
    const formats = { instagram: '4:5', twitter: '16:9', linkedin: '1.91:1', facebook: '1.91:1' } as const;
    for (const [platform, format] of Object.entries(formats)) {
      const prompt = suggestImagePrompt({
        platform: platform as keyof typeof formats,
        contentType: 'news-updates',
        business: businessCopy.technology,
        slots: { headline: 'inventory API', topic: 'inventory API', product: 'inventory API' },
        brandName: null,
      });
      expect(prompt).toContain(format);
      expect(prompt).toContain('"Inventory API"');
    }
  });

  it('differs by content type and never leaves a slot unfilled', () => {
    const prompts = contentTypes.map((contentType) =>
      suggestImagePrompt({
        platform: 'linkedin',
        contentType,
        business: businessCopy.ecommerce,
        slots,
        brandName: null,
      }),
    );
    expect(new Set(prompts).size).toBe(contentTypes.length);
    for (const prompt of prompts) expect(prompt).not.toMatch(/[{}[\]]|undefined|null/);
  });
});
