import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { listWorkspacesSimulatorKeys } from '../../integrations/social/simulator';
import { dropPublishJob } from '../publishing';
import {
  deleteUserAndWorkspaces,
  listMediaStorageKeys,
  listOtherMemberIds,
  listScheduledPublishJobIds,
  lockMembershipsOf,
  lockWorkspacesForDeletion,
} from './user-deletion.repository';
import { ensureWorkspaceFor } from './workspaces.service';

/**
 * The caller's rules, asked again inside the deleting transaction once the user's memberships
 * and the workspaces are locked; it throws to refuse (and nothing is deleted). Runs on `tx` only:
 * on PGlite's single connection a query on the app's db would wait for this transaction forever.
 */
export type DeletionRecheck = (tx: Db) => Promise<void>;

/**
 * Deletes the user and the workspaces they solely own (`workspaceIds`, from
 * listSolelyOwnedWorkspaceIds): the caller has already decided they may go, and `recheck`
 * decides again under the locks, so an invitation accepted or an ownership moved meanwhile is
 * seen before anything goes. Afterwards the publish jobs of those workspaces' scheduled posts are
 * dropped (a stale job would find no post anyway) and their images removed from storage: the rows
 * are gone with the workspaces, so nothing would ever remove the bytes later. Members of those
 * workspaces left with no workspace at all get a Free one, as when a team deletes its workspace.
 */
export async function deleteUserWithWorkspaces(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'storage' | 'log'>,
  userId: string,
  workspaceIds: string[],
  recheck?: DeletionRecheck,
): Promise<void> {
  const { jobIds, storageKeys, otherMemberIds } = await ctx.database.db.transaction(async (tx) => {
    await lockMembershipsOf(tx, userId);
    await lockWorkspacesForDeletion(tx, workspaceIds);
    await recheck?.(tx);
    // Read under the locks: nothing can be added to these workspaces until they are gone.
    const removed = {
      jobIds: await listScheduledPublishJobIds(tx, workspaceIds),
      // Users' images and the platform simulator's (their sandbox posts go by cascade too).
      storageKeys: [
        ...(await listMediaStorageKeys(tx, workspaceIds)),
        ...(await listWorkspacesSimulatorKeys(tx, workspaceIds)),
      ],
      otherMemberIds: await listOtherMemberIds(tx, userId, workspaceIds),
    };
    await deleteUserAndWorkspaces(tx, userId, workspaceIds);
    return removed;
  });
  await Promise.all(jobIds.map((publishJobId) => dropPublishJob(ctx, { publishJobId })));
  // One at a time: an account may have many images, and storage is not worth flooding.
  for (const key of storageKeys) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn(
        { err: error, storageKey: key },
        'could not remove a deleted workspace image from storage',
      );
    });
  }
  for (const memberId of otherMemberIds) await ensureWorkspaceFor(ctx.database.db, memberId);
}
