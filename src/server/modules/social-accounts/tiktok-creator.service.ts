import type { TikTokCreatorInfo } from '../../../contracts/tiktok';
import type { AppContext } from '../../context';
import {
  RateLimitedError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../../integrations/social/social-provider';
import { AppError } from '../../lib/app-error';
import { findSocialAccount, type SocialAccountRow } from './social-accounts.repository';
import { canRefresh, tokensOf } from './social-accounts.service';
import { REFRESH_AHEAD_MS } from './token-lifecycle';
import { markNeedsReauth, refreshTokensOnce } from './token-lifecycle.service';

/*
 * What TikTok lets a creator post now (issue 28): the composer must show the creator's nickname,
 * privacy options and interaction settings from a fresh creator_info query before a post
 * (developers.tiktok.com/doc/content-sharing-guidelines). The account must be the caller's
 * workspace's; its tokens are refreshed first when they are about to end, as the publisher does.
 */

type CreatorContext = Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'jobs' | 'log'>;

async function freshTokens(
  ctx: CreatorContext,
  row: SocialAccountRow,
  provider: SocialProvider,
): Promise<TokenSet> {
  const tokens = tokensOf(ctx, row);
  const expiresAt = tokens.expiresAt?.getTime();
  if (expiresAt === undefined || expiresAt - Date.now() > REFRESH_AHEAD_MS || !canRefresh(row, provider)) {
    return tokens;
  }
  return refreshTokensOnce(ctx, row, provider);
}

export async function readTikTokCreator(
  ctx: CreatorContext,
  workspaceId: string,
  accountId: string,
): Promise<TikTokCreatorInfo> {
  const row = await findSocialAccount(ctx.database.db, workspaceId, accountId);
  if (!row) throw new AppError('not_found', 'Account not found');
  const provider = ctx.socialProviders[row.platform];
  if (row.platform !== 'tiktok' || !provider?.readCreatorInfo) {
    throw new AppError('bad_request', 'Only a TikTok account has creator info.');
  }
  const reconnect = 'Reconnect this TikTok account to post to it.';
  if (row.status === 'needs_reauth') throw new AppError('conflict', reconnect);
  const read = provider.readCreatorInfo.bind(provider);
  try {
    return await read(await freshTokens(ctx, row, provider));
  } catch (error) {
    if (error instanceof TokenExpiredError) {
      await markNeedsReauth(ctx, row, "TikTok no longer accepts Kitepost's access.");
      throw new AppError('conflict', reconnect);
    }
    if (error instanceof RateLimitedError) {
      throw new AppError('rate_limited', 'TikTok asks us to slow down: try again in a minute.', {
        retryAfterSeconds: 60,
      });
    }
    ctx.log.warn({ err: error, accountId: row.id }, 'reading TikTok creator info failed');
    throw new AppError('upstream_failed', 'TikTok did not answer as expected: try again.');
  }
}
