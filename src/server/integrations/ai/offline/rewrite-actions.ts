import { aiRewriteMessages, SHORTEN_SHARE } from '../../../../contracts/ai-rewrite';
import type { Tone } from '../../../../contracts/content-options';
import { generationRequest } from '../../../../contracts/generation';
import { type PublishingPlatform, platformRules } from '../../../../contracts/platforms';
import { checkPostFits } from '../../../../contracts/post-text';
import { AiGenerationError, type RewriteRequest, type RewriteResult } from '../ai-provider';
import { countEmoji, createBannedCheck, hashtagWords, stripEmoji } from './brand-guard';
import { buildComposerContext, type ComposerContext, renderSafe } from './composer-context';
import { toneCopy } from './copy/tones';
import { chooseHashtags } from './hashtags';
import { createRandom, hashText, type Random } from './random';
import {
  fixGrammar,
  fromLines,
  removeBanned,
  rephrase,
  setRegister,
  shortenToFit,
  tighten,
  toLines,
} from './rewrite-text';

/** Without a network named, hashtags are suggested as for LinkedIn: three, a common middle ground. */
const DEFAULT_HASHTAG_PLATFORM: PublishingPlatform = 'linkedin';

interface ActionContext {
  input: RewriteRequest;
  composer: ComposerContext;
  random: Random;
  /** The text fits the request's network (always true without one). */
  fits: (text: string, hashtags?: string[]) => boolean;
}

/**
 * The offline composer's actions (issue 30): deterministic for the same text, English only (so
 * 'translate' is refused), labelled Sandbox by the caller. Whatever the action, the brand kit's
 * banned words never appear and its emoji policy 'none' holds.
 */
export function rewriteOffline(input: RewriteRequest): RewriteResult {
  if (input.action === 'translate') {
    throw new AiGenerationError('unavailable', aiRewriteMessages.translateOffline);
  }
  const kit = input.brandKit;
  const isBanned = createBannedCheck(kit?.bannedWords ?? []);
  const tone: Tone = input.tone ?? kit?.defaultTone ?? 'professional';
  const composer = buildComposerContext({
    // What the text is about, as the composer reads a campaign description, for its templates.
    request: generationRequest.parse({
      campaignDescription: input.text.slice(0, 2000),
      contentType: 'news-updates',
      tone,
    }),
    slots: [],
    brandKit: kit,
    language: 'english',
    seed: 0,
  });
  const { platform } = input;
  const ctx: ActionContext = {
    input,
    composer,
    random: createRandom(hashText(`${input.action}\u0000${input.text}`)),
    fits: (text, hashtags = input.hashtags) => !platform || checkPostFits(platform, text, hashtags).fits,
  };
  const result = actions[input.action](ctx);
  const required = new Set((kit?.requiredHashtags ?? []).map((tag) => tag.toLowerCase()));
  let text = removeBanned(result.text, kit?.bannedWords ?? [], isBanned);
  if (kit?.emojiPolicy === 'none') text = stripEmoji(text).trim();
  // The retry after a failed quality gate: the harder cut, to the network's limit.
  if (input.fix?.length && !ctx.fits(text, result.hashtags)) {
    text = shortenToFit(text, (candidate) => ctx.fits(candidate, result.hashtags));
  }
  const hashtags = result.hashtags.filter(
    (tag) => required.has(tag.toLowerCase()) || !isBanned(hashtagWords(tag)),
  );
  return { text, hashtags };
}

const actions: Record<
  Exclude<RewriteRequest['action'], 'translate'>,
  (ctx: ActionContext) => RewriteResult
> = {
  shorten: ({ input, fits }) => {
    const target = Math.floor(Array.from(input.text).length * SHORTEN_SHARE);
    return {
      text: shortenToFit(input.text, (text) => Array.from(text).length <= target && fits(text), fits),
      hashtags: input.hashtags,
    };
  },
  fit: ({ input }) => fitToPlatform(input),
  expand,
  tone: changeTone,
  rewrite: ({ input, composer, random }) => {
    let text = rephrase(input.text);
    // Nothing to swap or re-order: a new opening makes it a different version all the same.
    if (text === input.text)
      text = `${pickLine(composer, composer.tone.leadIns, random) ?? ''} ${text}`.trim();
    return { text, hashtags: input.hashtags };
  },
  hashtags: suggestHashtags,
  emojis: addEmoji,
  grammar: ({ input }) => ({ text: fixGrammar(input.text), hashtags: input.hashtags }),
};

/** Within the network's length and hashtag limits: required hashtags kept first, then the text cut. */
function fitToPlatform(input: RewriteRequest): RewriteResult {
  const platform = input.platform ?? DEFAULT_HASHTAG_PLATFORM;
  const rules = platformRules[platform];
  const required = input.brandKit?.requiredHashtags ?? [];
  const hashtags = unique([...required, ...input.hashtags]).slice(0, rules.maxHashtags);
  const fits = (text: string) => checkPostFits(platform, text, hashtags).fits;
  return { text: fits(input.text) ? input.text : shortenToFit(input.text, fits), hashtags };
}

