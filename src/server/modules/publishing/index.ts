// The publishing module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  POST_FOLLOW_UPS_JOB,
  runPostFollowUps,
  sweepFollowUps,
} from './post-follow-ups.service';
export { dropPublishJob, queuePublish } from './publish-queue';
export { listPublishAttempts } from './publishing.repository';
