import { linksIn } from '../../../contracts/first-link';
import { SHORT_CODE_LENGTH, SHORT_LINK_PATH } from '../../../contracts/links';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { platformRules } from '../../../contracts/platforms';
import { countCharacters } from '../../../contracts/post-text';

/*
 * The pure half of shortening (decision 093): which links of a text are replaced, and the text
 * with them replaced. Every short URL on one origin has the same length, so whether a text still
 * fits is decided before any code exists, with a stand-in of that length: codes are made only for
 * links that are really published.
 */

/** `<origin>/l/<code>`: what a post publishes in place of a link. */
export function shortUrlOf(origin: string, code: string): string {
  return `${origin}${SHORT_LINK_PATH}${code}`;
}

/** A short URL's stand-in, as long as any real one on `origin`. */
export function placeholderShortUrl(origin: string): string {
  return shortUrlOf(origin, 'x'.repeat(SHORT_CODE_LENGTH));
}

/** Whether the link is worth shortening: http(s), not already on the short origin. */
export function isShortenable(url: string, shortOrigin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin !== new URL(shortOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * `text` with each link that `shortUrlFor` knows replaced by its short URL, left to right. A
 * replacement that would take the text past the platform's length (counted as the platform
 * counts, and only if it grows the text) is not made: that link stays as written. Returns the
 * text and the links replaced (as written).
 */
export function replaceLinks(
  platform: PublishingPlatform,
  text: string,
  shortUrlFor: (url: string) => string | undefined,
): { text: string; replaced: string[] } {
  const max = platformRules[platform].maxLength;
  let result = text;
  // Where the next link's index lands in `result` after earlier replacements.
  let shift = 0;
  const replaced: string[] = [];
  for (const link of linksIn(text)) {
    const short = shortUrlFor(link.url);
    if (!short) continue;
    const at = link.index + shift;
    const next = `${result.slice(0, at)}${short}${result.slice(at + link.url.length)}`;
    const length = countCharacters(platform, next);
    if (length > max && length > countCharacters(platform, result)) continue;
    result = next;
    shift += short.length - link.url.length;
    replaced.push(link.url);
  }
  return { text: result, replaced };
}
