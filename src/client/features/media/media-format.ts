import type { MediaUse } from '../../../contracts/media';
import { platformLabels } from '../../../contracts/platforms';

/** A video's length as a player shows it: '0:03', '1:05', '1:02:07'. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Why the item cannot be deleted, or null when it can: the first post that holds it. */
export function deleteBlockedReason(usage: MediaUse[]): string | null {
  const holder = usage.find((use) => use.holds);
  if (!holder) return null;
  const more = usage.filter((use) => use.holds).length - 1;
  const label = platformLabels[holder.platform];
  const state =
    holder.status === 'publishing'
      ? 'being published'
      : holder.status === 'pending_approval'
        ? 'waiting for approval'
        : holder.status;
  return `Can't delete while a post uses it: ${label}, ${state}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

/** Share of the quota in use, 0..1 (over 1 when a smaller plan holds more than it allows). */
export const storageShare = (usedBytes: number, quotaBytes: number) =>
  quotaBytes > 0 ? usedBytes / quotaBytes : 1;

/** From this share on, the bar turns amber and offers an upgrade. */
export const NEAR_QUOTA_SHARE = 0.8;
