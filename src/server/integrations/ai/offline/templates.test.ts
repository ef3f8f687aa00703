import { describe, expect, it } from 'vitest';
import { contentTypes, tones } from '../../../../contracts/content-options';
import { countEmoji } from './brand-guard';
import { businessCopy } from './copy/business';
import { toneCopy } from './copy/tones';
import { contentTypeCopy, openingOf, renderTemplate, type Slots, sameOpening, tidy } from './templates';

describe('renderTemplate', () => {
  const slots: Slots = { topic: 'handmade candles', when: '', audience: null };

  it('fills slots and capitalises on request', () => {
    expect(renderTemplate('{Topic}, on sale: our {topic}.', slots)).toBe(
      'Handmade candles, on sale: our handmade candles.',
    );
  });

  it('leaves out an optional part whose slot is empty, and fails on an empty required slot', () => {
    expect(renderTemplate('Our {topic}[ {when}].', slots)).toBe('Our handmade candles.');
    expect(renderTemplate('For {audience}.', slots)).toBeNull();
  });

  it('tidies what is left behind', () => {
    expect(tidy('Hello  there , friends!. Done..')).toBe('Hello there, friends! Done.');
  });
});

describe('openings', () => {
  it('compare the first five words, ignoring case, punctuation and emoji', () => {
    expect(openingOf('Okay, this one’s GOOD: our candles are here! 🕯️')).toBe('okay this one s good');
    expect(sameOpening('okay this one s good', 'okay this one s good')).toBe(true);
    expect(sameOpening('announcing our bakery', 'announcing our bakery and more')).toBe(true);
    expect(sameOpening('announcing our bakery', 'announcing our bakes today')).toBe(false);
  });
});

/** A long campaign, so that openings cannot differ only after their fifth word. */
const longSlots: Slots = {
  headline: 'weekend brunch special with bottomless mimosas',
  topic: 'weekend brunch',
  feature: 'fresh, seasonal ingredients',
  audience: 'young professionals',
  customers: 'guests',
  action: 'book a table',
  atPlace: 'at Luna Bistro',
  inOffering: 'on our menu',
  team: 'the Luna Bistro team',
  fromUs: 'Luna Bistro',
  is: 'is',
  has: 'has',
  it: 'it',
  itIs: "it's",
  itHas: 'it has',
  brand: 'Luna Bistro',
  keywords: 'Slow cooking. Local produce.',
};

describe('the written copy', () => {
  it('has at least ten openings for every content type and tone, all filled and all different', () => {
    for (const contentType of contentTypes) {
      for (const tone of tones) {
        const hooks = [...contentTypeCopy[contentType].hooks[tone], ...toneCopy[tone].hooks];
        expect(hooks.length, `${contentType}/${tone}`).toBeGreaterThanOrEqual(10);
        const openings = hooks.map((hook) => {
          const text = renderTemplate(hook, longSlots);
          expect(text, hook).not.toBeNull();
          return openingOf(text ?? '');
        });
        for (const [index, opening] of openings.entries()) {
          const clash = openings.findIndex((other, at) => at !== index && sameOpening(other, opening));
          expect(clash, `${contentType}/${tone}: "${hooks[index]}" vs "${hooks[clash]}"`).toBe(-1);
        }
      }
    }
  });

  it('starts every lead-in of a tone with different words', () => {
    for (const tone of tones) {
      const openings = toneCopy[tone].leadIns.map((leadIn) =>
        openingOf(renderTemplate(leadIn, longSlots) ?? ''),
      );
      expect(new Set(openings).size, tone).toBe(openings.length);
    }
  });

  it('renders every sentence with the slots a request provides, and holds no emoji', () => {
    const lines = [
      ...contentTypes.flatMap((type) => {
        const copy = contentTypeCopy[type];
        return [
          ...copy.bodies,
          ...copy.ctas.formal,
          ...copy.ctas.informal,
          ...copy.ctas.instagram,
          ...copy.questions,
        ];
      }),
      ...tones.flatMap((tone) => [
        ...toneCopy[tone].voice,
        ...toneCopy[tone].leadIns,
        ...toneCopy[tone].keywordLines,
      ]),
      ...Object.values(businessCopy).flatMap((business) => [
        ...business.process,
        ...business.tips,
        ...business.topicTips,
        ...business.jokes,
        business.brandAction,
      ]),
    ];
    for (const line of lines) {
      expect(renderTemplate(line, longSlots), line).not.toBeNull();
      expect(countEmoji(line), line).toBe(0);
    }
  });
});
