// The feeds module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { FEED_POLL_JOB, FEED_POLL_SWEEP_JOB, pollFeed, sweepDueFeeds } from './feed-poll.service';
