import { extractLinks } from '../../../../contracts/post-text';
import {
  audienceHeads,
  breakWords,
  caseWord,
  determiners,
  featurePrepositions,
  genericNouns,
  leadingFiller,
  offerPatterns,
  properTimeWords,
  spellOccasions,
  timeWords,
  trailingFiller,
  whenPattern,
} from './phrase-words';

/** What a campaign description is about, in phrases a post can reuse. */
export interface CampaignTopics {
  /** Key noun phrases, most telling first: 'summer sale on handmade candles' → summer sale, handmade candles. */
  phrases: string[];
  /** The main phrase: what the posts are about ('summer sale'); null for an empty description. */
  topic: string | null;
  /** The campaign in a few words ('summer sale on handmade candles'); the topic when no more can be said. */
  headline: string | null;
  /** What comes with it ('bottomless mimosas' in '... with bottomless mimosas'), when named. */
  feature: string | null;
  /** Who it is for, when the description says ('small shops' in '... for small shops'). */
  beneficiary: string | null;
  /** A concrete offer the description states ('20% off', 'free shipping'); never invented. */
  offer: string | null;
  /** When it happens ('this weekend', 'until Friday'), as stated. */
  when: string | null;
  /** The first link in the description. */
  link: string | null;
}

/** The longest word a phrase may hold: anything longer is a code, a run-on or noise. */
export const MAX_WORD_LENGTH = 24;
const MAX_TOPIC_WORDS = 4;
const MAX_HEADLINE_WORDS = 9;
export const MAX_HEADLINE_CHARS = 70;

interface Token {
  text: string;
  lower: string;
  /** The word ends the phrase it is in (a break word, noise or a sentence's punctuation). */
  isBreak: boolean;
}

interface Run {
  words: string[];
  /** The break word right before the run, e.g. 'for' in '... for small shops'. */
  before: string | null;
  /** Index of the chunk (clause) the run is in. */
  chunk: number;
  /** Words before the run in its chunk, all of them break words. */
  leadsChunk: boolean;
}

