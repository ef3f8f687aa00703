import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MediaKind, MediaMimeType } from '../../../contracts/media';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * An uploaded image or video. The bytes live in the storage port under `storage_key` (an image's
 * re-encoded file, a video as uploaded; size, width and height are its own), its WebP thumbnail
 * under `thumbnail_key` (null for images uploaded before thumbnails were made), a video's JPEG
 * poster frame under `poster_key`. Video facts come from the probe.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    uploadedByUserId: text('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    kind: text('kind').$type<MediaKind>().notNull().default('image'),
    mimeType: text('mime_type').$type<MediaMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    posterKey: text('poster_key'),
    durationMs: integer('duration_ms'),
    frameRate: real('frame_rate'),
    videoCodec: text('video_codec'),
    audioCodec: text('audio_codec'),
    audioSampleRate: integer('audio_sample_rate'),
    bitrate: integer('bitrate'),
    /** The library's labels, lowercase, without '#'. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_workspace_created_idx').on(t.workspaceId, t.createdAt),
    check(
      'media_mime_type_check',
      sql`${t.mimeType} in ('image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime')`,
    ),
    check('media_kind_check', sql`${t.kind} in ('image', 'video')`),
  ],
);
