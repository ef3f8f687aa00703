// The approvals module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export type { NoticeDeps } from './approval-notices';
export { announceSubmission } from './approval-notices';
export { editFields, retryFields, scheduleFields } from './approval-rules';
export { approvalModeFor, recordApproval } from './approvals.service';
