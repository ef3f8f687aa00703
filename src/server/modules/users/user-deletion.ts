import type { Db } from '../../db/client';
import type { MediaStorage } from '../../integrations/storage/media-storage';
import type { JobQueue } from '../../jobs/boss';
import { dropPublishJob } from '../publishing/publish-queue';
import {
  deleteUserAndWorkspaces,
  listMediaStorageKeys,
  listScheduledPublishJobIds,
} from './user-deletion.repository';

export interface UserDeletionDeps {
  db: Db;
  jobs: JobQueue;
  storage: Pick<MediaStorage, 'delete'>;
  log: { warn(obj: object, msg?: string): void };
}

/**
 * Deletes the user and the workspaces they solely own (`workspaceIds`, from
 * listSolelyOwnedWorkspaceIds): the caller has already decided they may go (no other members, no
 * live subscription). Afterwards the publish jobs of those workspaces' scheduled posts are dropped
 * (a stale job would find no post anyway) and their images removed from storage: the rows are
 * gone with the workspaces, so nothing would ever remove the bytes later.
 */
export async function deleteUserWithWorkspaces(
  deps: UserDeletionDeps,
  userId: string,
  workspaceIds: string[],
): Promise<void> {
  const [jobIds, storageKeys] = await Promise.all([
    listScheduledPublishJobIds(deps.db, workspaceIds),
    listMediaStorageKeys(deps.db, workspaceIds),
  ]);
  await deleteUserAndWorkspaces(deps.db, userId, workspaceIds);
  await Promise.all(jobIds.map((publishJobId) => dropPublishJob(deps, { publishJobId })));
  // One at a time: an account may have many images, and storage is not worth flooding.
  for (const key of storageKeys) {
    await deps.storage.delete(key).catch((error: unknown) => {
      deps.log.warn(
        { err: error, storageKey: key },
        'could not remove a deleted workspace image from storage',
      );
    });
  }
}
