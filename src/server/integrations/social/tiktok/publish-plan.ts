import type { PostType } from '../../../../contracts/post-types';
import type { TikTokOptions, TikTokPrivacyLevel } from '../../../../contracts/tiktok';
import { tiktokPrivacyLabels } from '../../../../contracts/tiktok';
import type { CreatorInfo } from './transform';

/*
 * What Kitepost sends TikTok for one post, decided before anything is sent. Pure, tested alone
 * (publish-plan.test.ts). Sources: [TT-TRANSFER] developers.tiktok.com/doc/content-posting-api-media-transfer-guide
 * (chunks), [TT-DIRECT] …/doc/content-posting-api-reference-direct-post (post_info),
 * [TT-PHOTO] …/doc/content-posting-api-reference-photo-post, [TT-UX] …/doc/content-sharing-guidelines.
 */

const MB = 1024 * 1024;
/** "Each chunk must be at least 5 MB but no greater than 64 MB" [TT-TRANSFER]. */
export const MIN_CHUNK = 5 * MB;
export const MAX_CHUNK = 64 * MB;
/** "a minimum of 1 chunk and a maximum of 1000 chunks" [TT-TRANSFER]. */
const MAX_CHUNKS = 1000;
/** Our chunk: 10 MB, or more when a file would otherwise need over 1000 chunks. */
const PREFERRED_CHUNK = 10 * MB;

export interface ChunkPlan {
  chunkSize: number;
  totalChunkCount: number;
  /** [start, end) of each chunk; the last one takes the trailing bytes. */
  ranges: Array<[number, number]>;
}

/**
 * Chunks as TikTok requires [TT-TRANSFER]: under 5 MB the whole file at once; else
 * `total_chunk_count = floor(video_size / chunk_size)`, the last chunk carrying the remainder
 * (so it may exceed chunk_size, up to 128 MB).
 */
export function chunkPlan(videoSize: number): ChunkPlan {
  if (videoSize < MIN_CHUNK) return { chunkSize: videoSize, totalChunkCount: 1, ranges: [[0, videoSize]] };
  const chunkSize = Math.min(MAX_CHUNK, Math.max(PREFERRED_CHUNK, Math.ceil(videoSize / MAX_CHUNKS)));
  const size = Math.min(chunkSize, videoSize);
  const totalChunkCount = Math.max(1, Math.floor(videoSize / size));
  const ranges: Array<[number, number]> = [];
  for (let index = 0; index < totalChunkCount; index++) {
    const start = index * size;
    ranges.push([start, index === totalChunkCount - 1 ? videoSize : start + size]);
  }
  return { chunkSize: size, totalChunkCount, ranges };
}

/** Direct post, or the creator's inbox (a draft finished in the app). */
export type TikTokMode = 'direct' | 'inbox';

/**
 * Inbox when the user asked for it, or when the connection may only upload (video.upload without
 * video.publish). An empty scope list (a connection that did not say) is taken as both.
 */
export function modeFor(options: TikTokOptions | undefined, scopes: string[]): TikTokMode {
  if (options?.sendToInbox) return 'inbox';
  if (scopes.length > 0 && !scopes.includes('video.publish') && scopes.includes('video.upload'))
    return 'inbox';
  return 'direct';
}

/**
 * Why a direct post cannot go out as asked, checked against the creator's info fetched just
 * before it [TT-UX] and the app's audit; undefined when it may.
 */
export function directPostRefusal(input: {
  options: TikTokOptions | undefined;
  creator: CreatorInfo;
  audited: boolean;
  videoDurationMs: number | null;
}): string | undefined {
  const { options, creator } = input;
  const privacy = options?.privacyLevel;
  if (!privacy)
    return 'Choose who can see this TikTok post (TikTok requires the choice; there is no default).';
  if (!input.audited && privacy !== 'SELF_ONLY') {
    return 'Kitepost’s TikTok app is not audited yet: TikTok takes only posts visible to "Only me". Choose "Only me".';
  }
  if (!creator.privacyLevelOptions.includes(privacy)) {
    const offered = creator.privacyLevelOptions.map((level) => `"${tiktokPrivacyLabels[level]}"`).join(', ');
    return `@${creator.username} can no longer post to "${tiktokPrivacyLabels[privacy]}" on TikTok; choose one of ${offered}.`;
  }
  if (options?.brandedContent && privacy === 'SELF_ONLY') {
    return 'Branded content cannot be private on TikTok: choose who can see it other than "Only me".';
  }
  const maxMs = creator.maxVideoPostDurationSec * 1000;
  if (input.videoDurationMs !== null && input.videoDurationMs > maxMs) {
    return `@${creator.username} may post TikTok videos up to ${creator.maxVideoPostDurationSec} s; this one is ${Math.ceil(input.videoDurationMs / 1000)} s.`;
  }
  return undefined;
}

/** `post_info` of a direct video post [TT-DIRECT]; interactions stay off unless turned on. */
export function videoPostInfo(
  text: string,
  options: TikTokOptions | undefined,
  creator: CreatorInfo,
  privacy: TikTokPrivacyLevel,
) {
  return {
    title: text,
    privacy_level: privacy,
    disable_comment: creator.commentDisabled || !options?.allowComments,
    disable_duet: creator.duetDisabled || !options?.allowDuet,
    disable_stitch: creator.stitchDisabled || !options?.allowStitch,
    brand_content_toggle: Boolean(options?.brandedContent),
    brand_organic_toggle: Boolean(options?.brandOrganic),
    video_cover_timestamp_ms: 1000,
  };
}

/** `post_info` of a photo post [TT-PHOTO]: title and description, no duet or stitch. */
export function photoPostInfo(input: {
  title: string | null | undefined;
  text: string;
  options: TikTokOptions | undefined;
  creator: CreatorInfo | null;
  privacy: TikTokPrivacyLevel | undefined;
}) {
  const { options, creator } = input;
  return {
    ...(input.title ? { title: input.title } : {}),
    description: input.text,
    ...(input.privacy ? { privacy_level: input.privacy } : {}),
    ...(creator
      ? {
          disable_comment: creator.commentDisabled || !options?.allowComments,
          brand_content_toggle: Boolean(options?.brandedContent),
          brand_organic_toggle: Boolean(options?.brandOrganic),
        }
      : {}),
    auto_add_music: Boolean(options?.autoAddMusic),
  };
}

/** Which of our post types is a photo post on TikTok ('carousel', labelled "Photos"). */
export const isPhotoPost = (postType: PostType | undefined) => postType === 'carousel';