/** A detail in the tone's voice and a call to action, from the composer's copy, where they fit. */
function expand({ input, composer, random, fits }: ActionContext): RewriteResult {
  const register = composer.tone.register;
  const detail = pickLine(composer, composer.tone.voice, random, input.text);
  const cta = pickLine(composer, composer.copy.ctas[register], random, input.text);
  let text = input.text;
  for (const line of [detail, cta]) {
    if (!line) continue;
    const longer = appendSentence(text, line);
    if (fits(longer)) text = longer;
  }
  return { text, hashtags: input.hashtags };
}

/** The tone's own opening and closing lines around the text, in the tone's register. */
function changeTone({ input, composer, random, fits }: ActionContext): RewriteResult {
  const tone = toneCopy[input.tone ?? 'professional'];
  let text = setRegister(tighten(input.text), tone.register);
  const leadIn = pickLine(composer, tone.leadIns, random, text);
  const closing = pickLine(composer, tone.voice, random, text);
  if (leadIn && fits(`${leadIn} ${text}`)) text = `${leadIn} ${text}`;
  if (closing && fits(appendSentence(text, closing))) text = appendSentence(text, closing);
  return { text, hashtags: input.hashtags };
}

function suggestHashtags({ input, composer, random }: ActionContext): RewriteResult {
  const platform = input.platform ?? DEFAULT_HASHTAG_PLATFORM;
  const rules = platformRules[platform];
  const kept = unique([...(input.brandKit?.requiredHashtags ?? []), ...input.hashtags]);
  const suggested = chooseHashtags({
    platform,
    required: [],
    primary: composer.hashtagPools.primary,
    related: composer.hashtagPools.related,
    broad: composer.hashtagPools.broad,
    isBanned: composer.isBanned,
    random,
  });
  const room = Math.max(0, rules.maxHashtags - kept.length);
  const added = suggested.filter((tag) => !kept.some((own) => own.toLowerCase() === tag.toLowerCase()));
  return { text: input.text, hashtags: [...kept, ...added.slice(0, room)] };
}

// Keyword → emoji: the first keyword of a sentence that matches decides its emoji.
const emojiTable: [RegExp, string][] = [
  [/\b(?:coffee|espresso|latte)/i, '☕'],
  [/\b(?:bak|bread|pastr|croissant|tart|cake)/i, '🥐'],
  [/\b(?:pizza)/i, '🍕'],
  [/\b(?:menu|dinner|lunch|brunch|breakfast|dish|food|meal)/i, '🍽️'],
  [/\b(?:sale|discount|offer|deal|%|off\b)/i, '🏷️'],
  [/\b(?:new|launch|introduc)/i, '🚀'],
  [/\b(?:thank)/i, '🙏'],
  [/\b(?:love|heart)/i, '❤️'],
  [/\b(?:celebrat|party|anniversar|birthday)/i, '🎉'],
  [/\b(?:gift|present)/i, '🎁'],
  [/\b(?:summer|sun)/i, '☀️'],
  [/\b(?:winter|snow)/i, '❄️'],
  [/\b(?:spring|flower|bloom)/i, '🌸'],
  [/\b(?:tip|idea|learn|how to)/i, '💡'],
  [/\b(?:event|calendar|date|save the)/i, '📅'],
  [/\b(?:time|hour|today|tonight|minute)/i, '⏰'],
  [/\b(?:shop|store|order)/i, '🛍️'],
  [/\b(?:fit|gym|workout|training|class)/i, '💪'],
  [/\b(?:team|together|community)/i, '🙌'],
  [/\b(?:home|house|propert)/i, '🏡'],
  [/\b(?:plant|green|eco|sustainab)/i, '🌱'],
  [/\b(?:photo|camera|picture)/i, '📸'],
  [/\b(?:book|read)/i, '📚'],
  [/\b(?:best|star|award)/i, '⭐'],
];

/** Emoji by keyword, one per sentence at most, within the brand kit's emoji policy. */
function addEmoji({ input }: ActionContext): RewriteResult {
  // 'none' is refused before the writer is asked (the service); 'sparing' allows two per post.
  const allowed = input.brandKit?.emojiPolicy === 'liberal' ? 5 : 2;
  let budget = allowed - countEmoji(input.text);
  const lines = toLines(input.text).map((line) =>
    line.map((sentence) => {
      if (budget <= 0 || countEmoji(sentence) > 0) return sentence;
      const emoji = emojiTable.find(([pattern]) => pattern.test(sentence))?.[1];
      if (!emoji) return sentence;
      budget -= 1;
      return `${sentence} ${emoji}`;
    }),
  );
  let text = fromLines(lines);
  // No keyword matched: one sparkle at the end still does what was asked.
  if (text === input.text && budget > 0) text = `${text} ✨`;
  return { text, hashtags: input.hashtags };
}

/** A line of copy filled in for this text, not banned, and not already in it. */
function pickLine(
  composer: ComposerContext,
  lines: readonly string[],
  random: Random,
  text = '',
): string | null {
  for (const line of random.shuffle(lines)) {
    const rendered = renderSafe(composer, line);
    if (rendered && !text.toLowerCase().includes(rendered.toLowerCase())) return rendered;
  }
  return null;
}

function appendSentence(text: string, sentence: string): string {
  const ended = /[.!?…]["'’”)]?$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
  return `${ended} ${sentence}`;
}

function unique(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
