import { z } from 'zod';

/** Every platform the spec names (§9), lowercase as the API speaks them. */
export const socialPlatforms = [
  'linkedin',
  'instagram',
  'twitter',
  'facebook',
  'youtube',
  'tiktok',
  'pinterest',
  'bluesky',
  'mastodon',
  'threads',
  'linkedin_page',
  'google_business',
] as const;
export const socialPlatform = z.enum(socialPlatforms);
export type SocialPlatform = z.infer<typeof socialPlatform>;

/** The platforms Kitepost writes for and publishes to. The others are 'Coming Soon'. */
export const publishingPlatforms = [
  'linkedin',
  'instagram',
  'twitter',
  'facebook',
  'bluesky',
  'mastodon',
  'threads',
  'pinterest',
  'linkedin_page',
  'youtube',
  'tiktok',
  'google_business',
] as const;
export const publishingPlatform = z.enum(publishingPlatforms, {
  error: `Choose one of: ${publishingPlatforms.join(', ')}`,
});
export type PublishingPlatform = z.infer<typeof publishingPlatform>;

/**
 * The spec's four networks (§3, §9): the generator writes for them unless asked for others, and the
 * composer offers them before an account is connected. The networks added since (issue 27) appear
 * there once an account of theirs is connected.
 */
export const specPlatforms = [
  'linkedin',
  'instagram',
  'twitter',
  'facebook',
] as const satisfies readonly PublishingPlatform[];

export const platformLabels: Record<SocialPlatform, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  threads: 'Threads',
  linkedin_page: 'LinkedIn Page',
  google_business: 'Google Business Profile',
};

export interface PlatformRules {
  /** Most characters a post may have, counted by `countCharacters`. */
  maxLength: number;
  /** Most hashtags the platform accepts on one post. */
  maxHashtags: number;
  /** How many hashtags read well there; the composer and the brand check aim for this. */
  recommendedHashtags: number;
  /**
   * X counts weighted characters (emoji and CJK count 2, every URL 23); LinkedIn counts the
   * commentary as sent, reserved characters escaped (linkedin-little-text.ts); the rest count code
   * points.
   */
  counting: 'x-weighted' | 'linkedin-escaped' | 'code-points' | 'graphemes' | 'mastodon';
}

/** Limits from design/platforms.md. */
export const platformRules: Record<PublishingPlatform, PlatformRules> = {
  twitter: { maxLength: 280, maxHashtags: 10, recommendedHashtags: 2, counting: 'x-weighted' },
  linkedin: { maxLength: 3000, maxHashtags: 30, recommendedHashtags: 3, counting: 'linkedin-escaped' },
  // Instagram is rolling out a 5-hashtag cap (platforms.md); 30 was the old limit.
  instagram: { maxLength: 2200, maxHashtags: 5, recommendedHashtags: 5, counting: 'code-points' },
  facebook: { maxLength: 63206, maxHashtags: 30, recommendedHashtags: 3, counting: 'code-points' },
  // Issue 27: each network's helper replaces these first values with cited ones.
  // app.bsky.feed.post text: maxGraphemes 300 (and maxLength 3000 bytes, which 300 graphemes of
  // ordinary text never reach). The lexicon caps no inline #tags (each tag facet ≤ 64 graphemes):
  // 30 is Kitepost's own ceiling, 2 what the Bluesky community reads well (decision 081).
  bluesky: { maxLength: 300, maxHashtags: 30, recommendedHashtags: 2, counting: 'graphemes' },
  // Mastodon's default limit (StatusLengthValidator MAX_CHARS 500); a server may allow more, and a
  // connected account carries its own (`postLimits.maxLength`, from GET /api/v2/instance). Mastodon
  // sets no hashtag limit (only the length bounds them); hashtags are how posts are found there.
  mastodon: { maxLength: 500, maxHashtags: 250, recommendedHashtags: 3, counting: 'mastodon' },
  // "Text posts are limited to 500 characters"; a post has one topic tag, "the first valid tag"
  // counts (developers.facebook.com/docs/threads/posts, Topic Tags): held to 1 hashtag so none is
  // silently left plain text. Emoji are "counted as the number of UTF-8 bytes" there too (UNCONFIRMED
  // in practice; platforms.md "Threads").
  threads: { maxLength: 500, maxHashtags: 1, recommendedHashtags: 1, counting: 'code-points' },
  // Pinterest: the description, 500 characters (product specs; the API takes 800: post-rules/pinterest.ts).
  // Hashtags: no documented cap; 20 was Pinterest's old advice (UNCONFIRMED), kept as a ceiling.
  pinterest: { maxLength: 500, maxHashtags: 20, recommendedHashtags: 3, counting: 'code-points' },
  linkedin_page: { maxLength: 3000, maxHashtags: 30, recommendedHashtags: 3, counting: 'linkedin-escaped' },
  // A video's description: 5,000 bytes (developers.google.com/youtube/v3/docs/videos#snippet.description;
  // the publish checks count the bytes, contracts/youtube.ts). YouTube ignores every hashtag of a
  // video with more than 60, and shows the first 3 above the title (support.google.com/youtube/answer/6390658).
  youtube: { maxLength: 5000, maxHashtags: 60, recommendedHashtags: 3, counting: 'code-points' },
  // TikTok: a video's title (its caption) is at most 2200 UTF-16 runes (Content Posting API, direct
  // post reference; counted here in code points, so an emoji-heavy caption may still be refused); a
  // photo post's description takes 4000, held to the same 2200 here. Hashtags:
  // no documented cap; 30 kept as a ceiling (UNCONFIRMED).
  tiktok: { maxLength: 2200, maxHashtags: 30, recommendedHashtags: 4, counting: 'code-points' },
  // A local post's summary: 1,500 characters (post-rules/google-business.ts). Google gives hashtags
  // no meaning there (plain text); none is suggested, and 10 is Kitepost's ceiling (UNCONFIRMED).
  google_business: { maxLength: 1500, maxHashtags: 10, recommendedHashtags: 0, counting: 'code-points' },
};

/**
 * The networks whose accounts live on a server the user names (a Mastodon instance; a Bluesky
 * handle's PDS): the connect form asks for it before the sign-in.
 */
export const serverPlatforms = ['mastodon', 'bluesky'] as const satisfies readonly PublishingPlatform[];
