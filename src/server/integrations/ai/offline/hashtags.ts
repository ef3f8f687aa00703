import { type PublishingPlatform, platformRules } from '../../../../contracts/platforms';
import { type BannedCheck, hashtagWords } from './brand-guard';
import type { Random } from './random';

const validHashtag = /^[\p{L}\p{N}_]{1,100}$/u;
/** Longer tags read as noise; a long phrase keeps its last words ('January30DayChallenge' → '30DayChallenge'). */
const MAX_TAG_LENGTH = 24;

function camelWord(word: string): string {
  // Acronyms and words with inner capitals (API, iOS) keep their spelling.
  if (/\p{Lu}/u.test(word.slice(1))) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** A phrase as a hashtag without '#': 'handmade candles' → 'HandmadeCandles'; null when nothing usable is left. */
export function toHashtag(phrase: string): string | null {
  const words = phrase
    .normalize('NFC')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  for (let start = 0; start < words.length; start += 1) {
    const tag = words.slice(start).map(camelWord).join('');
    if (tag.length <= MAX_TAG_LENGTH || start === words.length - 1) {
      // A tag needs a letter: '#2026' is not a hashtag on the platforms.
      return validHashtag.test(tag) && /\p{L}/u.test(tag) && tag.length <= MAX_TAG_LENGTH ? tag : null;
    }
  }
  return null;
}

export interface HashtagChoice {
  platform: PublishingPlatform;
  /** The brand kit's required hashtags: always first, always kept. */
  required: readonly string[];
  /** The campaign's own tag ('HandmadeCandles'): next, on every post. */
  primary: readonly string[];
  /** Close to the campaign (feature, audience, content type): drawn first, in a random order. */
  related: readonly string[];
  /** Broader tags (business type, brand keywords): fill what is left. */
  broad: readonly string[];
  isBanned: BannedCheck;
  random: Random;
}

/**
 * The hashtags of one post: required ones, the campaign's, then related and broad ones, as many as
 * the platform recommends (more only when more are required, never past its maximum). Without '#',
 * valid, free of banned words and distinct regardless of case.
 */
export function chooseHashtags(choice: HashtagChoice): string[] {
  const rules = platformRules[choice.platform];
  const target = Math.min(rules.maxHashtags, Math.max(rules.recommendedHashtags, choice.required.length));
  const chosen: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string, required: boolean) => {
    const tag = raw.trim().replace(/^#+/, '');
    const key = tag.toLowerCase();
    if (chosen.length >= target || seen.has(key) || !validHashtag.test(tag)) return;
    if (!required && choice.isBanned(hashtagWords(tag))) return;
    seen.add(key);
    chosen.push(tag);
  };
  for (const tag of choice.required) add(tag, true);
  for (const tag of choice.primary) add(tag, false);
  for (const tag of choice.random.shuffle(choice.related)) add(tag, false);
  for (const tag of choice.random.shuffle(choice.broad)) add(tag, false);
  return chosen;
}
