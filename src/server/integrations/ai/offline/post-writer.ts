import { type ComposerContext, renderSafe } from './composer-context';
import { actionAnchors } from './copy/content-type-copy';
import type { Shot } from './copy/image-shots';
import { graphicLayouts, imageShots, photoLights } from './copy/image-shots';
import { createDeck, type Deck, type Random } from './random';
import type { Slots } from './templates';

/** The sentences and pictures of one batch, dealt in turn so that its ideas differ beyond their openings. */
export interface BatchDecks {
  productLines: Deck<string>;
  bodies: Deck<string>;
  process: Deck<string>;
  tips: Deck<string>;
  topicTips: Deck<string>;
  voice: Deck<string>;
  keywordLines: Deck<string>;
  keywords: Deck<string>;
  questions: Deck<string>;
  ctas: Deck<string>;
  instagramCtas: Deck<string>;
  /** Calls to action that name what to do, for a post that does not sound like the business yet. */
  anchors: Deck<string>;
  instagramAnchors: Deck<string>;
  emoji: Deck<string>;
  shots: Deck<Shot>;
  lights: Deck<string>;
  layouts: Deck<string>;
}

/**
 * Every deck of a batch. A line that a post shown before already has ('Generate More' sends them
 * as `previousPosts`) is dealt only after the lines that no post has used yet.
 */
export function createBatchDecks(ctx: ComposerContext, random: Random): BatchDecks {
  const { copy, tone, business } = ctx;
  const jokes = ctx.request.tone === 'humorous' ? business.jokes : [];
  const previous = ctx.request.previousPosts.join('\n').toLowerCase();
  const shown = (template: string) => {
    const text = renderSafe(ctx, template);
    return text !== null && previous.includes(text.toLowerCase());
  };
  const deck = (lines: readonly string[]) => createDeck(lines, random, previous ? shown : undefined);
  return {
    productLines: deck(copy.productLines),
    bodies: deck(copy.bodies),
    process: deck(business.process),
    tips: deck(business.tips),
    topicTips: deck(business.topicTips),
    voice: deck([...jokes, ...tone.voice]),
    keywordLines: createDeck(tone.keywordLines, random),
    keywords: createDeck(ctx.keywords, random),
    questions: deck(copy.questions),
    ctas: deck(copy.ctas[tone.register]),
    instagramCtas: deck(copy.ctas.instagram),
    anchors: deck(actionAnchors.cta),
    instagramAnchors: deck(actionAnchors.instagram),
    emoji: createDeck(business.emoji, random),
    shots: createDeck(imageShots[ctx.request.contentType], random),
    lights: createDeck(photoLights, random),
    layouts: createDeck(graphicLayouts, random),
  };
}

/** Slots that make a sentence about one thing; two sentences of one post should not both use one. */
const focusSlots = ['{feature}', '{audience}', '{inoffering}', '{atplace}'];
const focusOf = (template: string) => focusSlots.filter((slot) => template.toLowerCase().includes(slot));

/** Three-word runs of a sentence, with the campaign's own phrases taken out (they may recur). */
function phrasesOf(ctx: ComposerContext, text: string): Set<string> {
  let plain = text.toLowerCase();
  for (const key of ['headline', 'topic', 'product', 'feature', 'audience', 'customers', 'brand', 'action']) {
    const value = ctx.slots[key]?.toLowerCase();
    if (value) plain = plain.split(value).join(' | ');
  }
  const words = plain.split(/[^\p{L}\p{N}'|]+/u).filter(Boolean);
  const runs = new Set<string>();
  for (let index = 0; index + 2 < words.length; index += 1) {
    const run = words.slice(index, index + 3);
    if (!run.includes('|')) runs.add(run.join(' '));
  }
  return runs;
}

export const firstWord = (text: string) =>
  text
    .split(/\s+/)[0]
    ?.toLowerCase()
    .replace(/[^\p{L}']/gu, '') ?? '';

/**
 * Writes the sentences of one post: each one is dealt from a deck, must render without a banned
 * word, and may not repeat a three-word phrase or the focus ({feature}, {audience}...) of a
 * sentence the post already has ('Ready when you are' twice reads like a template).
 */
export class PostWriter {
  private readonly templates: string[] = [];
  private readonly phrases = new Set<string>();
  private last = '';

  constructor(
    private readonly ctx: ComposerContext,
    opening: { template: string; text: string },
  ) {
    this.note(opening.template, opening.text);
  }

  deal(deck: Deck<string>, extra: Slots = {}, accept: (text: string) => boolean = () => true): string | null {
    let chosen = null as string | null;
    deck.draw((template) => {
      const text = renderSafe(this.ctx, template, extra);
      if (text === null || !accept(text)) return false;
      if (focusOf(template).some((slot) => this.templates.some((used) => focusOf(used).includes(slot))))
        return false;
      if ([...phrasesOf(this.ctx, text)].some((phrase) => this.phrases.has(phrase))) return false;
      // Two sentences in a row that start alike ('It's … It's …') read like a template.
      if (firstWord(text) === firstWord(this.last)) return false;
      chosen = text;
      this.note(template, text);
      return true;
    });
    return chosen;
  }

  /** Deals a sentence that `prefer` takes if the deck has one, else any. */
  dealPreferring(deck: Deck<string>, prefer: (text: string) => boolean): string | null {
    return this.deal(deck, {}, prefer) ?? this.deal(deck);
  }

  private note(template: string, text: string) {
    this.last = text;
    this.templates.push(template);
    for (const phrase of phrasesOf(this.ctx, text)) this.phrases.add(phrase);
  }
}
