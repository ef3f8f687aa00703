/**
 * Cuts text at a word boundary to at most `max` characters, with an ellipsis when anything was
 * cut; a single word longer than `max` is cut inside it (no boundary to keep).
 */
export function cutAtWord(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const head = characters.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const kept = space > max / 2 ? head.slice(0, space) : head;
  return `${kept.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/**
 * The first sentence of a post as a headline: up to the first . ! ? or line break, cut at a word
 * to `max` characters (hashtags and links dropped: they read badly on a picture).
 */
export function firstSentence(text: string, max: number): string {
  const clean = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '$1')
    .trim();
  const match = /^[\s\S]*?(?:[.!?](?=\s|$)|\n|$)/u.exec(clean);
  const sentence = (match?.[0] ?? clean).replace(/\s+/g, ' ').trim();
  return cutAtWord(sentence, max);
}

/**
 * The headline's font size for a card: large for a few words, smaller as the text grows, so a
 * 120-character headline still fits in about five lines. Buckets rather than measuring: satori lays
 * the text out, and these sizes were checked at every aspect ratio (graphic-renderer.test.ts).
 */
export function headlineSize(text: string, width: number, height: number): number {
  const base = Math.min(width, height * 1.2);
  const length = [...text].length;
  const factor = length <= 20 ? 0.12 : length <= 40 ? 0.095 : length <= 70 ? 0.075 : 0.06;
  return Math.round(base * factor);
}

/** The details line's size: about a third of a short headline's. */
export function detailsSize(text: string, width: number, height: number): number {
  const base = Math.min(width, height * 1.2);
  return Math.round(base * ([...text].length <= 80 ? 0.042 : 0.035));
}
