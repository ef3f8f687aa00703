import { platformLabels } from '../../../contracts/platforms';
import { publishingMessages } from '../../../contracts/publishing';
import type { AppContext } from '../../context';
import {
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../../integrations/social/social-provider';
import { accountOverPlanLimitReason } from '../plans';
import {
  canRefresh,
  markNeedsReauth,
  REFRESH_AHEAD_MS,
  refreshTokensOnce,
  tokensOf,
} from '../social-accounts';
import { afterBackoff, MAX_ATTEMPTS, messageOf, retryOrGiveUp, type Verdict } from './publish-rules';
import {
  attemptInRound,
  listPublishAccounts,
  type PostRow,
  type SocialAccountRow,
} from './publishing.repository';

/** Who a post goes out as, with live tokens. */
export interface PublishTarget {
  account: SocialAccountRow;
  provider: SocialProvider;
  tokens: TokenSet;
}

export const severalAccountsReason = (platformLabel: string) =>
  `Several ${platformLabel} accounts are connected: choose the one this post goes out on, then retry.`;

/**
 * The account a post goes out on: its own, or the workspace's only one of its platform, with
 * tokens refreshed when they expire within a few minutes. Otherwise what the attempt ends in.
 */
export async function resolvePublishTarget(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'jobs' | 'log'>,
  post: PostRow,
  facts: { attemptNumber: number; now: Date; missedAfterMs: number },
  /** The accounts when the claim already read them. */
  known?: SocialAccountRow[],
): Promise<{ target: PublishTarget } | { verdict: Verdict }> {
  const label = platformLabels[post.platform];
  const fail = (errorKind: 'no_account' | 'needs_reauth' | 'platform_error', reason: string) => ({
    verdict: { kind: 'fail', errorKind, message: reason, reason, needsReauth: false } as Verdict,
  });
  const accounts = known ?? (await listPublishAccounts(ctx.database.db, post));
  const [account] = accounts;
  if (!account) return fail('no_account', publishingMessages.noAccount);
  if (accounts.length > 1) return fail('no_account', severalAccountsReason(label));
  // An account beyond the plan's limit (the plan shrank) takes no posts until it fits again.
  const overLimit = await accountOverPlanLimitReason(ctx.database.db, post.workspaceId, account.id);
  if (overLimit) return fail('no_account', overLimit);
  if (account.status === 'needs_reauth') return fail('needs_reauth', publishingMessages.needsReauth(label));
  const provider = ctx.socialProviders[post.platform];
  if (!provider) return fail('platform_error', `Publishing to ${label} is not available on this server.`);

  const tokens = tokensOf(ctx, account);
  const expiresAt = tokens.expiresAt?.getTime();
  if (expiresAt === undefined || expiresAt - facts.now.getTime() > REFRESH_AHEAD_MS) {
    return { target: { account, provider, tokens } };
  }
  if (!canRefresh(account, provider)) {
    if (expiresAt > facts.now.getTime()) return { target: { account, provider, tokens } };
    const day = new Date(expiresAt).toISOString().slice(0, 10);
    await markNeedsReauth(ctx, account, `Access expired on ${day}.`);
    return fail('needs_reauth', publishingMessages.needsReauth(label));
  }
  try {
    return { target: { account, provider, tokens: await refreshTokensOnce(ctx, account, provider) } };
  } catch (error) {
    if (error instanceof TokenExpiredError) {
      await markNeedsReauth(ctx, account, `${label} no longer accepts Kitepost's access.`);
      return fail('needs_reauth', publishingMessages.needsReauth(label));
    }
    // A refresh creates no post: whatever went wrong, another attempt is safe.
    const message = `Refreshing the ${label} token failed: ${messageOf(error)}`;
    const round = await attemptInRound(ctx.database.db, post.id, facts.attemptNumber, MAX_ATTEMPTS);
    const inRound = { ...facts, attemptNumber: round };
    return {
      verdict: retryOrGiveUp('platform_error', message, afterBackoff(inRound), {
        ...inRound,
        scheduledAt: post.scheduledAt ?? facts.now,
        platformLabel: label,
      }),
    };
  }
}
