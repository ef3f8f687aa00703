// The approvals module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it). The posts
// module calls this one; this one never calls posts.

export { announceSubmission } from './approval-notices';
export { approvalTime, editFields, retryFields, scheduleFields } from './approval-rules';
export {
  addComment,
  approvalModeFor,
  listComments,
  recordApproval,
  recordChangesRequest,
} from './approvals.service';
