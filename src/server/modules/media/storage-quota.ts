import type { AppContext } from '../../context';

/**
 * THE one call site of the plan's storage quota for uploads (issue 24). The library helper's
 * `assertStorageQuota` (modules/media index) was not on main when resumable uploads were built:
 * until it is merged, this lets every upload through. Replace the body with
 * `await assertStorageQuota(ctx, workspaceId, incomingBytes)`.
 */
export async function checkStorageQuota(
  _ctx: Pick<AppContext, 'database'>,
  _workspaceId: string,
  _incomingBytes: number,
): Promise<void> {}
