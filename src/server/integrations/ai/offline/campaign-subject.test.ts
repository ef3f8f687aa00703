import { describe, expect, it } from 'vitest';
import { productOf, subjectOf, withProduct } from './campaign-subject';
import { buildComposerContext } from './composer-context';
import { ideaRequest } from './offline-composer.fixtures';
import { extractAudience, extractCampaignTopics } from './phrases';
import { seasonOf } from './seasons';

const productIn = (description: string) => productOf(extractCampaignTopics(description));

describe('productOf', () => {
  it('finds the product or service beside an occasion or offer', () => {
    expect(productIn('Holiday sale: 20% off our hand-poured soy candles until December 24')).toBe(
      'hand-poured soy candles',
    );
    expect(productIn('weekend brunch special with bottomless mimosas')).toBe('bottomless mimosas');
    expect(productIn('Black Friday deal: buy one, get one free on all yoga mats')).toBe('yoga mats');
    expect(productIn('Back-to-school special on kids haircuts')).toBe('kids haircuts');
  });

  it('is the topic itself when that is a thing, without the word free', () => {
    expect(productIn('new 6am HIIT class')).toBe('6am HIIT class');
    expect(productIn('our new inventory API for small shops')).toBe('inventory API');
    expect(productIn('free 30-minute cash-flow review for new clients')).toBe('30-minute cash-flow review');
  });

  it('is null for an occasion alone, or one with only a place', () => {
    expect(productIn('holiday sale')).toBeNull();
    expect(productIn('open house Saturday 2–4pm at 12 Oak Street')).toBeNull();
    expect(productIn('')).toBeNull();
  });
});

describe('the campaign’s subject and headline', () => {
  it('turns an occasion into what it is about', () => {
    expect(subjectOf('holiday sale', 'hand-poured soy candles')).toBe('hand-poured soy candles');
    expect(subjectOf('holiday sale', null)).toBe('holiday sale');
    expect(subjectOf('Black Friday deal', 'yoga mats')).toBe('yoga mats');
    expect(subjectOf('free 30-minute cash-flow review', null)).toBe('30-minute cash-flow review');
  });

  it('puts the product into a headline that announces only the offer', () => {
    expect(withProduct('holiday sale', 'holiday sale', 'hand-poured soy candles')).toBe(
      'holiday sale on hand-poured soy candles',
    );
    expect(withProduct('summer sale on candles', 'summer sale', 'candles')).toBe('summer sale on candles');
    expect(withProduct('inventory API', 'inventory API', 'inventory API')).toBe('inventory API');
  });

  it('keeps times, addresses, names and who it is for apart and spelled right', () => {
    const openHouse = extractCampaignTopics('open house Saturday 2–4pm at 12 Oak Street');
    expect(openHouse.when).toBe('Saturday 2–4pm');
    expect(openHouse.headline).toBe('open house at 12 Oak Street');
    expect(extractCampaignTopics('Wine tasting on Saturday, March 3 from 10am to 2pm').when).toBe(
      'on Saturday, March 3 from 10am to 2pm',
    );
    expect(extractCampaignTopics('Saturday brunch club').when).toBeNull();
    expect(extractCampaignTopics('Black Friday deal on yoga mats').topic).toBe('Black Friday deal');
    expect(extractCampaignTopics('New Year sale on planners').topic).toBe('New Year sale');
    expect(extractCampaignTopics('free review for new clients').beneficiary).toBe('new clients');
    expect(extractCampaignTopics('Grand opening of our second location in Austin').headline).toBe(
      'second location in Austin',
    );
    expect(extractCampaignTopics('Behind the scenes of our sourdough bread').phrases).toEqual([
      'sourdough bread',
    ]);
  });

  it('drops a possessive from the audience', () => {
    expect(extractAudience('our loyal customers')).toBe('loyal customers');
    expect(extractAudience('All of our regulars who love brunch')).toBe('regulars');
  });
});

describe('what a picture shows', () => {
  const slotsOf = (businessType: 'restaurant' | 'real-estate' | 'ecommerce', campaignDescription: string) =>
    buildComposerContext(ideaRequest({ businessType, campaignDescription })).slots;

  it('is the product, a menu’s dishes, a listed home, or the business’s own when nothing is named', () => {
    expect(slotsOf('ecommerce', 'Holiday sale: 20% off our hand-poured soy candles').thing).toBe(
      'hand-poured soy candles',
    );
    expect(slotsOf('restaurant', 'Launching our spring menu this Friday').thing).toBe(
      'dishes from the spring menu',
    );
    expect(slotsOf('real-estate', 'open house Saturday 2–4pm at 12 Oak Street').thing).toBe(
      'the home at 12 Oak Street',
    );
    expect(slotsOf('ecommerce', 'holiday sale').thing).toBe('our best-selling products');
    expect(slotsOf('restaurant', '').thing).toBe('a signature dish');
  });

  it('is styled for the season or holiday the description names', () => {
    expect(seasonOf('Holiday sale until December 24')).toMatch(/holiday decor/);
    expect(seasonOf('Summer sale on linen shirts')).toMatch(/summer/);
    expect(seasonOf('You may book a table')).toBeNull();
  });
});
