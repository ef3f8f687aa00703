import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findMediaByIds } from './media.repository';

/**
 * Refuses (400) ids that are not images of the workspace's own library: a public page (the bio
 * page's logo and thumbnails) never shows another workspace's file or a video. `messages` say
 * what the image is for ("That logo is not in your media library").
 */
export async function requireWorkspaceImages(
  db: Db,
  workspaceId: string,
  ids: string[],
  messages: { notFound: string; notImage: string },
): Promise<void> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return;
  const found = new Map((await findMediaByIds(db, workspaceId, wanted)).map((row) => [row.id, row]));
  for (const id of wanted) {
    const row = found.get(id);
    if (!row) throw new AppError('bad_request', messages.notFound);
    if (row.kind !== 'image') throw new AppError('bad_request', messages.notImage);
  }
}
