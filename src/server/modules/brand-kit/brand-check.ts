import type { BrandFinding, BrandKit } from '../../../contracts/brand-kit';

const normalise = (text: string) => text.normalize('NFC').toLocaleLowerCase();

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A banned word or phrase as a whole word: 'cheap' is in 'So cheap!' but not in 'cheapest'. */
function containsWord(haystack: string, word: string): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(normalise(word))}(?![\\p{L}\\p{N}_])`, 'u');
  return pattern.test(haystack);
}

/**
 * Checks a post against the brand kit: banned words in its text or hashtags, and required
 * hashtags it lacks (in its hashtag list or written in the text). Pure; the finding is shown
 * on the post's card. An empty list means the post is on brand.
 */
export function checkBrand(
  kit: Pick<BrandKit, 'bannedWords' | 'requiredHashtags'> | null,
  post: { content: string; hashtags: string[] },
): BrandFinding[] {
  if (!kit) return [];
  const findings: BrandFinding[] = [];
  const text = normalise(`${post.content}\n${post.hashtags.join(' ')}`);
  for (const word of kit.bannedWords) {
    if (containsWord(text, word)) {
      findings.push({ kind: 'banned-word', value: word, message: `Uses the banned word "${word}".` });
    }
  }
  const tags = new Set(post.hashtags.map(normalise));
  const content = normalise(post.content);
  for (const tag of kit.requiredHashtags) {
    const present = tags.has(normalise(tag)) || containsWord(content, `#${tag}`);
    if (!present) {
      findings.push({
        kind: 'missing-hashtag',
        value: tag,
        message: `Missing the required hashtag #${tag}.`,
      });
    }
  }
  return findings;
}
