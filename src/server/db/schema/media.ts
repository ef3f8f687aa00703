import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MediaMimeType } from '../../../contracts/media';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * An uploaded image. The bytes live in the storage port under `storage_key` (the re-encoded file;
 * size, width and height are its own), its WebP thumbnail under `thumbnail_key` (null for images
 * uploaded before thumbnails were made).
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
    mimeType: text('mime_type').$type<MediaMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_workspace_created_idx').on(t.workspaceId, t.createdAt),
    check('media_mime_type_check', sql`${t.mimeType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);
