import { linkedInCommentaryLength } from './linkedin-little-text';
import { type PublishingPlatform, platformRules } from './platforms';

/*
 * What a post's text becomes once published, and how each platform counts it. Server and browser
 * share this file, so it stays small and free of Node APIs: X's counting rules (twitter-text v3
 * configuration, docs.x.com "Counting characters") are written out here instead of shipping the
 * twitter-text library.
 */

/** Every link counts this much on X, however long it is (t.co wrapping). */
const X_URL_WEIGHT = 23;
/** Code points in these ranges weigh 1 on X; all others weigh 2. */
const X_LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

/*
 * Top-level domains that make a bare `name.tld` a link. Every two-letter country code, plus an
 * abridged list of generic ones (twitter-text knows ~1,500; shipping them all to the browser is not
 * worth it). A bare domain on a rare generic TLD is therefore counted by its letters, not as 23.
 * Links written with http(s):// are recognised whatever their TLD.
 */
const GENERIC_TLDS =
  'com net org edu gov mil int info biz name pro mobi app dev shop store online site website tech xyz ' +
  'blog news live life world today club design agency studio media digital group email link page art ' +
  'photo photography gallery cafe bar pizza restaurant menu kitchen recipes coffee wine beer food ' +
  'fitness health care clinic dental doctor fit yoga golf bike house homes realty estate properties ' +
  'property land rent apartments consulting solutions services company business center academy ' +
  'education school training courses software cloud network systems technology ventures capital ' +
  'finance money fund marketing social community events fashion clothing shoes jewelry beauty hair ' +
  'salon boutique market deals sale gifts toys travel tours vacations city london nyc berlin paris ' +
  'tokyo earth love fun top vip win one plus guru expert ninja zone space global international works ' +
  'wiki careers jobs law legal partners team tips guide how help support';
const COUNTRY_TLDS =
  'ac ad ae af ag ai al am an ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br ' +
  'bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee ' +
  'eg eh er es et eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm ' +
  'hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li ' +
  'lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne ' +
  'nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc ' +
  'sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tp tr tt ' +
  'tv tw tz ua ug uk um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw';
// Longest first, so that `co` never wins over `com` before the look-ahead is tried.
const tldAlternatives = `${GENERIC_TLDS} ${COUNTRY_TLDS}`
  .split(' ')
  .sort((a, b) => b.length - a.length)
  .join('|');

/*
 * A link: not glued to a preceding letter, digit, @, $ or # (twitter-text's preceding-character
 * rule, which also keeps e-mail addresses out). Either http(s):// and a dotted host, or a bare
 * ASCII domain on a known TLD that does not follow - _ . or /. Then an optional port and a path
 * of the characters twitter-text allows there (Latin and Cyrillic letters, digits, URL punctuation).
 */
const urlPattern = new RegExp(
  String.raw`(?<![A-Za-z0-9@＠$#＃\u202A-\u202E])` +
    String.raw`(?:https?:\/\/(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}` +
    String.raw`|(?<![-_./])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${tldAlternatives})(?![a-z0-9@+-]))` +
    String.raw`(?::\d{1,5})?(?:[/?#][\p{Script=Latin}\p{Script=Cyrillic}\p{N}!*';:=+,.$/%#?()[\]\-\u2013_~&|@]*)?`,
  'giu',
);
/** Punctuation that ends a sentence rather than a link (twitter-text's valid path endings). */
const trailingPunctuation = /[.,;:!?'"’”\]}>…*]+$/u;

function trimLinkEnd(link: string): string {
  let end = link.replace(trailingPunctuation, '');
  // A closing parenthesis belongs to the link only when the link opened one.
  while (end.endsWith(')') && countOf(end, '(') < countOf(end, ')')) {
    end = end.slice(0, -1).replace(trailingPunctuation, '');
  }
  return end;
}

function countOf(text: string, char: string): number {
  return text.split(char).length - 1;
}

function codePointWeight(codePoint: number): number {
  return X_LIGHT_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 1 : 2;
}

/** An emoji presentation: a pictograph, a flag (regional indicators) or a keycap. */
const emojiStart = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3)/u;
let graphemeSegmenter: Intl.Segmenter | undefined;

function weighPlainText(text: string): number {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let weight = 0;
  for (const { segment } of graphemeSegmenter.segment(text)) {
    const codePoints = Array.from(segment);
    // A whole emoji sequence (ZWJ family, skin tone, flag, keycap, ©️) weighs 2. A lone
    // text-style symbol such as © keeps its code point weight, as in twitter-text.
    if (codePoints.length > 1 && emojiStart.test(segment)) {
      weight += 2;
      continue;
    }
    for (const char of codePoints) weight += codePointWeight(char.codePointAt(0) ?? 0);
  }
  return weight;
}

