// The metrics module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { FIRST_READING_MS } from './metrics-schedule';
export { postMetricValueColumns } from './metrics-sync.repository';
