// The social-accounts module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  countSocialAccounts,
  findSocialAccount,
  listSocialAccountColumns,
  listSocialAccounts,
} from './social-accounts.repository';
export { canRefresh, listAccounts, tokensOf } from './social-accounts.service';
export { REFRESH_AHEAD_MS } from './token-lifecycle';
export { markNeedsReauth, refreshTokensOnce } from './token-lifecycle.service';
