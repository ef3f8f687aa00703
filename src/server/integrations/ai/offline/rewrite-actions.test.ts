import { describe, expect, it } from 'vitest';
import { SHORTEN_SHARE } from '../../../../contracts/ai-rewrite';
import type { RewriteAction } from '../../../../contracts/ai-studio';
import { type BrandKit, emptyBrandKit } from '../../../../contracts/brand-kit';
import { checkPostFits, countCharacters } from '../../../../contracts/post-text';
import { AiGenerationError, type RewriteRequest } from '../ai-provider';
import { countEmoji } from './brand-guard';
import { rewriteOffline } from './rewrite-actions';
import { fixGrammar } from './rewrite-text';

const TEXT =
  'We are really excited to share our new spring menu (with rhubarb tarts) at Luna Bakery! ' +
  'It starts on 3 April. Come in early, because the tarts go fast. We also have great coffee. ' +
  'Book a table today.';
const kit: BrandKit = { ...emptyBrandKit, brandName: 'Luna Bakery', bannedWords: ['cheap'] };
const run = (overrides: Partial<RewriteRequest>) =>
  rewriteOffline({ text: TEXT, hashtags: [], action: 'rewrite', brandKit: kit, ...overrides });
const textActions: RewriteAction[] = ['rewrite', 'shorten', 'expand', 'fit', 'emojis', 'grammar', 'hashtags'];

describe('offline composer actions', () => {
  it('shortens to at most 60 % of the characters, at a sentence end, without filler or asides', () => {
    const { text } = run({ action: 'shorten' });
    expect(Array.from(text).length).toBeLessThanOrEqual(Array.from(TEXT).length * SHORTEN_SHARE);
    expect(text).toMatch(/^We are excited to share our new spring menu at Luna Bakery!/);
    expect(text).not.toMatch(/really|\(/);
    expect(text).toMatch(/[.!?]$/);
    // One sentence only: cut at a word, marked.
    expect(run({ action: 'shorten', text: 'Hello there to all my friends of the bakery world.' }).text).toBe(
      'Hello there to all my friends…',
    );
    // Down to one whole sentence, a little over 60 %: kept whole, never cut mid-sentence.
    expect(
      run({
        action: 'shorten',
        text: 'Ten years on Elm Street: cake for everyone on Saturday! Bring your friends.',
      }).text,
    ).toBe('Ten years on Elm Street: cake for everyone on Saturday!');
  });

  it('fits X’s 280 weighted characters with its link counted as 23, keeping the link', () => {
    const link = `https://luna-bakery.example/menu/${'spring-'.repeat(12)}`;
    const long = `${TEXT} See the whole menu at ${link} before you come. ${TEXT}`;
    const result = run({ action: 'fit', text: long, platform: 'twitter', hashtags: ['Bakery', 'Spring'] });
    expect(checkPostFits('twitter', result.text, result.hashtags).fits).toBe(true);
    expect(result.text).toContain(link);
    expect(countCharacters('twitter', link)).toBe(23);
    expect(result.hashtags).toEqual(['Bakery', 'Spring']);
  });

  it('expands with a detail and a call to action, and changes the tone with its own lines', () => {
    const expanded = run({ action: 'expand', text: 'Our rhubarb tarts are back.' }).text;
    expect(expanded.startsWith('Our rhubarb tarts are back. ')).toBe(true);
    expect(expanded.length).toBeGreaterThan(40);
    const casual = run({ action: 'tone', tone: 'casual' }).text;
    expect(casual).toContain("We're");
    expect(casual).not.toBe(TEXT);
    const formal = run({ action: 'tone', tone: 'professional', text: "We're open!!! Don't miss it." }).text;
    expect(formal).toContain('We are open!');
    expect(formal).toContain('Do not miss it.');
  });

  it('rewrites to a genuinely different version, the same for the same text', () => {
    const first = run({ action: 'rewrite' }).text;
    expect(first).not.toBe(TEXT);
    expect(first).toContain('excellent coffee');
    expect(run({ action: 'rewrite' }).text).toBe(first);
    expect(run({ action: 'rewrite', text: 'Tarts.' }).text).not.toBe('Tarts.');
  });

  it('suggests hashtags after the post’s own and the required ones, within the network’s maximum', () => {
    const result = run({
      action: 'hashtags',
      platform: 'instagram',
      hashtags: ['Bakery'],
      brandKit: { ...kit, requiredHashtags: ['LunaBakery'] },
    });
    expect(result.text).toBe(TEXT);
    expect(result.hashtags.slice(0, 2)).toEqual(['LunaBakery', 'Bakery']);
    expect(result.hashtags.length).toBeGreaterThan(2);
    expect(result.hashtags.length).toBeLessThanOrEqual(5);
  });

  it('adds emoji by keyword within the policy: two when sparing, more when liberal, none when none', () => {
    expect(countEmoji(run({ action: 'emojis' }).text)).toBe(2);
    expect(countEmoji(run({ action: 'emojis', brandKit: { ...kit, emojiPolicy: 'liberal' } }).text)).toBe(5);
    expect(run({ action: 'emojis', text: 'Plain words here.' }).text).toBe('Plain words here. ✨');
    for (const action of textActions) {
      const text = run({ action, text: `${TEXT} 🎉`, brandKit: { ...kit, emojiPolicy: 'none' } }).text;
      expect(countEmoji(text), action).toBe(0);
    }
  });

  it('never writes a banned word, in any action, and drops banned hashtags', () => {
    const text = 'Our cheap tarts are back. Cheaper than ever! Fresh every morning at Luna Bakery.';
    for (const action of textActions) {
      const result = run({ action, text, hashtags: ['CheapEats', 'Bakery'], platform: 'linkedin' });
      expect(result.text, action).not.toMatch(/cheap/i);
      expect(result.hashtags, action).not.toContain('CheapEats');
    }
    expect(run({ action: 'grammar', text: 'cheap cheap' }).text).toBe('');
  });

  it('refuses to translate: the offline composer writes English only', () => {
    expect(() => run({ action: 'translate', language: 'spanish' })).toThrow(AiGenerationError);
  });
});

describe('fixGrammar', () => {
  it.each([
    ['i think  the the tarts are great!!!', 'I think the tarts are great!'],
    ['fresh,warm and tasty .  come early', 'Fresh, warm and tasty. Come early'],
    ["we're open. i'm here,, see you", "We're open. I'm here, see you"],
    ['wait... what?? yes', 'Wait... what? Yes'],
    [
      'See https://a.example/x,y and #the_the for e.g. tarts.',
      'See https://a.example/x,y and #the_the for e.g. tarts.',
    ],
    ['He had had enough.That is all', 'He had had enough. That is all'],
  ])('%s → %s', (input, expected) => {
    expect(fixGrammar(input)).toBe(expected);
  });
});
