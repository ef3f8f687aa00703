import type { BannedCheck } from './brand-guard';

/*
 * The offline composer's text surgery for the composer's actions (issue 30): sentences, shortening,
 * grammar and re-phrasing, all pure and deterministic. English only, like the rest of the composer.
 */

/** Lines of sentences: a line break is kept where the writer put it. */
type Lines = string[][];

// A sentence ends with . ! ? or … (and a closing quote or bracket) followed by a space.
const sentenceBreak = /(?<=[.!?…]["'’”)\]]*)[ \t]+(?=\S)/;

export function toLines(text: string): Lines {
  return text.split('\n').map((line) => line.trim().split(sentenceBreak).filter(Boolean));
}

export function fromLines(lines: Lines): string {
  return lines
    .map((line) => line.join(' '))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function sentenceCount(text: string): number {
  return toLines(text).reduce((sum, line) => sum + line.length, 0);
}

/** The text without its last sentence (the lines it leaves empty go too). */
function dropLastSentence(lines: Lines): Lines {
  const copy = lines.map((line) => [...line]);
  for (let index = copy.length - 1; index >= 0; index--) {
    const line = copy[index] as string[];
    if (line.length === 0) continue;
    line.pop();
    break;
  }
  while (copy.length > 0 && (copy.at(-1) as string[]).length === 0) copy.pop();
  return copy;
}

// Words that add little; 'in order to' says what 'to' says. Matched as whole words, any case.
const fillers = [
  'really',
  'very',
  'just',
  'actually',
  'basically',
  'literally',
  'simply',
  'totally',
  'truly',
  'definitely',
  'honestly',
  'extremely',
  'absolutely',
  'incredibly',
];
const fillerPattern = new RegExp(
  `(?<![\\p{L}\\p{N}_'’-])(?:${fillers.join('|')})(?![\\p{L}\\p{N}_'’-]),? ?`,
  'giu',
);
const wordyPhrases: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bfor the purpose of\b/gi, 'for'],
  [/\b(?:in fact|of course|needless to say),\s*/gi, ''],
];

/** Filler words, wordy phrases and parenthetical asides removed; capitals put back. */
export function tighten(text: string): string {
  let result = text.replace(/[ \t]*\([^()\n]*\)/g, '');
  for (const [pattern, replacement] of wordyPhrases) result = result.replace(pattern, replacement);
  result = result.replace(fillerPattern, '');
  return capitaliseSentences(result.replace(/[ \t]{2,}/g, ' ').replace(/ +([,.;:!?])/g, '$1')).trim();
}

/**
 * The text made to fit: tightened, then trailing sentences dropped, and only when one sentence is
 * still too long, cut at a word with '…'. Whole sentences first, so the result still reads.
 * `mustFit` is a hard limit (the platform's) beside a softer goal (`fits`, e.g. 60 % for Shorten):
 * a text already shortened to one whole sentence within it is kept rather than cut mid-sentence.
 */
export function shortenToFit(
  text: string,
  fits: (text: string) => boolean,
  mustFit: (text: string) => boolean = fits,
): string {
  let lines = toLines(tighten(text));
  while (!fits(fromLines(lines)) && sentenceCount(fromLines(lines)) > 1) lines = dropLastSentence(lines);
  const result = fromLines(lines);
  if (fits(result)) return result;
  if (result !== text.trim() && mustFit(result)) return result;
  return cutAtWord(result, fits);
}

function cutAtWord(text: string, fits: (text: string) => boolean): string {
  const words = text.split(/[ \t\n]+/);
  while (words.length > 1) {
    words.pop();
    const cut = `${words.join(' ').replace(/[,;:.!?–—-]+$/, '')}…`;
    if (fits(cut)) return cut;
  }
  // One giant word: as many characters as fit.
  const characters = Array.from(text);
  while (characters.length > 1 && !fits(`${characters.join('')}…`)) characters.pop();
  return `${characters.join('')}…`;
}

// Links, e-mail addresses, hashtags and mentions are left exactly as written.
const protectedPattern = /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+|[#@][\p{L}\p{N}_]+/giu;

function withProtected(text: string, change: (text: string) => string): string {
  const kept: string[] = [];
  const masked = text.replace(protectedPattern, (match) => `\uE000${kept.push(match) - 1}\uE001`);
  return change(masked).replace(/\uE000(\d+)\uE001/g, (_, index: string) => kept[Number(index)] ?? '');
}

const abbreviations = /(?:^|\s)(?:e\.g|i\.e|etc|vs|approx|incl|Mr|Mrs|Ms|Dr|St)\.$/i;

/** A capital at the start and after each sentence end (not after 'e.g.' and the like). */
export function capitaliseSentences(text: string): string {
  return text.replace(
    /(^|[.!?]["'’”)]?[ \t]+|\n[ \t]*)(\p{Ll})/gu,
    (match, before: string, letter: string, at: number) => {
      const preceding = text.slice(0, at + before.trimEnd().length);
      if (before.trim() === '.' && abbreviations.test(preceding)) return match;
      // An ellipsis may trail off mid-sentence ('wait... what?').
      if (before.startsWith('.') && text[at - 1] === '.') return match;
      return before + letter.toUpperCase();
    },
  );
}

/**
 * Light proof-reading: spacing, doubled words and punctuation, a capital after each full stop and
 * the pronoun 'I'. Meaning and wording stay; links, hashtags and mentions are untouched.
 */
export function fixGrammar(text: string): string {
  return withProtected(text, (masked) => {
    let result = masked
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/[ \t]+$/gm, '')
      .replace(/^[ \t]+/gm, '')
      // 'great!!!' → 'great!', 'so,, then' → 'so, then'; an ellipsis '...' stays.
      .replace(/([!?,;:])\1+/g, '$1')
      .replace(/(?<!\.)\.\.(?!\.)/g, '.')
      .replace(/[ \t]+([,.;:!?])/g, '$1')
      // A missing space after punctuation, before a word ('fresh,warm'); '10:30' and 'e.g.' stay.
      .replace(/([,;!?])(?=\p{L})/gu, '$1 ')
      .replace(/(\p{Ll}{2,})\.(?=\p{Lu}\p{Ll})/gu, '$1. ')
      // 'the the' → 'the' ('had had' and 'that that' can be right).
      .replace(/(?<![\p{L}\p{N}_])(\p{L}+)([ \t]+)\1(?![\p{L}\p{N}_])/giu, (match, word: string) =>
        ['had', 'that'].includes(word.toLowerCase()) ? match : word,
      )
      .replace(/(?<![\p{L}\p{N}_'’.])i(?=(?:['’](?:m|ve|ll|d))?(?![\p{L}\p{N}_.]))/gu, 'I');
    result = capitaliseSentences(result);
    return result;
  });
}

// Pairs swapped in one pass (so 'glad' → 'happy' and 'happy' → 'glad' never chain).
const rephrasings: Record<string, string> = {
  great: 'excellent',
  excellent: 'great',
  amazing: 'wonderful',
  wonderful: 'amazing',
  buy: 'pick up',
  help: 'support',
  support: 'help',
  start: 'begin',
  begin: 'start',
  happy: 'glad',
  glad: 'happy',
  excited: 'thrilled',
  thrilled: 'excited',
  big: 'large',
  large: 'big',
  show: 'share',
  share: 'show',
  fast: 'quick',
  quick: 'fast',
  new: 'fresh',
  fresh: 'new',
  "we're": 'we are',
  'we are': "we're",
  "it's": 'it is',
  'it is': "it's",
  "don't": 'do not',
  'do not': "don't",
  'check out': 'explore',
  explore: 'check out',
};
const rephrasePattern = new RegExp(
  `(?<![\\p{L}\\p{N}_'’])(?:${Object.keys(rephrasings)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\p{L}\\p{N}_'’])`,
  'giu',
);

function sameCase(original: string, replacement: string): string {
  return /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/** Other words for common ones, and the middle sentences of a paragraph in another order. */
export function rephrase(text: string): string {
  return withProtected(text, (masked) => {
    const swapped = masked.replace(rephrasePattern, (word) =>
      sameCase(word, rephrasings[word.toLowerCase().replace('’', "'")] ?? word),
    );
    // The opening and the closing (often the call to action) keep their place.
    const lines = toLines(swapped).map((line) => {
      if (line.length < 4) return line;
      const middle = line.slice(1, -1).reverse();
      return [line[0] as string, ...middle, line.at(-1) as string];
    });
    return fromLines(lines);
  });
}

const contractions: [RegExp, string][] = [
  [/\b(we|you|they) are\b/gi, "$1're"],
  [/\b(it|that|there) is\b/gi, "$1's"],
  [/\bdo not\b/gi, "don't"],
  [/\bcannot\b/gi, "can't"],
  [/\bI am\b/g, "I'm"],
  [/\b(we|you|they) will\b/gi, "$1'll"],
];
const expansions: [RegExp, string][] = [
  [/\b(we|you|they)['’]re\b/gi, '$1 are'],
  [/\b(it|that|there)['’]s\b/gi, '$1 is'],
  [/\b(d)on['’]t\b/gi, '$1o not'],
  [/\b(c)an['’]t\b/gi, '$1annot'],
  [/\bI['’]m\b/g, 'I am'],
  [/\b(we|you|they)['’]ll\b/gi, '$1 will'],
];

/** Contractions for a relaxed tone ('we're'), spelled out for a formal one ('we are'). */
export function setRegister(text: string, register: 'formal' | 'informal'): string {
  return withProtected(text, (masked) => {
    const rules = register === 'formal' ? expansions : contractions;
    let result = rules.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), masked);
    // A formal text shouts less: one exclamation mark at most, and none doubled.
    if (register === 'formal') result = result.replace(/!+/g, '!');
    return result;
  });
}

/**
 * Removes what the brand kit bans (a banned word matches at the start of a word, as in
 * `createBannedCheck`, so 'cheap' takes 'cheaper' with it): the sentences using one, so what is
 * left still reads; only when every sentence does, the words themselves.
 */
export function removeBanned(text: string, bannedWords: readonly string[], isBanned: BannedCheck): string {
  if (!isBanned(text)) return text;
  const kept = toLines(text).map((line) => line.filter((sentence) => !isBanned(sentence)));
  if (kept.some((line) => line.length > 0)) return fromLines(kept);
  const words = bannedWords.map((word) => word.normalize('NFC').trim()).filter(Boolean);
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])#?(?:${escaped.join('|')})[\\p{L}\\p{N}_]*`, 'giu');
  return capitaliseSentences(
    text
      .normalize('NFC')
      .replace(pattern, '')
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/ +([,.;:!?])/g, '$1')
      .replace(/^[ \t,;:]+/gm, '')
      .trim(),
  );
}
