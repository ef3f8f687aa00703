import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { type SocialAccount, socialAccountMessages } from '../../../contracts/social-accounts';
import type { AppContext } from '../../context';
import type { SocialProvider, TokenSet } from '../../integrations/social/social-provider';
import { AppError } from '../../lib/app-error';
import { mediaReachProblem } from '../media';
import { accountsOverPlanLimit } from '../plans';
import {
  deleteSocialAccountKeepingPosts,
  findSocialAccount,
  listSocialAccounts,
  type SocialAccountRow,
} from './social-accounts.repository';
import { EXPIRY_WARNING_MS } from './token-lifecycle';

/** Who connects: the session is part of it, since an OAuth state is bound to the session. */
export interface Connector {
  sessionId: string;
  userId: string;
  workspaceId: string;
}

/** Whether the platform can renew this account's token without the user. */
export function canRefresh(row: SocialAccountRow, provider: SocialProvider | undefined): boolean {
  return Boolean(row.refreshTokenEncrypted) || provider?.refreshesWithAccessToken === true;
}

/** `overPlanLimit`: whether the row is among accountsOverPlanLimit (asked once per list). */
export function toSocialAccount(
  row: SocialAccountRow,
  provider: SocialProvider | undefined,
  overPlanLimit: boolean,
  appUrl: string,
  now = new Date(),
): SocialAccount {
  const expiresAt = row.tokenExpiresAt;
  const endsSoon =
    row.status === 'connected' &&
    expiresAt !== null &&
    !canRefresh(row, provider) &&
    expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_MS;
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    connectedAt: row.connectedAt.toISOString(),
    followers: row.followers,
    posts: row.postsCount,
    engagement: row.engagementRate,
    status: row.status,
    statusReason: row.statusReason,
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    reconnectBy: endsSoon && expiresAt ? expiresAt.toISOString() : null,
    sandbox: row.sandbox,
    overPlanLimit,
    mediaWarning: mediaReachProblem(appUrl, row),
    postLimits: row.postLimits ?? null,
  };
}

export async function listAccounts(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'config'>,
  workspaceId: string,
): Promise<SocialAccount[]> {
  const rows = await listSocialAccounts(ctx.database.db, workspaceId);
  const overLimit = await accountsOverPlanLimit(ctx.database.db, workspaceId);
  return rows.map((row) =>
    toSocialAccount(row, ctx.socialProviders[row.platform], overLimit.has(row.id), ctx.config.appUrl),
  );
}

export function providerOf(
  ctx: Pick<AppContext, 'socialProviders'>,
  platform: PublishingPlatform,
): SocialProvider {
  const provider = ctx.socialProviders[platform];
  if (!provider)
    throw new AppError('bad_request', socialAccountMessages.notAvailable(platformLabels[platform]));
  return provider;
}

/** Disconnects: revokes at the platform where it can (a failure there does not keep the account). */
export async function disconnectAccount(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'log'>,
  workspaceId: string,
  id: string,
) {
  const row = await findSocialAccount(ctx.database.db, workspaceId, id);
  if (!row) throw new AppError('not_found', 'Account not found');
  const provider = ctx.socialProviders[row.platform];
  if (provider) {
    try {
      await provider.revoke(tokensOf(ctx, row));
    } catch (error) {
      ctx.log.warn(
        { err: error, accountId: id },
        'revoking the token at the platform failed; disconnecting anyway',
      );
    }
  }
  await deleteSocialAccountKeepingPosts(ctx.database.db, workspaceId, id, socialAccountMessages.movedToDraft);
}

/** TokenSet.connection sealed for a connection_encrypted column (an account's, or a sign-in's state). */
export const sealConnection = (ctx: Pick<AppContext, 'tokenCipher'>, connection: Record<string, string>) =>
  ctx.tokenCipher.encrypt(JSON.stringify(connection));
export const openConnection = (ctx: Pick<AppContext, 'tokenCipher'>, sealed: string) =>
  JSON.parse(ctx.tokenCipher.decrypt(sealed)) as Record<string, string>;

export function tokensOf(ctx: Pick<AppContext, 'tokenCipher'>, row: SocialAccountRow): TokenSet {
  return {
    accessToken: ctx.tokenCipher.decrypt(row.accessTokenEncrypted),
    refreshToken: row.refreshTokenEncrypted ? ctx.tokenCipher.decrypt(row.refreshTokenEncrypted) : null,
    expiresAt: row.tokenExpiresAt,
    refreshExpiresAt: row.refreshTokenExpiresAt,
    scopes: row.scopes,
    ...(row.connectionEncrypted ? { connection: openConnection(ctx, row.connectionEncrypted) } : {}),
  };
}
