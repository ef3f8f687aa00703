import { z } from 'zod';
import { runApprovalOverdue } from '../modules/approvals/approval-overdue.service';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Every 5 minutes: tells approvers and submitters about posts waiting for approval whose planned
 * time passed (approval-overdue.service). Idempotent: a post is claimed for its planned time
 * once, whichever run or worker takes it.
 */
export const approvalOverdueJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'approvals.overdue.v1',
  payload,
  cron: '*/5 * * * *',
  async handle(_payload, { app }) {
    await runApprovalOverdue(app);
  },
};
