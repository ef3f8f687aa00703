// The credits module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { creditPeriod } from './credit-balance';
export { sumCreditsUsed } from './credits.repository';
export {
  assertImageAllowance,
  chargeImage,
  getCredits,
  refundCredits,
  reserveCredits,
  settleCredits,
} from './credits.service';
