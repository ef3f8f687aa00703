import { z } from 'zod';
import { safeString } from './common';

/*
 * What a YouTube upload asks beyond its title, description and video (issue 28, decision 087):
 * `PostPlatformOptions.youtube`, and the rules of YouTube's video resource
 * (developers.google.com/youtube/v3/docs/videos, "snippet" and "status" properties).
 */

export const youtubePrivacies = ['public', 'unlisted', 'private'] as const;
export type YouTubePrivacy = (typeof youtubePrivacies)[number];
export const youtubePrivacyLabels: Record<YouTubePrivacy, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};

/**
 * The assignable video categories (`videoCategories.list regionCode=US`, the ones with
 * `snippet.assignable: true`; developers.google.com/youtube/v3/docs/videoCategories/list). A
 * category not assignable answers 400 `invalidCategoryId`.
 */
export const youtubeCategories = [
  { id: '1', name: 'Film & Animation' },
  { id: '2', name: 'Autos & Vehicles' },
  { id: '10', name: 'Music' },
  { id: '15', name: 'Pets & Animals' },
  { id: '17', name: 'Sports' },
  { id: '19', name: 'Travel & Events' },
  { id: '20', name: 'Gaming' },
  { id: '22', name: 'People & Blogs' },
  { id: '23', name: 'Comedy' },
  { id: '24', name: 'Entertainment' },
  { id: '25', name: 'News & Politics' },
  { id: '26', name: 'Howto & Style' },
  { id: '27', name: 'Education' },
  { id: '28', name: 'Science & Technology' },
  { id: '29', name: 'Nonprofits & Activism' },
] as const;
/** What an upload without a category gets: People & Blogs, YouTube Studio's own default. */
export const DEFAULT_YOUTUBE_CATEGORY = '22';
const categoryIds: readonly string[] = youtubeCategories.map((category) => category.id);

/** `snippet.title`: at most 100 characters, any UTF-8 except `<` and `>` (videos#snippet.title). */
export const YOUTUBE_TITLE_MAX = 100;
/** `snippet.description`: at most 5,000 BYTES, any UTF-8 except `<` and `>` (videos#snippet.description). */
export const YOUTUBE_DESCRIPTION_MAX_BYTES = 5000;
/**
 * `snippet.tags`: 500 characters in all, the commas between tags counted, and a tag with a space
 * counted as if it were in quotes ("Foo-Baz" is 7 characters, "Foo Baz" 9) (videos#snippet.tags).
 */
export const YOUTUBE_TAGS_MAX = 500;

/** The tags' length as YouTube counts it. */
export function youtubeTagsLength(tags: readonly string[]): number {
  if (tags.length === 0) return 0;
  const each = tags.map((tag) => [...tag].length + (/\s/.test(tag) ? 2 : 0));
  return each.reduce((sum, length) => sum + length, 0) + (tags.length - 1);
}

const angle = /[<>]/;

export const youtubeOptions = z
  .object({
    /** `status.privacyStatus`; public when absent. */
    privacy: z.enum(youtubePrivacies, { error: `Choose one of: ${youtubePrivacies.join(', ')}` }).optional(),
    /**
     * `status.selfDeclaredMadeForKids`: every upload must say whether it is made for children
     * (YouTube's COPPA rules, support.google.com/youtube/answer/9528076). Optional while a draft;
     * the publish checks refuse a YouTube post without it.
     */
    madeForKids: z.boolean().optional(),
    /** `snippet.tags`. */
    tags: z
      .array(
        safeString()
          .trim()
          .min(1, 'A tag cannot be empty.')
          .max(100)
          .refine((tag) => !angle.test(tag) && !tag.includes(','), 'A tag cannot contain <, > or a comma.'),
      )
      .max(100)
      .refine(
        (tags) => youtubeTagsLength(tags) <= YOUTUBE_TAGS_MAX,
        `The tags are longer than YouTube allows (${YOUTUBE_TAGS_MAX} characters, counting commas and the quotes around tags with spaces).`,
      )
      .optional(),
    /** `snippet.categoryId`: one of the assignable video categories. */
    categoryId: safeString()
      .trim()
      .refine((id) => categoryIds.includes(id), 'Choose one of YouTube’s video categories.')
      .optional(),
    /** A custom thumbnail: an image from the workspace's media library (`thumbnails.set`). */
    thumbnailMediaId: z.uuid({ message: 'Not a media id' }).optional(),
  })
  .strict();
export type YouTubeOptions = z.infer<typeof youtubeOptions>;

/** What the publish checks add for a YouTube upload (title and description rules YouTube enforces). */
export function checkYouTubePost(post: {
  title?: string | null;
  content: string;
  options?: YouTubeOptions;
}): string[] {
  const problems: string[] = [];
  if (post.title && angle.test(post.title)) problems.push('A YouTube title cannot contain < or >.');
  if (angle.test(post.content)) problems.push('A YouTube description cannot contain < or >.');
  const bytes = new TextEncoder().encode(post.content).length;
  if (bytes > YOUTUBE_DESCRIPTION_MAX_BYTES) {
    problems.push(
      `The description is ${bytes.toLocaleString('en-US')} bytes; YouTube allows ${YOUTUBE_DESCRIPTION_MAX_BYTES.toLocaleString('en-US')} bytes (letters beyond English take 2 to 4 each).`,
    );
  }
  if (post.options?.madeForKids === undefined) {
    problems.push('Say whether this video is made for kids: YouTube asks it of every upload.');
  }
  return problems;
}

/** A video YouTube shows as a Short: at most 3 minutes, square or vertical (support.google.com/youtube/answer/15424877). */
export const YOUTUBE_SHORT_MAX_MS = 3 * 60_000;
export const isYouTubeShort = (video: { width: number; height: number; durationMs: number | null }) =>
  video.durationMs !== null && video.durationMs <= YOUTUBE_SHORT_MAX_MS && video.height >= video.width;

/** GET /api/user/social-accounts/:id/quota: the YouTube Data API units Kitepost's project has left today. */
export const youtubeQuotaResponse = z.object({
  unitsUsed: z.number().int().min(0),
  unitsLimit: z.number().int().min(0),
  /** Uploads that still fit in today's units (each reserves what an upload may spend). */
  uploadsLeft: z.number().int().min(0),
  /** When the quota day ends: midnight Pacific Time. */
  resetsAt: z.string(),
});
