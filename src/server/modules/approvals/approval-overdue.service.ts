import type { AppContext } from '../../context';
import { announceApprovalOverdue } from './approval-notices';
import { claimOverduePendingPosts } from './approval-overdue.repository';

/*
 * A post waiting for approval is not published, nor marked missed, when its planned time passes:
 * it waits for an approver to give it a new one (decision 026). This run makes that passing heard,
 * once per planned time: a new time (an edit, a new submission) is announced again when it passes.
 */

/** Posts announced in one run at most; the rest are announced by the next run. */
export const MAX_OVERDUE_PER_RUN = 500;

export interface ApprovalOverdueReport {
  /** Posts whose missed time was announced (a notice that failed is logged, and still counted). */
  announced: number;
}

/**
 * One run: claims the waiting posts whose planned time passed before `now` (marking that time as
 * announced, so a concurrent or later run skips them), then tells each one's approvers and
 * submitter. Safe to run concurrently and again.
 */
export async function runApprovalOverdue(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>,
  now = new Date(),
): Promise<ApprovalOverdueReport> {
  const claimed = await claimOverduePendingPosts(ctx.database.db, { now, limit: MAX_OVERDUE_PER_RUN });
  for (const row of claimed) {
    // The claim stored the planned time it announces; the row always has one (scheduled_at < now).
    if (row.scheduledAt) await announceApprovalOverdue(ctx, row, row.scheduledAt);
  }
  // Quiet when nothing was due: the run repeats every 5 minutes.
  if (claimed.length > 0) {
    ctx.log.info({ job: 'approval-overdue', announced: claimed.length }, 'approval overdue notices');
  }
  return { announced: claimed.length };
}
