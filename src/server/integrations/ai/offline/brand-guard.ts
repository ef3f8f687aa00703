/**
 * What the composer must never write for a brand. A banned word is matched case-insensitively at
 * the start of a word, so 'cheap' also rules out 'cheaper' (stricter than the brand check, which
 * looks for whole words: whatever passes here passes there).
 */
export type BannedCheck = (text: string) => boolean;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createBannedCheck(bannedWords: readonly string[]): BannedCheck {
  const words = bannedWords.map((word) => word.normalize('NFC').trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) return () => false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.map(escapeRegExp).join('|')})`, 'u');
  return (text) => pattern.test(text.normalize('NFC').toLowerCase());
}

/** Splits a camel-cased hashtag into words, so 'SummerSale' is checked as 'summer sale'. */
export function hashtagWords(tag: string): string {
  return tag.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4');
}

/** One emoji sequence: a pictograph with its modifiers and joins, a flag, or a keycap. */
export const emojiSequence =
  /(?:\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)/gu;

export function countEmoji(text: string): number {
  return text.match(emojiSequence)?.length ?? 0;
}

/** Removes every emoji (for the 'none' policy), tidying the spaces it leaves. */
export function stripEmoji(text: string): string {
  return text
    .replace(emojiSequence, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+$/gm, '');
}
