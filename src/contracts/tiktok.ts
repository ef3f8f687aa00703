import { z } from 'zod';

/*
 * What a TikTok post asks beyond its caption and media (issue 28): `PostPlatformOptions.tiktok`.
 * Sources: [TT-DIRECT] developers.tiktok.com/doc/content-posting-api-reference-direct-post (post_info),
 * [TT-CREATOR] …/doc/content-posting-api-reference-query-creator-info (privacy_level_options),
 * [TT-UX] …/doc/content-sharing-guidelines (what the composer must show and ask),
 * [TT-INBOX] …/doc/content-posting-api-reference-upload-video (send to the creator's inbox).
 */

/** `privacy_level` values [TT-CREATOR]: a creator is offered three of these four. */
export const tiktokPrivacyLevels = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof tiktokPrivacyLevels)[number];

/** How each privacy level reads in the composer. */
export const tiktokPrivacyLabels: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends (followers you follow back)',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

export const tiktokOptions = z
  .object({
    /**
     * `post_info.privacy_level`: one of the creator's `privacy_level_options`, chosen by the user
     * with no default [TT-UX]. Required for a direct post; not sent for an inbox upload.
     */
    privacyLevel: z
      .enum(tiktokPrivacyLevels, { error: `Choose one of: ${tiktokPrivacyLevels.join(', ')}` })
      .optional(),
    /** Off unless the user turns them on [TT-UX]; sent as `disable_comment/duet/stitch`. */
    allowComments: z.boolean().optional(),
    allowDuet: z.boolean().optional(),
    allowStitch: z.boolean().optional(),
    /** Commercial content disclosure: promoting the creator's own business (`brand_organic_toggle`). */
    brandOrganic: z.boolean().optional(),
    /** Commercial content disclosure: a paid partnership (`brand_content_toggle`; never SELF_ONLY). */
    brandedContent: z.boolean().optional(),
    /** Photo posts: let TikTok add recommended music (`auto_add_music`). */
    autoAddMusic: z.boolean().optional(),
    /**
     * Send the video or photos to the creator's TikTok inbox to finish in the app [TT-INBOX],
     * instead of posting directly. Also what happens when the account did not grant video.publish.
     */
    sendToInbox: z.boolean().optional(),
  })
  .strict()
  .refine((options) => !(options.brandedContent && options.privacyLevel === 'SELF_ONLY'), {
    message: 'Branded content cannot be private: choose who can see it other than "Only me".',
    path: ['privacyLevel'],
  });
export type TikTokOptions = z.infer<typeof tiktokOptions>;

/**
 * GET /api/user/social-accounts/:id/tiktok-creator: what TikTok says this creator may post now
 * [TT-CREATOR], and whether Kitepost's TikTok app is audited (unaudited: "Only me" alone).
 */
export const tiktokCreatorInfo = z.object({
  nickname: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  privacyLevelOptions: z.array(z.enum(tiktokPrivacyLevels)),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  maxVideoPostDurationSec: z.number().int().positive(),
  /** TIKTOK_APP_AUDITED: false means TikTok shows every post to its creator only. */
  appAudited: z.boolean(),
  /** The connection may post directly (video.publish granted); else only to the inbox. */
  canDirectPost: z.boolean(),
});
export type TikTokCreatorInfo = z.infer<typeof tiktokCreatorInfo>;
