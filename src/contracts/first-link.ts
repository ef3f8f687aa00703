// The links written in a post's text: the composer previews the first, the publishing pipeline
// hands it to LinkedIn and Facebook and shortens them all (the same rule on both sides).

/** Trailing characters that end a sentence rather than the link ("see https://x.com/a."). */
const TRAILING = /[.,;:!?'"»”’]+$/;
const URLS_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** A link as written in a text, at `index`, without the punctuation after it. */
export interface LinkInText {
  index: number;
  url: string;
}

/**
 * Every link written with http:// or https:// in `text`, in order, trailing punctuation and an
 * unopened closing bracket trimmed. Bare domains ("example.com") are not links here: shortening
 * them would change text the writer did not mean as a link.
 */
export function linksIn(text: string): LinkInText[] {
  const found: LinkInText[] = [];
  for (const match of text.matchAll(URLS_IN_TEXT)) {
    const url = trimLinkEnd(match[0]);
    if (hasHost(url)) found.push({ index: match.index, url });
  }
  return found;
}

/** The first http(s) link written in `text`, without the punctuation after it; null if none. */
export function firstLinkIn(text: string): string | null {
  const first = linksIn(text)[0];
  return first ? new URL(first.url).href : null;
}

function trimLinkEnd(match: string): string {
  let found = match;
  for (;;) {
    const trimmed: string = found.replace(TRAILING, '');
    // A closing bracket belongs to the link only when the link opened one: "(see https://x.com/a)".
    const unbalanced: boolean =
      (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) ||
      (trimmed.endsWith(']') && count(trimmed, '[') < count(trimmed, ']'));
    const next: string = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === found) return found;
    found = next;
  }
}

function hasHost(url: string): boolean {
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
