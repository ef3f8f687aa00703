import { z } from 'zod';
import { safeString } from './common';
import { googleBusinessOptions } from './google-business';
import type { PublishingPlatform } from './platforms';
import { tiktokOptions } from './tiktok';
import { youtubeOptions } from './youtube';

/**
 * What one network asks of a post beyond its text and media (issue 27): a Mastodon content warning
 * and visibility, a Pinterest board and destination link; since issue 28 a network's own object
 * (`youtube`, `tiktok`, `googleBusiness`). Each network reads only its own and
 * ignores the rest, as with `title`.
 */
export const mastodonVisibilities = ['public', 'unlisted', 'private'] as const;
export type MastodonVisibility = (typeof mastodonVisibilities)[number];

export const postPlatformOptions = z
  .object({
    /** Mastodon `spoiler_text`: the post's text is folded under it. */
    contentWarning: safeString()
      .trim()
      .max(500, 'A content warning can be at most 500 characters.')
      .optional(),
    /** Mastodon `visibility`: public, unlisted (not in public timelines) or followers only. */
    visibility: z
      .enum(mastodonVisibilities, { error: `Choose one of: ${mastodonVisibilities.join(', ')}` })
      .optional(),
    /** Pinterest: the board the Pin is saved to (its id at Pinterest). */
    boardId: safeString().trim().min(1).max(64).optional(),
    /** Pinterest: where the Pin leads when clicked. */
    link: safeString()
      .trim()
      .max(2048, 'A link can be at most 2,048 characters.')
      .regex(/^https?:\/\/\S+$/i, 'Enter a web address starting with http:// or https://.')
      .optional(),
    /** Issue 28: each of these networks keeps its options under its own key. */
    youtube: youtubeOptions.optional(),
    tiktok: tiktokOptions.optional(),
    googleBusiness: googleBusinessOptions.optional(),
  })
  .strict();
export type PostPlatformOptions = z.infer<typeof postPlatformOptions>;

/** The options each network reads: a post keeps only its own network's (the rest mean nothing there). */
const optionKeys: Partial<Record<PublishingPlatform, readonly (keyof PostPlatformOptions)[]>> = {
  mastodon: ['contentWarning', 'visibility'],
  pinterest: ['boardId', 'link'],
  youtube: ['youtube'],
  tiktok: ['tiktok'],
  google_business: ['googleBusiness'],
};

export function optionsForPlatform(
  platform: PublishingPlatform,
  options: PostPlatformOptions | undefined,
): PostPlatformOptions {
  const keys = optionKeys[platform] ?? [];
  return Object.fromEntries(
    keys.flatMap((key) => (options?.[key] !== undefined && options[key] !== '' ? [[key, options[key]]] : [])),
  ) as PostPlatformOptions;
}
