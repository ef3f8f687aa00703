import { z } from 'zod';

/** Image types Kitepost accepts, recognised by their content (never by the file name). */
export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof imageMimeTypes)[number];
/** Video containers Kitepost accepts (issue 24): MP4 and QuickTime, recognised by a probe. */
export const videoMimeTypes = ['video/mp4', 'video/quicktime'] as const;
export type VideoMimeType = (typeof videoMimeTypes)[number];
export const mediaMimeTypes = [...imageMimeTypes, ...videoMimeTypes] as const;
export const mediaMimeType = z.enum(mediaMimeTypes);
export type MediaMimeType = z.infer<typeof mediaMimeType>;
export const mediaKinds = ['image', 'video'] as const;
export const mediaKind = z.enum(mediaKinds);
export type MediaKind = z.infer<typeof mediaKind>;
export const isVideoMimeType = (type: string): type is VideoMimeType =>
  (videoMimeTypes as readonly string[]).includes(type);

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
  tags: z.array(z.string()),
  fileName: z.string().nullable(),
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
>;

export const mediaIdParams = z.object({ id: z.uuid({ message: 'Not a media id' }) });

export const mediaMessages = {
  noFile: 'Attach an image or video file in the "file" field.',
  unsupportedType: 'Only JPEG, PNG and WebP images and MP4 or MOV videos can be uploaded.',
  tooLarge: `Images can be at most ${MAX_MEDIA_BYTES / (1024 * 1024)} MB.`,
  unreadable: 'That image could not be read; it may be damaged.',
  videoTooLarge: `Videos can be at most ${MAX_VIDEO_BYTES / (1024 * 1024 * 1024)} GB.`,
  videoTooLargeForOneRequest: `Videos over ${MAX_SIMPLE_VIDEO_BYTES / (1024 * 1024)} MB go through the resumable upload (/api/uploads).`,
  videoUnsupported:
    'Only MP4 and MOV videos can be uploaded (not WebM, AVI or others). Export the video as MP4 (H.264 or HEVC, AAC audio) and try again.',
  videoUnreadable: 'That video could not be read; it may be damaged or incomplete.',
  videoToolsUnavailable:
    'Videos cannot be processed right now: the video tools do not run on this server. Please try again later.',
  uploadLengthRequired: 'Say the file size (Upload-Length) when the upload starts.',
  uploadNotFound: 'This upload was not found, or it has expired. Start it again.',
  storageUnavailable:
    'Images cannot be loaded right now: the media storage does not answer. Please try again in a moment.',
  linkExpired:
    'This image link has expired. Links given to a platform last a day; publish again for a new one.',
  linkInvalid: 'This image link is not valid: its signature does not match.',
  notFound: 'Image not found.',
  tooManyPixels: `That image is too large in pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 × 6000), or 4096 × 4096 for WebP.`,
} as const;
