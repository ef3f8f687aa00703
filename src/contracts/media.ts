import { z } from 'zod';

/** Image types Kitepost accepts, recognised by their content (never by the file name). */
export const mediaMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const mediaMimeType = z.enum(mediaMimeTypes);
export type MediaMimeType = z.infer<typeof mediaMimeType>;

/** The largest upload; each platform may accept less (platformMediaRules). */
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;
export const MAX_MEDIA_PER_POST = 4;
/** The most pixels an upload may decode to: 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * WebP's encoder holds the whole picture in memory (about 12 bytes a pixel were measured, where
 * JPEG and PNG stream), so WebP gets 4096 × 4096 (16.8 MP, ~200 MB at most, as much as turning a
 * 50 MP JPEG upright takes), all frames of an animation together.
 */
export const MAX_WEBP_PIXELS = 4096 * 4096;

/**
 * An uploaded image, as the API answers it. `url` is public (platforms download from it); the
 * facts are those of the stored file (re-encoded, metadata removed), which is what platforms get.
 */
export const media = z.object({
  id: z.string(),
  url: z.string(),
  /**
   * A small WebP (at most 400 px wide) for grids and previews; the image's own URL for images
   * uploaded before thumbnails were made.
   */
  thumbnailUrl: z.string(),
  mimeType: mediaMimeType,
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof media>;
export const mediaList = z.array(media);

/** What the pre-publish checks need to know about an attached image. */
export type MediaFacts = Pick<Media, 'mimeType' | 'sizeBytes' | 'width' | 'height'>;

export const mediaIdParams = z.object({ id: z.uuid({ message: 'Not a media id' }) });

export const mediaMessages = {
  noFile: 'Attach an image file in the "file" field.',
  unsupportedType: 'Only JPEG, PNG and WebP images can be uploaded.',
  tooLarge: `Images can be at most ${MAX_MEDIA_BYTES / (1024 * 1024)} MB.`,
  unreadable: 'That image could not be read; it may be damaged.',
  storageUnavailable:
    'Images cannot be loaded right now: the media storage does not answer. Please try again in a moment.',
  linkExpired:
    'This image link has expired. Links given to a platform last a day; publish again for a new one.',
  linkInvalid: 'This image link is not valid: its signature does not match.',
  notFound: 'Image not found.',
  tooManyPixels: `That image is too large in pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 × 6000), or 4096 × 4096 for WebP.`,
} as const;
