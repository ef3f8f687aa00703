import { describe, expect, it } from 'vitest';
import { businessTypes, contentTypes, tones } from '../../../../contracts/content-options';
import { businessCopy } from './copy/business';
import { actionAnchors } from './copy/content-type-copy';
import { imageShots } from './copy/image-shots';
import { toneCopy } from './copy/tones';
import { renderImagePrompt } from './image-prompt';
import { contentTypeCopy, renderTemplate, type Slots } from './templates';

/** A batch of six deals about ten bodies, five voice lines, four calls to action and seventeen tips. */
const slots: Slots = {
  headline: 'holiday sale on hand-poured soy candles',
  topic: 'hand-poured soy candles',
  product: 'hand-poured soy candles',
  feature: 'carefully chosen materials',
  audience: 'gift shoppers',
  customers: 'customers',
  action: 'order yours',
  atPlace: 'in our shop',
  inOffering: 'in our shop',
  team: 'our team',
  fromUs: 'our team',
  is: 'is',
  has: 'has',
  it: 'them',
  itIs: "they're",
  itHas: 'they have',
  thing: 'hand-poured soy candles',
  spread: 'hand-poured soy candles',
  season: 'holiday decor',
  when: 'until December 24',
};

describe('the copy pools', () => {
  it('have enough lines of every kind for a batch of six without repeating one', () => {
    for (const type of contentTypes) {
      const copy = contentTypeCopy[type];
      expect(copy.productLines.length, type).toBeGreaterThanOrEqual(8);
      expect(copy.bodies.length, type).toBeGreaterThanOrEqual(copy.listsTips ? 8 : 10);
      expect(copy.ctas.formal.length, type).toBeGreaterThanOrEqual(6);
      expect(copy.ctas.informal.length, type).toBeGreaterThanOrEqual(6);
      expect(copy.ctas.instagram.length, type).toBeGreaterThanOrEqual(4);
      expect(copy.questions.length, type).toBeGreaterThanOrEqual(6);
    }
    for (const tone of tones) {
      expect(toneCopy[tone].voice.length, tone).toBeGreaterThanOrEqual(tone === 'humorous' ? 7 : 8);
      expect(toneCopy[tone].keywordLines.length, tone).toBeGreaterThanOrEqual(5);
    }
    for (const type of businessTypes) {
      const business = businessCopy[type];
      expect(business.tips.length, type).toBeGreaterThanOrEqual(13);
      expect(business.topicTips.length, type).toBeGreaterThanOrEqual(7);
      expect(business.process.length, type).toBeGreaterThanOrEqual(7);
      expect(business.jokes.length + toneCopy.humorous.voice.length, type).toBeGreaterThanOrEqual(10);
    }
    expect(actionAnchors.cta.length).toBeGreaterThanOrEqual(6);
  });

  it('names the product in every product line, and fills every new line', () => {
    for (const type of contentTypes) {
      for (const line of contentTypeCopy[type].productLines) {
        expect(renderTemplate(line, slots), line).toContain('our hand-poured soy candles');
      }
    }
    for (const line of [...actionAnchors.cta, ...actionAnchors.instagram]) {
      expect(renderTemplate(line, slots), line).toMatch(/order yours/i);
    }
    for (const type of businessTypes) {
      for (const tip of businessCopy[type].topicTips) {
        expect(renderTemplate(tip, slots), tip).toContain('our hand-poured soy candles');
      }
    }
  });

  it('shows the product in every scene of every business, and every shot differs', () => {
    for (const type of businessTypes) {
      const { image } = businessCopy[type];
      for (const [field, scene] of Object.entries(image)) {
        if (field === 'defaultThing' || field === 'atPlace') continue;
        expect(scene, `${type}.${field}`).toMatch(/\{(?:thing|spread)\}/);
      }
      for (const contentType of contentTypes) {
        const shots = imageShots[contentType];
        expect(shots.length, contentType).toBeGreaterThanOrEqual(6);
        const prompts = shots.map((shot) =>
          renderImagePrompt({
            platform: 'instagram',
            contentType,
            business: businessCopy[type],
            slots,
            brandName: null,
            shot,
          }),
        );
        for (const prompt of prompts) expect(prompt, `${type}/${contentType}`).toMatch(/soy candles/);
        expect(new Set(prompts).size).toBe(prompts.length);
      }
    }
  });
});
