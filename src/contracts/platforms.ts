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
] as const;
export const socialPlatform = z.enum(socialPlatforms);
export type SocialPlatform = z.infer<typeof socialPlatform>;

/** The platforms Kitepost writes for and publishes to. The others are 'Coming Soon'. */
export const publishingPlatforms = ['linkedin', 'instagram', 'twitter', 'facebook'] as const;
export const publishingPlatform = z.enum(publishingPlatforms, {
  error: `Choose one of: ${publishingPlatforms.join(', ')}`,
});
export type PublishingPlatform = z.infer<typeof publishingPlatform>;

export const platformLabels: Record<SocialPlatform, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
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
  counting: 'x-weighted' | 'linkedin-escaped' | 'code-points';
}

/** Limits from design/platforms.md. */
export const platformRules: Record<PublishingPlatform, PlatformRules> = {
  twitter: { maxLength: 280, maxHashtags: 10, recommendedHashtags: 2, counting: 'x-weighted' },
  linkedin: { maxLength: 3000, maxHashtags: 30, recommendedHashtags: 3, counting: 'linkedin-escaped' },
  // Instagram is rolling out a 5-hashtag cap (platforms.md); 30 was the old limit.
  instagram: { maxLength: 2200, maxHashtags: 5, recommendedHashtags: 5, counting: 'code-points' },
  facebook: { maxLength: 63206, maxHashtags: 30, recommendedHashtags: 3, counting: 'code-points' },
};

/** What a platform accepts as images on one post (platforms.md; the strictest documented rule). */
export interface PlatformMediaRules {
  /** Instagram cannot publish text alone. */
  required: boolean;
  maxCount: number;
  mimeTypes: readonly ('image/jpeg' | 'image/png' | 'image/webp')[];
  maxBytes: number;
  /** width / height bounds, when the platform has them. */
  aspectRatio: { min: number; max: number; label: string } | null;
}

const MB = 1024 * 1024;
export const platformMediaRules: Record<PublishingPlatform, PlatformMediaRules> = {
  // ≤4 photos, ≤5 MB each (X media best practices).
  twitter: {
    required: false,
    maxCount: 4,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 5 * MB,
    aspectRatio: null,
  },
  // Images API: JPG, PNG (GIF too; we upload stills only); several through multiImage.
  linkedin: {
    required: false,
    maxCount: 4,
    mimeTypes: ['image/jpeg', 'image/png'],
    maxBytes: 8 * MB,
    aspectRatio: null,
  },
  // Page photos: JPG or PNG, under 4 MB.
  facebook: {
    required: false,
    maxCount: 4,
    mimeTypes: ['image/jpeg', 'image/png'],
    maxBytes: 4 * MB,
    aspectRatio: null,
  },
  // Content publishing: one JPEG, ≤8 MB, aspect 4:5 to 1.91:1 (carousels are not built).
  instagram: {
    required: true,
    maxCount: 1,
    mimeTypes: ['image/jpeg'],
    maxBytes: 8 * MB,
    aspectRatio: { min: 0.8, max: 1.91, label: 'between 4:5 (portrait) and 1.91:1 (landscape)' },
  },
};
