import type { Db } from '../../../src/server/db/client';
import {
  findLiveGrant,
  insertGrant,
  newOpaqueToken,
} from '../../../src/server/integrations/social/simulator/sandbox-store';
import type { TokenSet } from '../../../src/server/integrations/social/social-provider';

/**
 * A token of the same LinkedIn sandbox member from another LinkedIn app, one with the Community
 * Management API (r_member_postAnalytics). Kitepost's app cannot ask for it (decision 042: it
 * cannot share an app with Sign In and Share, and the simulator refuses the mix), so tests of the
 * analytics reads get it from the sandbox's store directly.
 */
export async function linkedInAnalyticsTokens(db: Db, tokens: TokenSet): Promise<TokenSet> {
  const found = await findLiveGrant(db, 'linkedin', 'access', tokens.accessToken);
  if (!found) throw new Error('no live LinkedIn sandbox grant for these tokens');
  const scopes = ['r_member_postAnalytics'];
  const grant = await insertGrant(db, {
    platform: 'linkedin',
    kind: 'access',
    value: newOpaqueToken(),
    accountId: found.account.id,
    clientId: 'community-management-app',
    scopes,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { ...tokens, accessToken: grant.value, scopes };
}
