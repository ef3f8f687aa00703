import type { PlatformPostRules } from '../post-types';
import { YOUTUBE_TITLE_MAX } from '../youtube';

const GB = 1024 * 1024 * 1024;

/**
 * A YouTube video (issue 28, decision 087): one video per upload (videos.insert), with a title.
 * - Size and length: "256 GB or 12 hours, whichever is less" (support.google.com/youtube/answer/71673);
 *   `videos.insert` "Maximum file size: 256GB" (developers.google.com/youtube/v3/docs/videos/insert).
 *   An unverified channel uploads up to 15 minutes (same page): YouTube refuses longer ones there.
 * - Formats: YouTube takes MP4 and MOV among many (support.google.com/youtube/answer/4603579);
 *   Kitepost's library holds those two. Codecs: H.264 and AAC are what YouTube recommends
 *   (support.google.com/youtube/answer/1722171); HEVC, VP9 and AV1 it transcodes too.
 * - No minimum length is documented: 1 s is Kitepost's own floor (the probe needs a frame).
 * - A vertical or square video of at most 3 minutes becomes a Short (no API flag:
 *   support.google.com/youtube/answer/15424877); the preview says so.
 * - Title: required, at most 100 characters, no < or > (videos#snippet.title).
 */
export const youtubePostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 1,
      maxItems: 1,
      media: 'video',
      image: null,
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: 256 * GB,
        minDurationMs: 1_000,
        maxDurationMs: 12 * 60 * 60_000,
        videoCodecs: ['h264', 'hevc', 'vp9', 'av1'],
        audioCodecs: ['aac', 'mp3', 'opus'],
        aspectRatio: null,
      },
      title: { required: true, maxLength: YOUTUBE_TITLE_MAX },
      altText: null,
      takesText: true,
    },
  },
  firstComment: null,
};