function tokenise(
  chunk: string,
  chunkStartsSentence: boolean,
  titleCase: boolean,
  shouting: boolean,
): Token[] {
  const raw = chunk.split(/\s+/).filter(Boolean);
  return raw.map((word, index) => {
    const cleaned = word.replace(/^[#'"’‘*_~]+|['"’‘*_~]+$/gu, '');
    const lower = cleaned.toLowerCase();
    const noise =
      cleaned === '' ||
      cleaned.length > MAX_WORD_LENGTH ||
      /[@<>=+\\^`|{}]/.test(cleaned) ||
      !/[\p{L}\p{N}]/u.test(cleaned);
    return {
      text: noise ? '' : caseWord(shouting ? lower : cleaned, index === 0 && chunkStartsSentence, titleCase),
      lower,
      isBreak: noise || breakWords.has(lower),
    };
  });
}

function trimRun(runWords: string[]): string[] {
  let result = [...runWords];
  // 'our new candles' → 'candles', but 'new clients' and 'New Year sale' keep their first word.
  const dropsFirst = (words: string[]) => {
    const [first = '', next = '', ...rest] = words.map((word) => word.toLowerCase());
    if (!leadingFiller.has(first) || (first === 'new' && next.startsWith('year'))) return false;
    return rest.length > 0 || !genericNouns.has(next);
  };
  while (result.length > 0 && dropsFirst(result)) result = result.slice(1);
  const endsInVerb = (words: string[]) => {
    const last = (words.at(-1) as string).toLowerCase();
    // 'founders preparing (to raise…)': an -ing word after a plural starts a clause, not a name.
    return /ing$/.test(last) && /[^s]s$/.test((words.at(-2) ?? '').toLowerCase());
  };
  while (
    result.length > 1 &&
    (trailingFiller.has((result.at(-1) as string).toLowerCase()) || endsInVerb(result))
  ) {
    result = result.slice(0, -1);
  }
  // English noun phrases end in their head: keep the last words of a long run.
  return result.slice(-MAX_TOPIC_WORDS);
}

function isUsefulPhrase(phraseWords: string[]): boolean {
  const lowers = phraseWords.map((word) => word.toLowerCase());
  if (lowers.length === 0) return false;
  if (lowers.every((word) => timeWords.has(word) || /^[\d.,:%-]+$/.test(word))) return false;
  if (lowers.length === 1 && (genericNouns.has(lowers[0] as string) || (lowers[0] as string).length < 3)) {
    return false;
  }
  return lowers.some((word) => /\p{L}/u.test(word));
}

function collectRuns(text: string): Run[] {
  const runs: Run[] = [];
  const letters = text.match(/\p{L}+/gu) ?? [];
  const capitalised = letters.filter((word) => /^\p{Lu}\p{Ll}/u.test(word)).length;
  const titleCase = letters.length >= 3 && capitalised / letters.length > 0.6;
  // Acronyms are short and few; several long words in capitals are shouting ('HUGE SALE').
  const shouting = letters.filter((word) => word.length >= 4 && word === word.toUpperCase()).length >= 2;
  // Clauses: split on sentence and list punctuation and on spaced dashes; keep apostrophes and hyphens.
  const pieces = text.split(/([.!?]+\s|[,;:()[\]{}"“”«»\n\r\t/…]+|\s[-–—]+\s|\s&\s)/u);
  let sentenceStart = true;
  let chunkIndex = 0;
  for (let index = 0; index < pieces.length; index += 2) {
    const piece = pieces[index] ?? '';
    const separator = pieces[index + 1] ?? '';
    const tokens = tokenise(piece, sentenceStart, titleCase, shouting);
    let current: string[] = [];
    let before: string | null = null;
    let onlyBreaksSoFar = true;
    let runStartedAfterBreaksOnly = true;
    const flush = () => {
      // 'Grand opening of …': a run of filler alone is not a phrase, and does not lead the clause.
      if (current.every((word) => leadingFiller.has(word.toLowerCase()))) current = [];
      if (current.length > 0) {
        runs.push({ words: current, before, chunk: chunkIndex, leadsChunk: runStartedAfterBreaksOnly });
        onlyBreaksSoFar = false;
      }
      current = [];
    };
    for (const token of tokens) {
      if (token.isBreak) {
        flush();
        if (token.text === '') before = null;
        else if (!determiners.has(token.lower)) before = token.lower;
        continue;
      }
      if (current.length === 0) runStartedAfterBreaksOnly = onlyBreaksSoFar;
      current.push(token.text);
    }
    flush();
    if (piece.trim() !== '') chunkIndex += 1;
    sentenceStart = /[.!?]/.test(separator) || (sentenceStart && piece.trim() === '');
  }
  return runs;
}

function removeMatch(text: string, pattern: RegExp): { text: string; match: string | null } {
  const found = text.match(pattern);
  if (!found || found.index === undefined) return { text, match: null };
  return {
    text: `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`,
    match: found[0],
  };
}

function tidyWhen(when: string): string {
  return when
    .toLowerCase()
    .replace(/\p{L}+/gu, (word) =>
      properTimeWords.has(word) ? word.charAt(0).toUpperCase() + word.slice(1) : word,
    );
}

const headOf = (phrase: string) => (phrase.split(' ').at(-1) ?? '').toLowerCase();
const namesPeople = (phrase: string) => audienceHeads.has(headOf(phrase));

/** Reads a campaign description into phrases a post can use; never invents what is not there. */
export function extractCampaignTopics(description: string): CampaignTopics {
  let text = description.normalize('NFC');
  const link = extractLinks(text)[0] ?? null;
  for (const found of extractLinks(text)) text = text.replace(found, ', ');
  let offer: string | null = null;
  for (const pattern of offerPatterns) {
    const removed = removeMatch(text, pattern);
    if (removed.match) {
      offer = removed.match.toLowerCase();
      // 'Free consultation for founders': an offer that opens the description is also its subject.
      const opens = (text.match(pattern)?.index ?? 0) <= 1;
      if (!(opens && offer.startsWith('free '))) text = removed.text;
      break;
    }
  }
  const removedWhen = removeMatch(text, whenPattern);
  text = removedWhen.text;

  const runs = collectRuns(text)
    .map((run) => ({ ...run, words: spellOccasions(trimRun(run.words).join(' ')).split(' ') }))
    .filter((run) => isUsefulPhrase(run.words));
  const seen = new Set<string>();
  const unique = runs.filter((run) => {
    const key = run.words.join(' ').toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // '... for small shops', '... for teachers': after 'for', or headed by people, a phrase says who it is for.
  const isBeneficiary = (run: Run) =>
    namesPeople(run.words.join(' ')) || (run.before === 'for' && run !== unique[0]);
  const things = unique.filter((run) => !isBeneficiary(run));
  const people = unique.filter(isBeneficiary);
  // Several words say more than one ('handmade candles' over 'candles'); otherwise keep their order.
  const ranked = [...things].sort((a, b) => Number(b.words.length > 1) - Number(a.words.length > 1));
  const main = ranked[0] ?? people[0] ?? null;
  const topic = main ? main.words.join(' ') : null;
  const headline = main ? headlineFrom(main, unique) : null;
  // What follows 'with', 'on', 'of'… is what comes with it; prefer one the headline does not say yet.
  const others = things.filter(
    (run) => run !== main && run.before !== null && featurePrepositions.has(run.before),
  );
  const unsaid = others.filter((run) => !headline?.includes(run.words.join(' ')));
  const featureRun = unsaid[0] ?? others[0];
  const beneficiary = people.find((run) => run !== main)?.words.join(' ') ?? null;
  const phrases = [...ranked, ...people].map((run) => run.words.join(' '));

  return {
    phrases,
    topic,
    headline,
    feature: featureRun?.words.join(' ') ?? null,
    beneficiary,
    offer: offer && !phrases.some((phrase) => phrase.toLowerCase().includes(offer)) ? offer : null,
    when: removedWhen.match && !mentions(phrases, removedWhen.match) ? tidyWhen(removedWhen.match) : null,
    link,
  };
}

/** Whether the phrases already say what `when` says ('weekend brunch' and 'this weekend'). */
function mentions(phrases: string[], when: string): boolean {
  const lower = phrases.join(' ').toLowerCase().split(' ');
  return when
    .toLowerCase()
    .split(' ')
    .some((word) => timeWords.has(word) && lower.includes(word));
}

/**
 * The main phrase with what follows it in the same clause ('summer sale' + 'on handmade candles'),
 * but only when the clause opens with it: in 'help people book more appointments' the phrases do
 * not join into one.
 */
function headlineFrom(main: Run, runs: Run[]): string {
  const topic = main.words.join(' ');
  if (!main.leadsChunk) return topic;
  const parts = [topic];
  let wordCount = main.words.length;
  const following = runs.filter((run) => run.chunk === main.chunk && runs.indexOf(run) > runs.indexOf(main));
  for (const run of following.slice(0, 2)) {
    const preposition = run.before;
    // 'at 12 Elm Street', 'in Austin' join only before a name or an address, not 'at shop'.
    const placeName =
      (preposition === 'at' || preposition === 'in') && /^[\p{Lu}\p{N}]/u.test(run.words[0] ?? '');
    if (!preposition || !(featurePrepositions.has(preposition) || preposition === 'for' || placeName)) break;
    if (wordCount + run.words.length + 1 > MAX_HEADLINE_WORDS) break;
    parts.push(preposition, run.words.join(' '));
    wordCount += run.words.length + 1;
  }
  const headline = parts.join(' ');
  return headline.length <= MAX_HEADLINE_CHARS ? headline : topic;
}

export { extractAudience, subjectOf } from './campaign-subject';
