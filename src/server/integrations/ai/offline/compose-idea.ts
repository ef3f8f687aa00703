import type { ContentType } from '../../../../contracts/content-options';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { GeneratedIdea } from '../ai-provider';
import { assemblePost, type PostParts } from './assemble-post';
import { stripEmoji } from './brand-guard';
import { type ComposerContext, renderSafe } from './composer-context';
import { chooseHashtags } from './hashtags';
import { genericImagePrompt, suggestImagePrompt } from './image-prompt';
import { createDeck, type Deck, type Random } from './random';
import { capitalise, type Slots } from './templates';

/** Emoji that say what kind of post it is; promotional posts use the business's own. */
const contentTypeEmoji: Record<ContentType, string | null> = {
  promotional: null,
  educational: '💡',
  'behind-the-scenes': '👀',
  'user-generated': '📸',
  inspirational: '🌱',
  'news-updates': '📣',
};

/** The sentences of one batch, dealt in turn so that its ideas differ beyond their openings. */
export interface BatchDecks {
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
  emoji: Deck<string>;
}

export function createBatchDecks(ctx: ComposerContext, random: Random): BatchDecks {
  const { copy, tone, business } = ctx;
  const jokes = ctx.request.tone === 'humorous' ? business.jokes : [];
  return {
    bodies: createDeck(copy.bodies, random),
    process: createDeck(business.process, random),
    tips: createDeck(business.tips, random),
    topicTips: createDeck(business.topicTips, random),
    voice: createDeck([...jokes, ...tone.voice], random),
    keywordLines: createDeck(tone.keywordLines, random),
    keywords: createDeck(ctx.keywords, random),
    questions: createDeck(copy.questions, random),
    ctas: createDeck(copy.ctas[tone.register], random),
    instagramCtas: createDeck(copy.ctas.instagram, random),
    emoji: createDeck(business.emoji, random),
  };
}

/** Slots that make a sentence about one thing; two sentences of one post should not both use one. */
const focusSlots = ['{feature}', '{audience}', '{inoffering}', '{atplace}'];
const focusOf = (template: string) => focusSlots.filter((slot) => template.toLowerCase().includes(slot));

