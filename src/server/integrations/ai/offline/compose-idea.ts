import type { ContentType } from '../../../../contracts/content-options';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { GeneratedIdea } from '../ai-provider';
import { assemblePost, type PostParts } from './assemble-post';
import { stripEmoji } from './brand-guard';
import { type ComposerContext, renderSafe } from './composer-context';
import { chooseHashtags } from './hashtags';
import { genericImagePrompt, renderImagePrompt } from './image-prompt';
import { type BatchDecks, firstWord, PostWriter } from './post-writer';
import type { Random } from './random';
import { capitalise } from './templates';

export { type BatchDecks, createBatchDecks } from './post-writer';

/** Emoji that say what kind of post it is; promotional posts use the business's own. */
const contentTypeEmoji: Record<ContentType, string | null> = {
  promotional: null,
  educational: '💡',
  'behind-the-scenes': '👀',
  'user-generated': '📸',
  inspirational: '🌱',
  'news-updates': '📣',
};

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

/** Whether a text names the campaign's product ('hand-poured soy candles'); true when it has none. */
export function namesProduct(ctx: ComposerContext, text: string): boolean {
  return ctx.product === null || text.toLowerCase().includes(ctx.product.toLowerCase());
}

/** A sentence that names the product, for a post whose opening does not: it is never left out. */
function productLineOf(ctx: ComposerContext, decks: BatchDecks, writer: PostWriter, hook: string) {
  if (namesProduct(ctx, hook)) return null;
  return writer.deal(decks.productLines) ?? renderSafe(ctx, 'All about our {product}.');
}

function bodyOf(ctx: ComposerContext, decks: BatchDecks, writer: PostWriter, sentences: number): string[] {
  // Once the product is named, a body that names it again reads like a template: prefer one that does not.
  const fresh = (text: string) => ctx.product === null || !namesProduct(ctx, text);
  const deck = ctx.request.contentType === 'behind-the-scenes' ? decks.process : decks.bodies;
  const first = writer.dealPreferring(deck, fresh);
  const second = sentences > 1 && !ctx.copy.listsTips ? writer.dealPreferring(decks.bodies, fresh) : null;
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

/** The picture of one idea: the next shot of the batch that fits the campaign and its banned words. */
function imagePromptOf(ctx: ComposerContext, platform: PublishingPlatform, decks: BatchDecks): string {
  const input = {
    platform,
    contentType: ctx.request.contentType,
    business: ctx.business,
    slots: ctx.slots,
    brandName: ctx.brandName,
  };
  const fits = (text: string | null): text is string => text !== null && !ctx.isBanned(text);
  const shot = decks.shots.draw((candidate) => fits(renderImagePrompt({ ...input, shot: candidate })));
  if (!shot) return genericImagePrompt(platform);
  const style = (shot.graphic ? decks.layouts : decks.lights).draw() ?? undefined;
  const prompt = renderImagePrompt({ ...input, shot, style });
  return fits(prompt) ? prompt : (renderImagePrompt({ ...input, shot }) ?? genericImagePrompt(platform));
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
  const productLine = productLineOf(ctx, decks, writer, opening.text);
  const body = bodyOf(ctx, decks, writer, platform === 'linkedin' || platform === 'instagram' ? 2 : 1);
  const tips = tipsOf(ctx, decks, writer, isX ? 2 : 3);
  const voice = isX && ctx.request.tone !== 'humorous' ? null : writer.deal(decks.voice);
  const parts: PostParts = {
    hook: opening.text,
    productLine,
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
    const anchor = (text: string) => sentence(text, writer.deal(decks.anchors));
    post = assemblePost(
      platform,
      {
        ...parts,
        cta: platform === 'instagram' ? parts.cta : anchor(parts.cta),
        // On Instagram the anchor replaces the call to action: both would point to the link in bio.
        instagramCta:
          platform === 'instagram'
            ? (writer.deal(decks.instagramAnchors) ?? parts.instagramCta)
            : parts.instagramCta,
      },
      hashtags,
      required,
    );
  }
  let content = post.content;
  if (ctx.emojiPolicy === 'none') content = stripEmoji(content);
  if (ctx.isBanned(content)) content = removeBannedLines(ctx, content);
  const imagePrompt = imagePromptOf(ctx, platform, decks);
  return {
    platform,
    content,
    hashtags: post.hashtags,
    suggestedImagePrompt: imagePrompt,
  };
}
