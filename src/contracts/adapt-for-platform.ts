import { type PublishingPlatform, platformRules } from './platforms';
import { countCharacters, extractLinks, publishedText } from './post-text';

/*
 * One text adapted to one network's rules (issue 30, decision 094): the offline variants use it
 * whole, the AI SDK variants for the parts a model gets wrong (X threads, lengths, links). Pure.
 */

/** X threads are cut into at most this many posts (the composer's own thread limit). */
const MAX_THREAD_POSTS = 25;
/** Room kept on every thread post for its number, ' 25/25'. */
const NUMBER_ROOM = 6;
export const LINK_IN_BIO = 'Link in bio.';

export interface AdaptedText {
  content: string;
  /** Without '#'. */
  hashtags: string[];
  /** X only, when the text is over 280 weighted: each post numbered "1/n", the first = `content`. */
  thread: string[];
  /** Pinterest: the text's first URL, moved to the pin's link. */
  link?: string;
}

/**
 * Instagram and TikTok make no link in a caption clickable (help.instagram.com/1053468428063183
 * "links in captions are not clickable"; TikTok likewise), so the URL goes and "Link in bio" says
 * where it is. Pinterest takes the pin's destination as `link` (developers.pinterest.com/docs/api/v5/pins-create,
 * "link"), so the URL leaves the description for it. X counts every link as 23 (countCharacters).
 */
export function adaptForPlatform(
  platform: PublishingPlatform,
  text: string,
  hashtags: string[],
): AdaptedText {
  const rules = platformRules[platform];
  const tags = uniqueTags(hashtags).slice(0, Math.min(rules.recommendedHashtags, rules.maxHashtags));
  let content = text.trim();
  let link: string | undefined;
  if (platform === 'instagram' || platform === 'tiktok') {
    const links = extractLinks(content);
    if (links.length > 0) content = `${removeLinks(content, links)}\n\n${LINK_IN_BIO}`.trim();
  } else if (platform === 'pinterest') {
    const links = extractLinks(content);
    link = links[0];
    if (links.length > 0) content = removeLinks(content, links);
  }
  if (platform === 'twitter' && countCharacters(platform, publishedText(content, tags)) > rules.maxLength) {
    const thread = splitThread(content, tags, rules.maxLength);
    return { content: thread[0] ?? '', hashtags: tags, thread };
  }
  content = cutToFit(
    content,
    (candidate) => countCharacters(platform, publishedText(candidate, tags)) <= rules.maxLength,
  );
  return { content, hashtags: tags, thread: [], ...(link ? { link } : {}) };
}

function uniqueTags(hashtags: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of hashtags) {
    const tag = raw.trim().replace(/^#+/, '');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

function removeLinks(text: string, links: string[]): string {
  let result = text;
  for (const link of links) result = result.split(link).join('');
  return (
    result
      // 'Book here: .' and 'at .' leave nothing worth keeping before the stop.
      .replace(/[ \t]*(?:\b(?:at|here|via|on)\b)?[ \t]*:?[ \t]+([.!?,;])/giu, '$1')
      .replace(/[ \t]*:[ \t]*$/gmu, '')
      .replace(/[ \t]{2,}/gu, ' ')
      .replace(/[ \t]+$/gmu, '')
      .replace(/\n{3,}/gu, '\n\n')
      .trim()
  );
}

/** Sentences and paragraph breaks, in order, each with the whitespace that followed it. */
export function splitSentences(text: string): string[] {
  return text.match(/[^.!?…\n]*(?:[.!?…]+["'”’)\]]*|\n|$)\s*/gu)?.filter((part) => part.length > 0) ?? [text];
}

/**
 * The longest start of `text` that `fits`, cut after a sentence, else after a word with '…'.
 * `text` itself when it fits.
 */
export function cutToFit(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  const sentences = splitSentences(text);
  let kept = '';
  for (const sentence of sentences) {
    if (!fits((kept + sentence).trim())) break;
    kept += sentence;
  }
  if (kept.trim()) return kept.trim();
  const words = text.split(/\s+/u);
  let cut = '';
  for (const word of words) {
    const next = cut ? `${cut} ${word}` : word;
    if (!fits(`${next}…`)) break;
    cut = next;
  }
  return cut ? `${cut.replace(/[\s,;:.!?-]+$/u, '')}…` : '';
}

/**
 * X: the text in posts that each fit `max` weighted with their number " k/n" (the hashtags go with
 * the first), cut at sentence ends (a sentence too long for one post at words), at most 25 posts.
 */
export function splitThread(text: string, hashtags: string[], max: number): string[] {
  const fitsPost = (candidate: string, index: number) =>
    countCharacters('twitter', publishedText(candidate, index === 0 ? hashtags : [])) + NUMBER_ROOM <= max;
  const chunks: string[] = [];
  let current = '';
  const pieces = splitSentences(text).flatMap((sentence) =>
    fitsPost(sentence.trim(), chunks.length === 0 ? 0 : 1) ? [sentence] : splitWords(sentence, fitsPost),
  );
  for (const piece of pieces) {
    const candidate = (current + piece).trim();
    if (current && !fitsPost(candidate, chunks.length)) {
      chunks.push(current.trim());
      current = piece;
    } else {
      current += piece;
    }
    if (chunks.length === MAX_THREAD_POSTS) break;
  }
  if (chunks.length < MAX_THREAD_POSTS && current.trim()) chunks.push(current.trim());
  const posts = chunks.filter(Boolean);
  return posts.map((post, index) => `${post} ${index + 1}/${posts.length}`);
}

/** A sentence longer than one post, in word runs that each fit a later post. */
function splitWords(sentence: string, fitsPost: (candidate: string, index: number) => boolean): string[] {
  const runs: string[] = [];
  let run = '';
  for (const word of sentence.trim().split(/\s+/u)) {
    const next = run ? `${run} ${word}` : word;
    if (run && !fitsPost(next, 0)) {
      runs.push(`${run} `);
      run = word;
    } else {
      run = next;
    }
  }
  if (run) runs.push(`${run} `);
  return runs;
}
