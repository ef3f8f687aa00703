// The rate-limits module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { hitRateLimit } from './rate-limits.repository';
export type { RateRule } from './rate-limits.service';
export { EVERYONE, enforceRateLimit, rateRules } from './rate-limits.service';