/** Three-word runs of a sentence, with the campaign's own phrases taken out (they may recur). */
function phrasesOf(ctx: ComposerContext, text: string): Set<string> {
  let plain = text.toLowerCase();
  for (const key of ['headline', 'topic', 'feature', 'audience', 'customers', 'brand', 'action']) {
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

const firstWord = (text: string) =>
  text
    .split(/\s+/)[0]
    ?.toLowerCase()
    .replace(/[^\p{L}']/gu, '') ?? '';

/**
 * Writes the sentences of one post: each one is dealt from a deck, must render without a banned
 * word, and may not repeat a three-word phrase or the focus ({feature}, {audience}...) of a
 * sentence the post already has ('Ready when you are' twice reads like a template).
 */
class PostWriter {
  private readonly templates: string[] = [];
  private readonly phrases = new Set<string>();
  private last = '';

  constructor(
    private readonly ctx: ComposerContext,
    opening: Opening,
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

  private note(template: string, text: string) {
    this.last = text;
    this.templates.push(template);
    for (const phrase of phrasesOf(this.ctx, text)) this.phrases.add(phrase);
  }
}

/** 'Soy wax. Hand-poured. Calm.' */
function asSentences(items: string[]): string {
  return items.map((item) => `${capitalise(item.replace(/[.!?]+$/, ''))}.`).join(' ');
}

function keywordLine(ctx: ComposerContext, decks: BatchDecks, writer: PostWriter): string | null {
  const chosen: string[] = [];
  for (let count = 0; count < Math.min(3, ctx.keywords.length); count += 1) {
    const keyword = decks.keywords.draw((word) => !chosen.includes(word));
    if (keyword) chosen.push(keyword);
  }
  return chosen.length === 0 ? null : writer.deal(decks.keywordLines, { keywords: asSentences(chosen) });
}

function bodyOf(ctx: ComposerContext, decks: BatchDecks, writer: PostWriter, sentences: number): string[] {
  const first = writer.deal(ctx.request.contentType === 'behind-the-scenes' ? decks.process : decks.bodies);
  const second = sentences > 1 && !ctx.copy.listsTips ? writer.deal(decks.bodies) : null;
  return [first, second].filter((line): line is string => line !== null);
}

function tipsOf(ctx: ComposerContext, decks: BatchDecks, writer: PostWriter, count: number): string[] {
  if (!ctx.copy.listsTips) return [];
  // One tip about the campaign itself, then the business's general ones.
  const tips = [writer.deal(decks.topicTips)].filter((tip): tip is string => tip !== null);
  while (tips.length < count) {
    // A list whose items start alike ('Start small…', 'Start by…') reads like a template.
    const tip = writer.deal(decks.tips, {}, (text) =>
      tips.every((other) => firstWord(other) !== firstWord(text)),
    );
    if (!tip) break;
    tips.push(tip);
  }
  return tips;
}

function speaksBusiness(ctx: ComposerContext, content: string): boolean {
  const text = content.toLowerCase();
  return [...ctx.business.vocabulary, ctx.business.action].some((word) =>
    new RegExp(`(?<![\\p{L}])${word.toLowerCase()}`, 'u').test(text),
  );
}

const sentence = (...pieces: Array<string | null>) => pieces.filter(Boolean).join(' ');

/** When every call to action holds a banned word (say, 'table' for a restaurant): a plain one, or none. */
function fallbackCta(ctx: ComposerContext, text: string): string {
  return ctx.isBanned(text) ? '' : text;
}

function emojiOf(ctx: ComposerContext, platform: PublishingPlatform, decks: BatchDecks) {
  if (ctx.emojiPolicy === 'none') return { hook: null, cta: null };
  const first = contentTypeEmoji[ctx.request.contentType] ?? decks.emoji.draw();
  // Sparing: one at most, and none on LinkedIn, where emoji read as less professional.
  if (ctx.emojiPolicy === 'sparing') return { hook: platform === 'linkedin' ? null : first, cta: null };
  return { hook: first, cta: decks.emoji.draw((emoji) => emoji !== first) };
}

function removeBannedLines(ctx: ComposerContext, content: string): string {
  return content
    .split('\n')
    .filter((line) => !ctx.isBanned(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A post's first line, and the template (or lead-in and template) it was written from. */
export interface Opening {
  template: string;
  text: string;
}

/** Writes one idea for a platform around the opening already chosen for it. */
export function composeIdea(
  ctx: ComposerContext,
  platform: PublishingPlatform,
  opening: Opening,
  decks: BatchDecks,
  random: Random,
): GeneratedIdea {
  const { business, brandName } = ctx;
  const statesOffer = ctx.copy.statesOffer;
  // Deal only what the platform shows, so that the batch's sentences go round as far as they can.
  const isX = platform === 'twitter';
  const asks = platform === 'linkedin' || platform === 'facebook';
  const writer = new PostWriter(ctx, opening);
  const body = bodyOf(ctx, decks, writer, platform === 'linkedin' || platform === 'instagram' ? 2 : 1);
  const tips = tipsOf(ctx, decks, writer, isX ? 2 : 3);
  const voice = isX && ctx.request.tone !== 'humorous' ? null : writer.deal(decks.voice);
  const parts: PostParts = {
    hook: opening.text,
    body,
    tips,
    offerLine: statesOffer ? ctx.offerLine : null,
    voice,
    keywordLine: isX ? null : keywordLine(ctx, decks, writer),
    question: asks ? writer.deal(decks.questions) : null,
    cta: isX || asks ? (writer.deal(decks.ctas) ?? fallbackCta(ctx, 'Find out more.')) : '',
    instagramCta:
      platform === 'instagram'
        ? (writer.deal(decks.instagramCtas) ?? fallbackCta(ctx, 'Find out more via the link in bio.'))
        : '',
    brandCta: brandName ? renderSafe(ctx, business.brandAction) : null,
    signOff: brandName
      ? isX || platform === 'instagram'
        ? `— ${brandName}`
        : `— The ${brandName} team`
      : null,
    brandName,
    link: statesOffer && platform !== 'instagram' ? ctx.link : null,
    emoji: emojiOf(ctx, platform, decks),
  };
  const hashtags = chooseHashtags({
    platform,
    required: ctx.requiredHashtags,
    ...ctx.hashtagPools,
    isBanned: ctx.isBanned,
    random,
  });
  const required = Math.min(hashtags.length, ctx.requiredHashtags.length);
  let post = assemblePost(platform, parts, hashtags, required);
  // Every post should sound like this business: if nothing in it does, the call to action adds it.
  if (!speaksBusiness(ctx, post.content)) {
    const anchor = (text: string, template: string) => sentence(text, renderSafe(ctx, template));
    post = assemblePost(
      platform,
      {
        ...parts,
        cta: anchor(parts.cta, 'When you are ready, {action}.'),
        instagramCta: anchor(parts.instagramCta, 'To {action}, tap the link in bio.'),
      },
      hashtags,
      required,
    );
  }
  let content = post.content;
  if (ctx.emojiPolicy === 'none') content = stripEmoji(content);
  if (ctx.isBanned(content)) content = removeBannedLines(ctx, content);
  const imagePrompt = suggestImagePrompt({
    platform,
    contentType: ctx.request.contentType,
    business,
    slots: ctx.slots,
    brandName,
  });
  return {
    platform,
    content,
    hashtags: post.hashtags,
    suggestedImagePrompt: ctx.isBanned(imagePrompt) ? genericImagePrompt(platform) : imagePrompt,
  };
}
