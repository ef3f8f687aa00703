import { describe, expect, it } from 'vitest';
import { extractAudience, extractCampaignTopics, subjectOf } from './phrases';

describe('extractCampaignTopics', () => {
  it('finds the noun phrases of a short description', () => {
    const topics = extractCampaignTopics('summer sale on handmade candles');
    expect(topics.phrases).toEqual(['summer sale', 'handmade candles']);
    expect(topics.topic).toBe('summer sale');
    expect(topics.headline).toBe('summer sale on handmade candles');
    expect(topics.feature).toBe('handmade candles');
  });

  it('leaves the campaign goal out of the topic', () => {
    const brunch = extractCampaignTopics(
      'Launch our new weekend brunch menu and fill tables before the holidays.',
    );
    expect(brunch.topic).toBe('weekend brunch menu');
    expect(brunch.phrases).not.toContain('fill tables');
    expect(brunch.phrases).not.toContain('tables');
    const shop = extractCampaignTopics('Promote our yoga mats to drive sales and boost awareness');
    expect(shop.topic).toBe('yoga mats');
    expect(shop.phrases.join(' ')).not.toMatch(/sales|awareness/);
  });

  it('keeps what comes with it and who it is for apart', () => {
    const brunch = extractCampaignTopics('weekend brunch special with bottomless mimosas');
    expect(brunch.topic).toBe('weekend brunch special');
    expect(brunch.feature).toBe('bottomless mimosas');
    expect(brunch.headline).toBe('weekend brunch special with bottomless mimosas');

    const api = extractCampaignTopics('our new inventory API for small shops');
    expect(api.topic).toBe('inventory API');
    expect(api.headline).toBe('inventory API for small shops');
    expect(api.beneficiary).toBe('small shops');
    expect(api.feature).toBeNull();
  });

  it('reads a sentence: offer, dates and link apart from the phrases', () => {
    const topics = extractCampaignTopics(
      "We're launching a summer sale on all handmade candles, 20% off until Friday. Shop at candleco.com/sale!",
    );
    expect(topics.headline).toBe('summer sale on handmade candles');
    expect(topics.offer).toBe('20% off');
    expect(topics.when).toBe('until Friday');
    expect(topics.link).toBe('candleco.com/sale');
    expect(topics.phrases).not.toContain('launching');
  });

  it('does not join phrases that a verb separates', () => {
    const topics = extractCampaignTopics('Help people book more appointments with our scheduling app');
    expect(topics.topic).toBe('scheduling app');
    expect(topics.headline).toBe('scheduling app');
  });

  it('keeps names, months and acronyms, and calms shouting and title case', () => {
    expect(extractCampaignTopics('January 30-day challenge').topic).toBe('January 30-day challenge');
    expect(extractCampaignTopics('Weekend Brunch Special With Bottomless Mimosas').topic).toBe(
      'weekend brunch special',
    );
    expect(extractCampaignTopics('HUGE SALE on all SHOES this weekend!!!').headline).toBe('sale on shoes');
    expect(extractCampaignTopics('Open house this Saturday at 12 Elm Street').headline).toBe(
      'open house at 12 Elm Street',
    );
  });

  it('drops what the headline already says about the time', () => {
    expect(extractCampaignTopics('weekend brunch special this weekend').when).toBeNull();
  });

  it('keeps a free offer that is the subject itself', () => {
    const topics = extractCampaignTopics('Free consultation for first-time founders');
    expect(topics.topic).toBe('free consultation');
    expect(topics.offer).toBeNull();
  });

  it('skips noise: long runs of letters, mentions and bare links', () => {
    const topics = extractCampaignTopics(
      `${'x'.repeat(60)} @someone https://example.com/${'a'.repeat(300)} cosy reading nook`,
    );
    expect(topics.phrases).toEqual(['cosy reading nook']);
    expect(topics.link).toBe(`https://example.com/${'a'.repeat(300)}`);
  });

  it('gives nothing for an empty description', () => {
    expect(extractCampaignTopics('')).toEqual({
      phrases: [],
      topic: null,
      headline: null,
      feature: null,
      beneficiary: null,
      offer: null,
      when: null,
      link: null,
    });
  });
});

describe('extractAudience', () => {
  it('keeps the noun phrase and drops the clause after it', () => {
    expect(extractAudience('young professionals')).toBe('young professionals');
    expect(extractAudience('Busy parents who want healthy dinners')).toBe('busy parents');
    expect(extractAudience('Small business owners in Austin, TX')).toBe('small business owners in Austin');
    expect(extractAudience('NYC foodies')).toBe('NYC foodies');
  });

  it('keeps the clause when the phrase alone says nothing', () => {
    expect(extractAudience('anyone who loves coffee')).toBe('anyone who loves coffee');
  });

  it('is null when empty', () => {
    expect(extractAudience('  ')).toBeNull();
  });
});

describe('subjectOf', () => {
  it('turns an occasion into the thing it is about', () => {
    expect(subjectOf('weekend brunch special', 'bottomless mimosas')).toBe('weekend brunch');
    expect(subjectOf('summer sale', 'handmade candles')).toBe('handmade candles');
    expect(subjectOf('inventory API', null)).toBe('inventory API');
    expect(subjectOf('sale', null)).toBe('sale');
  });
});
