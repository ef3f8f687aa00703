import {
  audienceHeads,
  caseWord,
  occasionHeads,
  occasionWords,
  priceOccasions,
  timeWords,
  words,
} from './phrase-words';
import { type CampaignTopics, MAX_HEADLINE_CHARS, MAX_WORD_LENGTH } from './phrases';

/*
 * Who and what a campaign is about, beyond its phrases: the concrete thing a post can name and a
 * photo can show ('hand-poured soy candles', not 'holiday sale'), and who it speaks to.
 */

const wordsOf = (phrase: string) => phrase.split(' ').filter(Boolean);
const headOf = (phrase: string) => (wordsOf(phrase).at(-1) ?? '').toLowerCase();

/** Whether a phrase names an occasion rather than a thing: 'holiday sale', 'open house'. */
export function isOccasion(phrase: string): boolean {
  return occasionHeads.has(headOf(phrase)) || /\bopen house$/i.test(phrase);
}

/** 'free 30-minute cash-flow review' → '30-minute cash-flow review': the offer is said elsewhere. */
const withoutFree = (phrase: string) => phrase.replace(/^free (?=\S+ )/i, '');

/** The words of an occasion that say what it is about: 'weekend brunch special' → 'weekend brunch'. */
function occasionRest(topic: string): string | null {
  const rest = wordsOf(topic).slice(0, -1);
  const telling = rest.some((word) => !occasionWords.has(word.toLowerCase()) && /\p{L}/u.test(word));
  return telling ? rest.join(' ') : null;
}

/**
 * What a post can be about when it is not announcing the offer itself ('your photos of our …'):
 * 'weekend brunch special' → 'weekend brunch'; 'summer sale' (on handmade candles) → 'handmade candles'.
 */
export function subjectOf(topic: string, feature: string | null): string {
  if (!occasionHeads.has(headOf(topic))) return withoutFree(topic);
  // A price is about what it is on ('candle sale' says little); a special is its dish ('brunch special').
  const rest = priceOccasions.has(headOf(topic)) ? null : occasionRest(topic);
  return rest ?? feature ?? topic;
}

/** A place a description names: an address ('12 Oak Street') or a name ('Austin'). */
export function isPlace(phrase: string): boolean {
  if (/^\p{N}+\p{L}?\s(?:\p{Lu}[\p{L}'.-]*\s?)+$/u.test(phrase)) return true;
  return wordsOf(phrase).every((word) => /^\p{Lu}\p{Ll}/u.test(word) && !timeWords.has(word.toLowerCase()));
}

/**
 * The product or service a campaign is about, when the description names one: what every post
 * should name and every picture show. 'Holiday sale: 20% off our hand-poured soy candles' →
 * 'hand-poured soy candles'; 'new 6am HIIT class' → '6am HIIT class'; 'weekend brunch special with
 * bottomless mimosas' → 'bottomless mimosas'; null for an occasion alone ('holiday sale').
 */
export function productOf(topics: CampaignTopics): string | null {
  const { topic } = topics;
  if (!topic) return null;
  if (!isOccasion(topic)) return withoutFree(topic);
  const isThing = (phrase: string) =>
    phrase !== topic &&
    phrase !== topics.beneficiary &&
    !audienceHeads.has(headOf(phrase)) &&
    !isOccasion(phrase) &&
    !wordsOf(phrase).every((word) => occasionWords.has(word.toLowerCase()));
  // What comes 'with' or 'on' it first; else the next phrase that is not a place ('at 12 Oak Street').
  const feature = topics.feature && isThing(topics.feature) ? topics.feature : null;
  const other = feature ?? topics.phrases.find((phrase) => isThing(phrase) && !isPlace(phrase)) ?? null;
  if (other) return other;
  return priceOccasions.has(headOf(topic)) || /\bopen house$/i.test(topic) ? null : occasionRest(topic);
}

/**
 * The headline with the product in it when the description named them apart ('Holiday sale: … our
 * candles' → 'holiday sale on candles'), so that an opening announcing the offer says what it is on.
 */
export function withProduct(headline: string, topic: string, product: string | null): string {
  if (!product || headline.toLowerCase().includes(product.toLowerCase()) || !isOccasion(topic)) {
    return headline;
  }
  const joined = `${headline} ${priceOccasions.has(headOf(topic)) ? 'on' : 'with'} ${product}`;
  return joined.length <= MAX_HEADLINE_CHARS ? joined : headline;
}

const audienceCut =
  /\s(?:who|that|which|aged|ages|between|looking|interested|wanting|seeking)\s|[,;:.!?()\n]/iu;
const vagueAudience = words('anyone everyone people those someone anybody everybody folks');
const MAX_AUDIENCE_WORDS = 6;

/** The target audience as a short noun phrase for 'for …' ('young professionals in Austin'). */
export function extractAudience(audience: string): string | null {
  // 'our loyal customers' would read 'Heads up, our loyal customers' and 'made for our our …'.
  const text = audience
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:all of (?:our|the|my)|our|my|your|the|all)\s+(?=\S)/iu, '');
  if (text === '') return null;
  const cut = text.split(audienceCut)[0]?.trim() ?? '';
  const firstWord = cut.split(' ')[0]?.toLowerCase() ?? '';
  const phrase = cut === '' || (cut.split(' ').length === 1 && vagueAudience.has(firstWord)) ? text : cut;
  const limited = phrase
    .split(' ')
    .filter((word) => word.length <= MAX_WORD_LENGTH && !/[@#<>]/.test(word))
    .slice(0, MAX_AUDIENCE_WORDS)
    .join(' ')
    .replace(/[\s,.;:!?-]+$/u, '');
  if (limited === '') return null;
  const [first = '', ...rest] = limited.split(' ');
  return [caseWord(first, true, false), ...rest].join(' ');
}
