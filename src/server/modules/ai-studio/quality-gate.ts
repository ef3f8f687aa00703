import type { BrandKit } from '../../../contracts/brand-kit';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { checkPostText } from '../../../contracts/publish-checks';
import { checkBrand } from '../brand-kit';

export interface GateResult {
  /** Every reason the text cannot be used as it is, in the words the post cards use. */
  problems: string[];
  /** The brand kit's banned words the text uses (also among `problems`). */
  banned: string[];
}

/**
 * The quality gate (issue 30, decision 094): every generated text passes the platform's text checks
 * (length, hashtags; each thread item too) and the brand check before it is shown. A text that
 * fails is asked for once more with `problems` as the fix; still failing, it is shown with them.
 */
export function gateText(
  kit: Pick<BrandKit, 'bannedWords' | 'requiredHashtags'> | null,
  text: { platform?: PublishingPlatform; content: string; hashtags: string[]; thread?: string[] },
): GateResult {
  const problems: string[] = [];
  if (text.platform) {
    const items = text.thread && text.thread.length > 1 ? text.thread : [text.content];
    items.forEach((item, index) => {
      // The hashtags go with the first post of a thread only.
      const found = checkPostText(
        text.platform as PublishingPlatform,
        item,
        index === 0 ? text.hashtags : [],
      );
      const prefix = items.length > 1 ? `Post ${index + 1} of the thread: ` : '';
      problems.push(...found.map((problem) => prefix + problem));
    });
  }
  const findings = checkBrand(kit, {
    content: [text.content, ...(text.thread ?? [])].join('\n'),
    hashtags: text.hashtags,
  });
  problems.push(...findings.map((finding) => finding.message));
  const banned = findings.filter((finding) => finding.kind === 'banned-word').map((finding) => finding.value);
  return { problems, banned };
}
