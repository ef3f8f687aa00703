/** What may follow '#': letters, digits and underscores (contracts/content-options.ts `hashtag`). */
export function normalizeHashtag(raw: string): string {
  return raw
    .trim()
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]/gu, '')
    .slice(0, 100);
}
