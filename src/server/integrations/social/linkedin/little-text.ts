/*
 * LinkedIn's "little" text format (platforms.md L12): the Posts API reads `commentary` as little,
 * where `| { } @ [ ] ( ) < > # \ * _ ~` are reserved for elements (mentions `@[Name](urn)`,
 * hashtags `#tag`, templates `{hashtag|\#|tag}`) and must be backslash-escaped to be plain text.
 * LinkedIn does not refuse an unescaped one: it cuts the post off there (3p reports), so a post
 * "succeeds" but shows only its first sentence.
 *
 * Decision: escape every reserved character, except the `#` that starts a hashtag. A hashtag is
 * little's own HashtagElement (`#hashtag`), so `#SmallBusiness` stays a clickable hashtag as
 * the writer meant it. A `#` that cannot start one is escaped and reads as itself: glued to a word
 * (`C#`, `a#b`), followed by no letter (`#1`, `# heading`, `#`). A hashtag's body is letters,
 * marks and digits; an underscore is reserved, so `#small_business` becomes the hashtag `#small`
 * followed by a literal `_business` (as LinkedIn itself links only letters and digits).
 * Kitepost writes no mentions, so `@` is always escaped. Links are escaped like the rest: `\_`
 * reads back as `_`, so the text LinkedIn shows equals the text written.
 */

const RESERVED = /[|{}@[\]()<>#\\*_~]/u;
/** A `#` at a word start, followed by a run of letters/digits holding at least one letter. */
const HASHTAG_START = /(?<![\p{L}\p{M}\p{N}_])#(?=[\p{L}\p{M}\p{N}]*\p{L})/uy;

/** Plain text as little commentary: what LinkedIn shows is the text given, hashtags clickable. */
export function toLittleText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '#') {
      HASHTAG_START.lastIndex = index;
      out += HASHTAG_START.test(text) ? '#' : '\\#';
    } else {
      out += RESERVED.test(char) ? `\\${char}` : char;
    }
  }
  return out;
}
