import {
  checkYouTubePost,
  DEFAULT_YOUTUBE_CATEGORY,
  isYouTubeShort,
  YOUTUBE_TAGS_MAX,
  YOUTUBE_TITLE_MAX,
  youtubeTagsLength,
} from '../../../../contracts/youtube';
import { InvalidContentError, type PublishInput, type PublishMedia } from '../social-provider';

/*
 * A post as the video resource YouTube's videos.insert takes (developers.google.com/youtube/v3/
 * docs/videos/insert, docs/videos#resource). Pure: tested alone (publish-transform.test.ts).
 * Checked before any call, so a refused post costs no quota.
 */

/** One chunk: a multiple of 256 KiB, as the resumable protocol requires of every chunk but the last. */
export const CHUNK_UNIT = 256 * 1024;
/** 8 MiB chunks: 32 units (the protocol's guide suggests chunks of several MiB). */
export const DEFAULT_CHUNK_BYTES = 32 * CHUNK_UNIT;

export interface YouTubeUpload {
  video: PublishMedia;
  metadata: {
    snippet: { title: string; description: string; tags?: string[]; categoryId: string };
    status: { privacyStatus: 'public' | 'unlisted' | 'private'; selfDeclaredMadeForKids: boolean };
  };
  /** Square or vertical and at most 3 minutes: YouTube shows it as a Short. */
  short: boolean;
}

const refuse = (message: string): never => {
  throw new InvalidContentError('youtube', message);
};

export function toYouTubeUpload(input: PublishInput): YouTubeUpload {
  const [video, ...more] = input.media;
  if (video?.kind !== 'video' || more.length > 0) refuse('A YouTube upload is exactly one video.');
  const upload = video as PublishMedia;
  const title = (input.title ?? '').trim();
  if (!title) refuse('A YouTube video needs a title.');
  if ([...title].length > YOUTUBE_TITLE_MAX)
    refuse(`A YouTube title is at most ${YOUTUBE_TITLE_MAX} characters.`);
  const options = input.options?.youtube;
  const [problem] = checkYouTubePost({ title, content: input.text, options });
  if (problem) refuse(problem);
  const tags = options?.tags?.map((tag) => tag.trim()).filter(Boolean) ?? [];
  if (youtubeTagsLength(tags) > YOUTUBE_TAGS_MAX)
    refuse(`The tags are longer than YouTube allows (${YOUTUBE_TAGS_MAX} characters).`);
  return {
    video: upload,
    metadata: {
      snippet: {
        title,
        description: input.text,
        ...(tags.length > 0 ? { tags } : {}),
        categoryId: options?.categoryId ?? DEFAULT_YOUTUBE_CATEGORY,
      },
      status: {
        privacyStatus: options?.privacy ?? 'public',
        selfDeclaredMadeForKids: options?.madeForKids === true,
      },
    },
    short: isYouTubeShort(upload),
  };
}

/** The chunks of a file of `total` bytes from `from` on: [first, end) of at most `chunkBytes`. */
export function chunksFrom(
  from: number,
  total: number,
  chunkBytes: number,
): Array<{ first: number; end: number }> {
  if (chunkBytes % CHUNK_UNIT !== 0) throw new Error('A chunk must be a multiple of 256 KiB');
  const chunks: Array<{ first: number; end: number }> = [];
  for (let first = from; first < total; first += chunkBytes) {
    chunks.push({ first, end: Math.min(first + chunkBytes, total) });
  }
  return chunks;
}
