import { z } from 'zod';

/*
 * What a TikTok post asks beyond its caption and media (issue 28): `PostPlatformOptions.tiktok`.
 * FIRST VERSION from the coordinator's scaffolding: the TikTok helper corrects it with cited rules
 * (TikTok's Content Posting API and its UX guidelines for the composer).
 */

export const tiktokPrivacyLevels = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof tiktokPrivacyLevels)[number];

export const tiktokOptions = z
  .object({
    /** `post_info.privacy_level`: one of the creator's `privacy_level_options`, chosen by the user. */
    privacyLevel: z
      .enum(tiktokPrivacyLevels, { error: `Choose one of: ${tiktokPrivacyLevels.join(', ')}` })
      .optional(),
    allowComments: z.boolean().optional(),
    allowDuet: z.boolean().optional(),
    allowStitch: z.boolean().optional(),
    /** Commercial content disclosure: promoting the creator's own business. */
    brandOrganic: z.boolean().optional(),
    /** Commercial content disclosure: a paid partnership (never with SELF_ONLY). */
    brandedContent: z.boolean().optional(),
    /** Photo posts: let TikTok add music. */
    autoAddMusic: z.boolean().optional(),
  })
  .strict();
export type TikTokOptions = z.infer<typeof tiktokOptions>;
