// The first link of a post's text: the composer previews it, the publishing pipeline hands it to
// LinkedIn and Facebook (the same rule on both sides).

/** Trailing characters that end a sentence rather than the link ("see https://x.com/a."). */
const TRAILING = /[.,;:!?'"»”’]+$/;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/i;

/** The first http(s) link written in `text`, without the punctuation after it; null if none. */
export function firstLinkIn(text: string): string | null {
  const match = text.match(URL_IN_TEXT)?.[0];
  if (!match) return null;
  let found: string = match;
  for (;;) {
    const trimmed: string = found.replace(TRAILING, '');
    // A closing bracket belongs to the link only when the link opened one: "(see https://x.com/a)".
    const unbalanced: boolean =
      (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) ||
      (trimmed.endsWith(']') && count(trimmed, '[') < count(trimmed, ']'));
    const next: string = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === found) break;
    found = next;
  }
  try {
    const url = new URL(found);
    return url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
