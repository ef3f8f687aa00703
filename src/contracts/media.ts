import { z } from 'zod';
import { graphicTemplates, mediaSources } from './ai-studio';
import { safeString } from './common';
import { publishingPlatform } from './platforms';

/** Image types Kitepost accepts, recognised by their content (never by the file name). */
export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof imageMimeTypes)[number];
/** Video containers Kitepost accepts (issue 24): MP4 and QuickTime, recognised by a probe. */
export const videoMimeTypes = ['video/mp4', 'video/quicktime'] as const;
export type VideoMimeType = (typeof videoMimeTypes)[number];
/** Documents (issue 24, LinkedIn document posts): PDF only, recognised by its content. */
export const documentMimeTypes = ['application/pdf'] as const;
export const mediaMimeTypes = [...imageMimeTypes, ...videoMimeTypes, ...documentMimeTypes] as const;
export const mediaMimeType = z.enum(mediaMimeTypes);
export type MediaMimeType = z.infer<typeof mediaMimeType>;
export const mediaKinds = ['image', 'video', 'document'] as const;
export const mediaKind = z.enum(mediaKinds);
export type MediaKind = z.infer<typeof mediaKind>;
export const isVideoMimeType = (type: string): type is VideoMimeType =>
  (videoMimeTypes as readonly string[]).includes(type);

/**
 * The largest PDF document and its most pages: LinkedIn's Documents API limits (100 MB, 300
 * pages), the only network that takes documents.
 */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;
export const MAX_DOCUMENT_PAGES = 300;

/** The largest video (resumable upload, issue 24); each platform may accept less. */
export const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
/** Tags a user may put on one media item (the library's filter), and their length. */
export const MAX_MEDIA_TAGS = 20;
export const MAX_MEDIA_TAG_LENGTH = 40;
/** Alt text: the longest any network takes is LinkedIn's 4,086; each platform checks its own. */
export const MAX_ALT_TEXT_LENGTH = 4086;

/**
 * The largest video `POST /api/media` takes in one multipart request; larger ones go through the
 * resumable upload (`/api/uploads`, tus), which survives a dropped connection.
 */
export const MAX_SIMPLE_VIDEO_BYTES = 100 * 1024 * 1024;

/** The largest image upload; each platform may accept less (post-type rules). */
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;
/** Instagram carousels take 10, LinkedIn multi-image posts 20 (post-type rules check each). */
export const MAX_MEDIA_PER_POST = 20;
/** The most pixels an upload may decode to: 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * WebP's encoder holds the whole picture in memory (about 12 bytes a pixel were measured, where
 * JPEG and PNG stream), so WebP gets 4096 × 4096 (16.8 MP, ~200 MB at most, as much as turning a
 * 50 MP JPEG upright takes), all frames of an animation together.
 */
export const MAX_WEBP_PIXELS = 4096 * 4096;

/**
 * An uploaded image or video, as the API answers it. `url` is public (platforms download from it);
 * the facts are those of the stored file (an image re-encoded, metadata removed; a video as
 * probed), which is what platforms get.
 */
