import type { CreatePinterestBoardRequest, PinterestBoard } from '../../../contracts/pinterest';
import type { AppContext } from '../../context';
import {
  InvalidContentError,
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
 * A Pinterest account's boards, read and made from the composer (issue 27): a Pin is saved to a
 * board. The account must be the caller's workspace's; the platform is asked with its tokens,
 * refreshed first when they are about to end, as the publisher does.
 */

type BoardsContext = Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'jobs' | 'log'>;

async function boardsAccount(ctx: BoardsContext, workspaceId: string, accountId: string) {
  const row = await findSocialAccount(ctx.database.db, workspaceId, accountId);
  if (!row) throw new AppError('not_found', 'Account not found');
  const provider = ctx.socialProviders[row.platform];
  if (row.platform !== 'pinterest' || !provider?.listBoards || !provider.createBoard) {
    throw new AppError('bad_request', 'Only a Pinterest account has boards.');
  }
  if (row.status === 'needs_reauth') {
    throw new AppError('conflict', 'Reconnect this Pinterest account to see its boards.');
  }
  return { row, provider };
}

async function freshTokens(
  ctx: BoardsContext,
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

/** Asks Pinterest; its refusals become our codes (a refused token marks the account). */
async function askPinterest<T>(ctx: BoardsContext, row: SocialAccountRow, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof TokenExpiredError) {
      await markNeedsReauth(ctx, row, "Pinterest no longer accepts Kitepost's access.");
      throw new AppError('conflict', 'Reconnect this Pinterest account to see its boards.');
    }
    if (error instanceof RateLimitedError) {
      throw new AppError('rate_limited', 'Pinterest asks us to slow down: try again in a minute.', {
        retryAfterSeconds: 60,
      });
    }
    if (error instanceof InvalidContentError) throw new AppError('bad_request', error.message);
    ctx.log.warn({ err: error, accountId: row.id }, 'reading or making Pinterest boards failed');
    throw new AppError('upstream_failed', 'Pinterest did not answer as expected: try again.');
  }
}

export async function listPinterestBoards(
  ctx: BoardsContext,
  workspaceId: string,
  accountId: string,
): Promise<PinterestBoard[]> {
  const { row, provider } = await boardsAccount(ctx, workspaceId, accountId);
  return askPinterest(ctx, row, async () =>
    (provider.listBoards as NonNullable<SocialProvider['listBoards']>)(await freshTokens(ctx, row, provider)),
  );
}

export async function createPinterestBoard(
  ctx: BoardsContext,
  workspaceId: string,
  accountId: string,
  board: CreatePinterestBoardRequest,
): Promise<PinterestBoard> {
  const { row, provider } = await boardsAccount(ctx, workspaceId, accountId);
  return askPinterest(ctx, row, async () =>
    (provider.createBoard as NonNullable<SocialProvider['createBoard']>)(
      await freshTokens(ctx, row, provider),
      {
        name: board.name,
        ...(board.description ? { description: board.description } : {}),
      },
    ),
  );
}
