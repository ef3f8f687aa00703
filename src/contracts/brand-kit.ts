import { z } from 'zod';
import { safeString } from './common';
import { hashtag, tone } from './content-options';

export const emojiPolicies = ['none', 'sparing', 'liberal'] as const;
export const emojiPolicy = z.enum(emojiPolicies);
export type EmojiPolicy = z.infer<typeof emojiPolicy>;

const word = safeString().trim().min(1).max(60);

/** The workspace's brand: fed to every AI writer, and every post is checked against it. */
export const brandKit = z.object({
  brandName: safeString().trim().max(100),
  voiceDescription: safeString().trim().max(1000),
  defaultTone: tone,
  audience: safeString().trim().max(300),
  keywords: z.array(word).max(30),
  bannedWords: z.array(word).max(50),
  /** Without '#'. */
  requiredHashtags: z.array(hashtag).max(10),
  emojiPolicy,
});
export type BrandKit = z.infer<typeof brandKit>;

/**
 * The saved kit as stored: hashtags already without '#' (a response schema has no input
 * transforms), and no input limits, so that a row saved under other limits is still answered.
 */
export const brandKitResponse = brandKit.extend({
  brandName: z.string(),
  voiceDescription: z.string(),
  audience: z.string(),
  keywords: z.array(z.string()),
  bannedWords: z.array(z.string()),
  requiredHashtags: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type BrandKitResponse = z.infer<typeof brandKitResponse>;

export const emptyBrandKit: BrandKit = {
  brandName: '',
  voiceDescription: '',
  defaultTone: 'professional',
  audience: '',
  keywords: [],
  bannedWords: [],
  requiredHashtags: [],
  emojiPolicy: 'sparing',
};

/** What the brand check found on a post; shown on its card. */
export const brandFinding = z.object({
  kind: z.enum(['banned-word', 'missing-hashtag']),
  /** The banned word found, or the missing hashtag (without '#'). */
  value: z.string(),
  message: z.string(),
});
export type BrandFinding = z.infer<typeof brandFinding>;
