import { formatStorageBytes, type MediaStorageUsage } from '../../../contracts/media';
import { plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findWorkspacePlan } from '../plans';
import { sumMediaBytes } from './media-library.repository';

// Storage quota per plan (decision 058): contracts/plans limits.mediaStorageBytes.

/** The bytes the workspace stores, its plan's quota, and the plan. */
export async function storageUsage(db: Db, workspaceId: string): Promise<MediaStorageUsage> {
  const [planId, usedBytes] = await Promise.all([
    findWorkspacePlan(db, workspaceId),
    sumMediaBytes(db, workspaceId),
  ]);
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  const plan = plans[planId];
  return { usedBytes, quotaBytes: plan.limits.mediaStorageBytes, plan: { id: plan.id, name: plan.name } };
}

/**
 * Refuses (402 plan_limit: an upgrade lifts it) storing `addBytes` more when the workspace's
 * media would pass its plan's quota. Checked before an upload is accepted; two uploads at the
 * same moment may both pass and end a little over (the quota is a plan's promise, not a disk).
 */
export async function assertStorageQuota(db: Db, workspaceId: string, addBytes: number): Promise<void> {
  const usage = await storageUsage(db, workspaceId);
  if (usage.usedBytes + addBytes <= usage.quotaBytes) return;
  const left = Math.max(0, usage.quotaBytes - usage.usedBytes);
  throw new AppError(
    'plan_limit',
    `Your media storage is full: this file needs ${formatStorageBytes(addBytes)}, and ${formatStorageBytes(left)} of your ${usage.plan.name} plan's ${formatStorageBytes(usage.quotaBytes)} are left. Delete media you no longer need, or upgrade your plan.`,
  );
}
