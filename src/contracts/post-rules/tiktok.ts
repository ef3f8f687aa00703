import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/**
 * A TikTok video ('post'), or a photo post ('carousel', "Photos" on TikTok) (issue 28). Sources:
 * [TT-TRANSFER] developers.tiktok.com/doc/content-posting-api-media-transfer-guide ("Video
 * restrictions" and "Image restrictions"), [TT-DIRECT] …/doc/content-posting-api-reference-direct-post
 * (title ≤ 2200 UTF-16 runes), [TT-PHOTO] …/doc/content-posting-api-reference-photo-post (title ≤ 90,
 * description ≤ 4000, up to 35 photos). TikTok takes no alt text.
 */
export const tiktokPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 1,
      media: 'video',
      image: null,
      video: {
        // MP4 (recommended), WebM, MOV [TT-TRANSFER]; our uploads take MP4 and MOV.
        mimeTypes: ['video/mp4', 'video/quicktime'],
        // "Maximum of 4GB" [TT-TRANSFER].
        maxBytes: 4096 * MB,
        // TikTok documents no minimum; one second keeps out a still image (UNCONFIRMED).
        minDurationMs: 1_000,
        // "The longest video a developer can send … is 10 minutes"; each creator's own maximum
        // (creator_info max_video_post_duration_sec) is checked by the composer and the adapter.
        maxDurationMs: 10 * 60_000,
        // H.264 (recommended), H.265, VP8, VP9 [TT-TRANSFER].
        videoCodecs: ['h264', 'hevc', 'vp8', 'vp9'],
        // Audio codecs are not documented; AAC is what TikTok's own exports carry (UNCONFIRMED).
        audioCodecs: ['aac'],
        // "Minimum of 23 FPS, maximum of 60 FPS"; "minimum of 360 pixels for both height and width,
        // maximum of 4096 pixels" [TT-TRANSFER].
        minFrameRate: 23,
        maxFrameRate: 60,
        minWidth: 360,
        minHeight: 360,
        maxWidth: 4096,
        maxHeight: 4096,
        aspectRatio: null,
      },
      altText: null,
      takesText: true,
    },
    carousel: {
      minItems: 1,
      // Up to 35 photos [TT-PHOTO].
      maxItems: 35,
      media: 'images',
      // "WebP, JPEG", "Maximum of 20MB for each image" [TT-TRANSFER].
      image: { mimeTypes: ['image/jpeg', 'image/webp'], maxBytes: 20 * MB, aspectRatio: null },
      video: null,
      // The photo post's title, 90 characters; the caption is its description [TT-PHOTO].
      title: { required: false, maxLength: 90 },
      altText: null,
      takesText: true,
    },
  },
  firstComment: null,
};
