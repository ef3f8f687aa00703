import type { PostPlatformOptions } from '../../../contracts/platform-options';
import type { PostType } from '../../../contracts/post-types';
import type { ThreadItem } from '../../../contracts/posts';
import { AppError } from '../../lib/app-error';
import type { PostRow } from './posts.repository';

/** What a create, edit or compose body may say about a post's type, media, first comment and thread. */
export interface RichPostInput {
  mediaIds?: string[];
  media?: { id: string; altText?: string | null }[];
  postType?: PostType;
  firstComment?: string | null;
  thread?: { content: string; mediaIds: string[] }[];
  /** A LinkedIn document post's title; null or blank clears it. */
  title?: string | null;
  /** A Mastodon content warning, a Pinterest board…; replaces the post's options when given. */
  platformOptions?: PostPlatformOptions;
  /** Whether its short links get UTM tags (issue 29). */
  utm?: boolean;
}

export type RichPostFields = Partial<
  Pick<
    PostRow,
    | 'mediaIds'
    | 'altTexts'
    | 'postType'
    | 'firstComment'
    | 'firstCommentStatus'
    | 'thread'
    | 'title'
    | 'platformOptions'
    | 'utm'
  >
>;

/**
 * The row's fields for what the body says (issue 24). `media` (with alt texts) wins over the
 * older `mediaIds`; given only `mediaIds`, alt texts already written stay with the media that
 * stay. A thread's posts start pending. Only what the body names changes.
 */
export function richPostFields(body: RichPostInput, current?: Pick<PostRow, 'altTexts'>): RichPostFields {
  const fields: RichPostFields = {};
  if (body.media !== undefined) {
    fields.mediaIds = body.media.map((item) => item.id);
    fields.altTexts = Object.fromEntries(
      body.media.flatMap((item) => (item.altText?.trim() ? [[item.id, item.altText.trim()]] : [])),
    );
  } else if (body.mediaIds !== undefined) {
    fields.mediaIds = body.mediaIds;
    const kept = new Set(body.mediaIds);
    fields.altTexts = Object.fromEntries(
      Object.entries(current?.altTexts ?? {}).filter(([id]) => kept.has(id)),
    );
  }
  if (fields.mediaIds && new Set(fields.mediaIds).size !== fields.mediaIds.length) {
    throw new AppError('bad_request', 'Attach each image or video once.');
  }
  if (body.postType !== undefined) fields.postType = body.postType;
  if (body.title !== undefined) fields.title = body.title?.trim() || null;
  if (body.platformOptions !== undefined) fields.platformOptions = body.platformOptions;
  if (body.utm !== undefined) fields.utm = body.utm;
  if (body.firstComment !== undefined) {
    fields.firstComment = body.firstComment?.trim() || null;
    // Waiting for the post to go out; the follow-up step posts it (publishing/post-follow-ups).
    fields.firstCommentStatus = fields.firstComment ? 'pending' : null;
  }
  if (body.thread !== undefined) {
    fields.thread = body.thread.map(
      (item): ThreadItem => ({
        content: item.content,
        mediaIds: item.mediaIds,
        status: 'pending',
        externalId: null,
        url: null,
        error: null,
      }),
    );
  }
  return fields;
}

/** Every media id a post refers to: its own, and those of its thread's posts. */
export function allMediaIds(post: { mediaIds?: string[]; thread?: { mediaIds: string[] }[] }): string[] {
  return [...(post.mediaIds ?? []), ...(post.thread ?? []).flatMap((item) => item.mediaIds)];
}