function findLinks(text: string): Array<{ start: number; link: string }> {
  return Array.from(text.matchAll(urlPattern), (match) => ({
    start: match.index,
    link: trimLinkEnd(match[0]),
  }));
}

/** The links in a text, as X recognises them, without the punctuation that ends a sentence. */
export function extractLinks(text: string): string[] {
  return findLinks(text.normalize('NFC')).map(({ link }) => link);
}

/** X's weighted length: NFC text, emoji sequences and CJK count 2, every link 23. */
export function xWeightedLength(text: string): number {
  const normalised = text.normalize('NFC');
  let weight = 0;
  let position = 0;
  for (const { start, link } of findLinks(normalised)) {
    weight += weighPlainText(normalised.slice(position, start)) + X_URL_WEIGHT;
    position = start + link.length;
  }
  return weight + weighPlainText(normalised.slice(position));
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * User-perceived characters (grapheme clusters): an emoji with its skin tone or a family emoji is
 * one. Bluesky's post lexicon caps `text` at 300 graphemes (app.bsky.feed.post, maxGraphemes).
 */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** `@name@example.social` (a mention of an account on another server) counts as `@name`. */
const mastodonRemoteMention =
  /(?<=^|[^\p{L}\p{N}_/])@([\p{L}\p{N}_]+(?:[.-]+[\p{L}\p{N}_]+)*)@[\p{L}\p{N}.-]+\.[\p{L}\p{N}-]+/gu;
const MASTODON_URL_LENGTH = 23;

/**
 * Mastodon's StatusLengthValidator (app/validators/status_length_validator.rb): grapheme
 * clusters, every http(s) link counts 23 whatever its length, and a mention keeps only its
 * username (`@name@server` counts as `@name`).
 */
export function mastodonLength(text: string): number {
  const mentions = text.replace(mastodonRemoteMention, '@$1');
  let length = 0;
  let position = 0;
  for (const { start, link } of findLinks(mentions)) {
    if (!/^https?:\/\//i.test(link)) continue;
    length += graphemeLength(mentions.slice(position, start)) + MASTODON_URL_LENGTH;
    position = start + link.length;
  }
  return length + graphemeLength(mentions.slice(position));
}

/** Characters as the platform counts them (see `platformRules[platform].counting`). */
export function countCharacters(platform: PublishingPlatform, text: string): number {
  switch (platformRules[platform].counting) {
    case 'x-weighted':
      return xWeightedLength(text);
    case 'linkedin-escaped':
      return linkedInCommentaryLength(text);
    case 'graphemes':
      return graphemeLength(text);
    case 'mastodon':
      return mastodonLength(text);
    default:
      return Array.from(text).length;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function containsHashtag(content: string, tag: string): boolean {
  return new RegExp(`#${escapeRegExp(tag)}(?![\\p{L}\\p{N}_])`, 'iu').test(content);
}

/**
 * The text that is posted: the content, a blank line, then each hashtag as `#tag` unless the
 * content already carries it (case-insensitively). Hashtags may come with or without '#'.
 */
export function publishedText(content: string, hashtags: string[]): string {
  const body = content.trimEnd();
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of hashtags) {
    const tag = raw.trim().replace(/^#+/, '');
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key) || containsHashtag(body, tag)) continue;
    seen.add(key);
    tags.push(`#${tag}`);
  }
  if (tags.length === 0) return body;
  return body === '' ? tags.join(' ') : `${body}\n\n${tags.join(' ')}`;
}

export function postLength(platform: PublishingPlatform, content: string, hashtags: string[]): number {
  return countCharacters(platform, publishedText(content, hashtags));
}

export interface PostFit {
  length: number;
  max: number;
  fits: boolean;
  /** More distinct hashtags in the published text than the platform accepts. */
  tooManyHashtags: boolean;
}

const hashtagInText = /(?<![\p{L}\p{N}_&/])#([\p{L}\p{N}_]+)/gu;

/**
 * Whether the published post stays within the platform's length and hashtag limits. `maxLength`:
 * the account's own server's limit where it has one (a Mastodon instance's, `postLimits`); `extra`:
 * text the platform counts with the post's (a Mastodon content warning).
 */
export function checkPostFits(
  platform: PublishingPlatform,
  content: string,
  hashtags: string[],
  account: { maxLength?: number; extra?: string } = {},
): PostFit {
  const text = publishedText(content, hashtags);
  const rules = platformRules[platform];
  const length = countCharacters(platform, `${account.extra ?? ''}${text}`);
  const max = account.maxLength ?? rules.maxLength;
  const distinctTags = new Set(Array.from(text.matchAll(hashtagInText), (match) => match[1]?.toLowerCase()));
  return {
    length,
    max,
    fits: length <= max,
    tooManyHashtags: distinctTags.size > rules.maxHashtags,
  };
}
