/*
 * Shared by the server (what the adapter sends) and the composer (how long LinkedIn finds a text).
 *
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

/**
 * How long LinkedIn finds a post: the commentary as sent, escapes included, in UTF-16 code units.
 *
 * Finding (audit 2026-11, recorded in decision 042): LinkedIn documents no rule. Its refusal
 * names the commentary field, "ShareCommentary text length (8694 characters) exceeded the maximum
 * allowed (3000 characters)" (n8n-io/n8n#22899), and there the count exceeded the text the user
 * wrote (about 8,000 characters) by what n8n's escaping adds (n8n-io/n8n#10185 escapes little
 * text): LinkedIn counts the escaped commentary. Postiz checks 3000 on the text before escaping
 * (its `fixText` runs at publish time), which lets a post LinkedIn refuses through. The service is
 * Java, whose String length counts UTF-16 units (an emoji counts 2): counted that way too, so
 * that Kitepost never accepts a post LinkedIn would refuse; the price is a few characters.
 */
export function linkedInCommentaryLength(text: string): number {
  return toLittleText(text).length;
}
