import { z } from 'zod';
import { safeString } from './common';

/*
 * What a YouTube upload asks beyond its title, description and video (issue 28): `PostPlatformOptions.youtube`.
 * FIRST VERSION from the coordinator's scaffolding: the YouTube helper corrects it with cited rules.
 */

export const youtubePrivacies = ['public', 'unlisted', 'private'] as const;
export type YouTubePrivacy = (typeof youtubePrivacies)[number];

export const youtubeOptions = z
  .object({
    /** `status.privacyStatus`. */
    privacy: z.enum(youtubePrivacies, { error: `Choose one of: ${youtubePrivacies.join(', ')}` }).optional(),
    /** `status.selfDeclaredMadeForKids`: every upload must say (YouTube's COPPA rules). */
    madeForKids: z.boolean().optional(),
    /** `snippet.tags`. */
    tags: z.array(safeString().trim().min(1).max(100)).max(100).optional(),
    /** `snippet.categoryId`: one of the region's assignable video categories. */
    categoryId: safeString()
      .trim()
      .regex(/^\d{1,3}$/, 'Choose a category.')
      .optional(),
    /** A custom thumbnail: an image from the media library (`thumbnails.set`). */
    thumbnailMediaId: z.uuid({ message: 'Not a media id' }).optional(),
  })
  .strict();
export type YouTubeOptions = z.infer<typeof youtubeOptions>;
