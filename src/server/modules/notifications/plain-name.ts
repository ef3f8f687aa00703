/*
 * Names someone chose (a user's, a workspace's) as an email shows them. The HTML of every email
 * is rendered by React Email (email-layout.tsx), which escapes every string it is given.
 */

/** Where a mail client's linkifier would see a link ("www.x.com", "a@b.c", "https://…"). */
const LINK_JOINTS = /([.@:/])/g;
/** Control and format characters: line breaks, bidi overrides, zero-width marks. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * A name someone chose (a user's, a workspace's) as an email shows it: plain words on one line,
 * at most `max` characters, never a link. Mail clients turn anything that looks like an address
 * into a link, in the text part as in the HTML, so a zero-width space follows every dot, @, colon
 * and slash: the name reads the same and links nowhere. The HTML part still escapes it.
 */
export function plainName(name: string, max = 60): string {
  const line = name.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  const short =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : line;
  return short.replace(LINK_JOINTS, '$1\u200b');
}