export const media = z.object({
  id: z.string(),
  kind: mediaKind,
  url: z.string(),
  /**
   * A small WebP (at most 400 px wide) for grids and previews (a video's poster frame); the image's
   * own URL for images uploaded before thumbnails were made.
   */
  thumbnailUrl: z.string(),
  /** A video's poster frame as JPEG (a Reel's default cover); null for images. */
  posterUrl: z.string().nullable(),
  mimeType: mediaMimeType,
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Video facts from the probe; null for images. */
  durationMs: z.number().int().nullable(),
  frameRate: z.number().nullable(),
  /** As the probe names them: 'h264', 'hevc'; 'aac'. */
  videoCodec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  audioSampleRate: z.number().int().nullable(),
  /** Bits per second of the whole file. */
  bitrate: z.number().int().nullable(),
  /** A PDF document's number of pages; null for images and videos. */
  pageCount: z.number().int().nullable(),
  tags: z.array(z.string()),
  fileName: z.string().nullable(),
  /** Issue 30: 'upload', 'import', 'ai_image' or 'ai_graphic'; an AI item keeps its prompt and maker. */
  source: z.enum(mediaSources),
  prompt: z.string().nullable(),
  generator: z.string().nullable(),
  template: z.enum(graphicTemplates).nullable(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof media>;
export const mediaList = z.array(media);

/** What the pre-publish checks need to know about an attached image or video. */
export type MediaFacts = Pick<
  Media,
  | 'kind'
  | 'mimeType'
  | 'sizeBytes'
  | 'width'
  | 'height'
  | 'durationMs'
  | 'frameRate'
  | 'videoCodec'
  | 'audioCodec'
  | 'audioSampleRate'
  | 'bitrate'
  | 'pageCount'
>;

export const mediaIdParams = z.object({ id: z.uuid({ message: 'Not a media id' }) });

export const mediaMessages = {
  noFile: 'Attach an image, video or PDF file in the "file" field.',
  unsupportedType:
    'Only JPEG, PNG and WebP images, MP4 or MOV videos and PDF documents (for LinkedIn document posts) can be uploaded.',
  tooLarge: `Images can be at most ${MAX_MEDIA_BYTES / (1024 * 1024)} MB.`,
  unreadable: 'That image could not be read; it may be damaged.',
  videoTooLarge: `Videos can be at most ${MAX_VIDEO_BYTES / (1024 * 1024 * 1024)} GB.`,
  videoTooLargeForOneRequest: `Videos over ${MAX_SIMPLE_VIDEO_BYTES / (1024 * 1024)} MB go through the resumable upload (/api/uploads); PDF documents can be at most ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB.`,
  videoUnsupported:
    'Only MP4 and MOV videos can be uploaded (not WebM, AVI or others). Export the video as MP4 (H.264 or HEVC, AAC audio) and try again.',
  videoUnreadable: 'That video could not be read; it may be damaged or incomplete.',
  videoToolsUnavailable:
    'Videos cannot be processed right now: the video tools do not run on this server. Please try again later.',
  documentTooLarge: `PDF documents can be at most ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB (LinkedIn's limit).`,
  documentTooManyPages: `PDF documents can have at most ${MAX_DOCUMENT_PAGES} pages (LinkedIn's limit).`,
  documentEncrypted:
    'That PDF is password-protected or encrypted. Save a copy without a password or restrictions and upload that.',
  documentUnreadable: 'That PDF could not be read; it may be damaged or incomplete.',
  documentTooSlow:
    'That PDF took too long to read. Try a smaller or simpler file (for example, print it to a new PDF).',
  uploadLengthRequired: 'Say the file size (Upload-Length) when the upload starts.',
  uploadNotFound: 'This upload was not found, or it has expired. Start it again.',
  storageUnavailable:
    'Images cannot be loaded right now: the media storage does not answer. Please try again in a moment.',
  linkExpired:
    'This image link has expired. Links given to a platform last a day; publish again for a new one.',
  linkInvalid: 'This image link is not valid: its signature does not match.',
  notFound: 'Media item not found.',
  tooManyPixels: `That image is too large in pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 × 6000), or 4096 × 4096 for WebP.`,
} as const;

// ---------------------------------------------------------------------------------------------
// The media library (issue 24, decision 058). `GET /api/media` stays the composer's plain list
// (the newest 50); the library screen reads `GET /api/media/library`, which searches, filters,
// pages and says where each item is used.
// ---------------------------------------------------------------------------------------------

/**
 * A tag as stored: lowercase letters and digits of any script, with spaces, '-' and '_' inside.
 * Input is trimmed, lowercased and loses a leading '#' first (mediaTagInput).
 */
const TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}\p{M} _-]*$/u;
export const mediaTagMessage = `A tag is 1 to ${MAX_MEDIA_TAG_LENGTH} letters or digits (spaces, '-' and '_' inside).`;

/** One tag as typed: trimmed, lowercased, without a leading '#'; then checked. */
export const mediaTagInput = safeString()
  .transform((value) => value.trim().replace(/^#/, '').trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, mediaTagMessage)
      .max(MAX_MEDIA_TAG_LENGTH, mediaTagMessage)
      .regex(TAG_PATTERN, mediaTagMessage),
  );

/** PATCH /api/media/{id}: the item's whole tag list (duplicates after normalising are merged). */
export const updateMediaBody = z.object({
  tags: z
    .array(mediaTagInput)
    .max(MAX_MEDIA_TAGS, `At most ${MAX_MEDIA_TAGS} tags on one item.`)
    .transform((tags) => [...new Set(tags)]),
});
export type UpdateMediaBody = z.input<typeof updateMediaBody>;

export const MEDIA_LIBRARY_PAGE_SIZE = 48;
/** The longest search text: a file name is cut at 200, a tag at 40. */
export const MAX_MEDIA_SEARCH_LENGTH = 100;

/** GET /api/media/library query: all optional; `page` counts from 1. */
export const mediaLibraryQuery = z.object({
  q: safeString().trim().max(MAX_MEDIA_SEARCH_LENGTH).optional(),
  type: mediaKind.optional(),
  tag: mediaTagInput.optional(),
  /** Issue 30: 'ai' keeps AI images and branded graphics only. */
  source: z.enum(['ai']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** Post statuses during which a post's media may not be deleted: it is queued or going out. */
export const mediaHoldingStatuses = ['pending_approval', 'approved', 'scheduled', 'publishing'] as const;

/** A post that uses a media item, in its media or in one of its X thread items. */
export const mediaUse = z.object({
  postId: z.string(),
  platform: publishingPlatform,
  /** The post's status (contracts/posts postStatuses). */
  status: z.string(),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** True when only a later post of an X thread uses it (not the first). */
  inThread: z.boolean(),
  /** While true the item cannot be deleted (mediaHoldingStatuses). */
  holds: z.boolean(),
});
export type MediaUse = z.infer<typeof mediaUse>;

export const mediaLibraryItem = media.extend({
  /** Every post that uses it, newest first. */
  usage: z.array(mediaUse),
});
export type MediaLibraryItem = z.infer<typeof mediaLibraryItem>;

export const mediaLibraryPage = z.object({
  items: z.array(mediaLibraryItem),
  /** The next page's number, or null on the last page. */
  nextPage: z.number().int().nullable(),
  /** Every tag the workspace uses, sorted: the tag filter's choices. */
  tags: z.array(z.string()),
});
export type MediaLibraryPage = z.infer<typeof mediaLibraryPage>;

/** GET /api/media/usage: the bytes the workspace stores against its plan's quota. */
export const mediaStorageUsage = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  plan: z.object({ id: z.string(), name: z.string() }),
});
export type MediaStorageUsage = z.infer<typeof mediaStorageUsage>;

/** The aspect ratios platforms take (Instagram 4:5 to 1.91:1, Stories and Reels 9:16). */
export const fitAspects = ['4:5', '1:1', '1.91:1', '9:16'] as const;
export const fitAspect = z.enum(fitAspects);
export type FitAspect = z.infer<typeof fitAspect>;

/**
 * POST /api/media/{id}/fit: at least one of them. An image ('jpeg', an aspect) answers a new media
 * item at once (201); a video ('mp4': re-encoded to H.264/AAC MP4, an aspect: cropped too, and
 * always re-encoded) answers a fit job (202, `mediaFit`) the composer follows.
 */
export const fitMediaBody = z
  .object({ format: z.enum(['jpeg', 'mp4']).optional(), aspect: fitAspect.optional() })
  .refine((body) => body.format !== undefined || body.aspect !== undefined, {
    message: 'Say what to fit: format "jpeg" (images) or "mp4" (videos), an aspect, or both.',
  });
export type FitMediaBody = z.infer<typeof fitMediaBody>;

export const mediaFitStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type MediaFitStatus = (typeof mediaFitStatuses)[number];

/**
 * A video being fitted by a background job (re-encoding takes minutes): `progress` 0–1 while it
 * runs, the new video once `done`, the reason once `failed`. The source stays as it was.
 */
export const mediaFit = z.object({
  id: z.string(),
  sourceMediaId: z.string(),
  aspect: fitAspect.nullable(),
  status: z.enum(mediaFitStatuses),
  progress: z.number().min(0).max(1),
  resultMedia: media.nullable(),
  error: z.string().nullable(),
});
export type MediaFit = z.infer<typeof mediaFit>;
export const mediaFitParams = z.object({ fitId: z.uuid({ message: 'Not a fit id' }) });

/** What POST /api/media/{id}/fit answers: a new image (201) or a video's fit job (202). */
export const fitMediaAnswer = z.union([mediaFit, media]);
export type FitMediaAnswer = z.infer<typeof fitMediaAnswer>;

export const mediaLibraryMessages = {
  fitImageToMp4: 'Only videos can be converted to MP4; convert an image to JPEG instead.',
  fitVideoToJpeg: 'A video cannot become a JPEG; convert it to MP4 or crop it instead.',
  fitDocument: 'Documents cannot be converted or cropped.',
  fitNotFound: 'This video fit was not found.',
  inUse: (post: string) =>
    `This item is attached to a scheduled post (${post}). Remove it from the post or unschedule the post first.`,
} as const;

/** Bytes for people: '340 KB', '12.5 MB', '5 GB' (binary units, as the plan's quotas are). */
export function formatStorageBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
