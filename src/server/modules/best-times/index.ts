// The best-times module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { MIN_MEASURED_POSTS } from './best-times';
export { historyBestTimeLabels, listBestTimes, userZoneOrUtc } from './best-times.service';
