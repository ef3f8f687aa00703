import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GraphicTemplate, MediaSource } from '../../../contracts/ai-studio';
import type { MediaKind, MediaMimeType } from '../../../contracts/media';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * An uploaded image, video or PDF document. The bytes live in the storage port under `storage_key` (an image's
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
    /** A PDF document's page count (LinkedIn document posts); null for images and videos. */
    pageCount: integer('page_count'),
    /** The library's labels, lowercase, without '#'. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fileName: text('file_name'),
    /** Issue 30: where the item came from; an AI item keeps its prompt and which generator made it. */
    source: text('source').$type<MediaSource>().notNull().default('upload'),
    prompt: text('prompt'),
    generator: text('generator'),
    /** The branded graphic's template ('quote', 'announcement', 'offer', 'event'); null otherwise. */
    template: text('template').$type<GraphicTemplate>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('media_source_check', sql`${t.source} in ('upload', 'import', 'ai_image', 'ai_graphic')`),
    check('media_template_check', sql`${t.template} in ('quote', 'announcement', 'offer', 'event')`),
    index('media_workspace_created_idx').on(t.workspaceId, t.createdAt),
    check(
      'media_mime_type_check',
      sql`${t.mimeType} in ('image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime', 'application/pdf')`,
    ),
    check('media_kind_check', sql`${t.kind} in ('image', 'video', 'document')`),
  ],
);

/**
 * A video being fitted to a platform (re-encoded, cropped to an aspect ratio) by a job: re-encoding
 * takes minutes, so the fit request answers at once and the composer follows `progress` (0–1).
 * The result is a NEW media item (`result_media_id`); the source stays as it was.
 */
export const mediaFits = pgTable(
  'media_fits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sourceMediaId: uuid('source_media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    requestedByUserId: text('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    aspect: text('aspect'),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    resultMediaId: uuid('result_media_id').references(() => media.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_fits_workspace_source_idx').on(t.workspaceId, t.sourceMediaId),
    // One open fit per source and aspect: two requests racing get the same fit (insert … do nothing).
    uniqueIndex('media_fits_open_uidx')
      .on(t.sourceMediaId, sql`coalesce(${t.aspect}, '')`)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('media_fits_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('media_fits_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);
