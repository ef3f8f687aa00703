import type { PlatformPostRules, VideoLimits } from '../post-types';

const MB = 1024 * 1024;
const vertical = { min: 9 / 16, max: 9 / 16, label: '9:16 (vertical)' };

/**
 * Facebook Pages. Sources (research sheet §3):
 * - Reels: "Reels Publishing API" (developers.facebook.com/docs/video-api/guides/reels-publishing),
 *   video specifications: .mp4 recommended, 9:16, at least 540×960, 24–60 fps, 3–90 s, H.264/H.265
 *   (VP9, AV1 also), AAC-LC 48 kHz; 30 API-published Reels per Page in 24 hours (not a per-post rule:
 *   the simulator enforces it, the adapter reports it as throttling).
 * - Stories: "Page Stories API" (developers.facebook.com/docs/page-stories-api): one photo
 *   (.jpeg/.bmp/.png/.gif/.tiff, at most 10 MB on the English page, 4 MB on older translations:
 *   the 4 MB safe size is kept) or one video with the Reel spec but at most 60 s; no caption
 *   (`photo_stories` takes only `photo_id`, Meta's facebook-python-business-sdk page.py).
 * - Posts: photos through `attached_media` (Postiz facebook.provider.ts); Facebook documents no
 *   maximum (research sheet §3.1, UNCONFIRMED: 10 kept, as the simulator allows); each photo's
 *   alt text as `alt_text_custom` (SDK page.py create_photo; its length limit is not documented:
 *   1000 kept). One feed video through `/{page-id}/videos` (Video API); photos and a video never
 *   share a post (Postiz).
 */
const reelVideo: VideoLimits = {
  mimeTypes: ['video/mp4', 'video/quicktime'],
  maxBytes: 1024 * MB,
  minDurationMs: 3_000,
  maxDurationMs: 90_000,
  // H.264 and H.265 are what the spec names first and what Kitepost's probe reports for uploads.
  videoCodecs: ['h264', 'hevc'],
  audioCodecs: ['aac'],
  minFrameRate: 24,
  maxFrameRate: 60,
  aspectRatio: vertical,
  minWidth: 540,
  minHeight: 960,
};

export const facebookPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 0,
      maxItems: 10,
      media: 'images-or-video',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 4 * MB, aspectRatio: null },
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: 1024 * MB,
        minDurationMs: 1_000,
        maxDurationMs: 240 * 60_000,
        videoCodecs: ['h264', 'hevc'],
        audioCodecs: ['aac'],
        aspectRatio: null,
      },
      altText: { maxLength: 1000, imagesOnly: true },
      takesText: true,
    },
    reel: {
      minItems: 1,
      maxItems: 1,
      media: 'video',
      image: null,
      video: reelVideo,
      altText: null,
      takesText: true,
    },
    story: {
      minItems: 1,
      maxItems: 1,
      media: 'images-or-video',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 4 * MB, aspectRatio: null },
      video: { ...reelVideo, maxDurationMs: 60_000 },
      altText: null,
      takesText: false,
    },
  },
  firstComment: { maxLength: 8000 },
};
