import { createHash, randomBytes } from 'node:crypto';
import { plans } from '../../../contracts/plans';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { type SocialAccount, socialAccountMessages } from '../../../contracts/social-accounts';
import type { Db } from '../../db/client';
import type { SocialProvider, TokenSet } from '../../integrations/social/social-provider';
import { AppError } from '../../lib/app-error';
import type { TokenCipher } from '../../lib/token-cipher';
import { findWorkspacePlan } from '../workspaces/workspaces.repository';
import {
  consumeOAuthState,
  countSocialAccounts,
  deleteSocialAccountKeepingPosts,
  findSocialAccount,
  findSocialAccountByExternalId,
  insertOAuthState,
  listSocialAccounts,
  type SocialAccountRow,
  upsertSocialAccount,
} from './social-accounts.repository';

/** What the social-accounts use cases need from the app. */
export interface SocialContext {
  db: Db;
  cipher: TokenCipher;
  providers: Record<PublishingPlatform, SocialProvider | undefined>;
  appUrl: string;
  log: { warn(details: object, message: string): void };
}

/** Who connects: the session is part of it, since an OAuth state is bound to the session. */
export interface Connector {
  sessionId: string;
  userId: string;
  workspaceId: string;
}

const STATE_TTL_MS = 10 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const callbackUrl = (appUrl: string, platform: PublishingPlatform) =>
  `${appUrl}/api/auth/social/${platform}/callback`;

export function toSocialAccount(row: SocialAccountRow): SocialAccount {
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
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    sandbox: row.sandbox,
  };
}

export async function listAccounts(ctx: SocialContext, workspaceId: string): Promise<SocialAccount[]> {
  return (await listSocialAccounts(ctx.db, workspaceId)).map(toSocialAccount);
}

function providerOf(ctx: SocialContext, platform: PublishingPlatform): SocialProvider {
  const provider = ctx.providers[platform];
  if (!provider)
    throw new AppError('bad_request', socialAccountMessages.notAvailable(platformLabels[platform]));
  return provider;
}

/** The plan's limit, when the workspace is at it: connecting one more account is refused (402). */
async function planLimitReached(ctx: SocialContext, workspaceId: string) {
  const plan = await findWorkspacePlan(ctx.db, workspaceId);
  const limit = plan ? plans[plan].limits.socialAccounts : 0;
  if (limit === null) return null;
  const connected = await countSocialAccounts(ctx.db, workspaceId);
  return connected >= limit ? { limit, planName: plan ? plans[plan].name : 'current' } : null;
}

/**
 * Starts a connection: a fresh `state` (only its hash is stored) bound to this session, single
 * use, valid 10 minutes, with a PKCE verifier (encrypted) where the platform uses PKCE.
 * Refused early when the plan's limit is reached and there is no account of this platform to
 * reconnect.
 */
export async function beginConnect(ctx: SocialContext, who: Connector, platform: PublishingPlatform) {
  const provider = providerOf(ctx, platform);
  const reached = await planLimitReached(ctx, who.workspaceId);
  if (reached && (await countSocialAccounts(ctx.db, who.workspaceId, platform)) === 0) {
    throw new AppError('payment_required', socialAccountMessages.planLimit(reached.limit, reached.planName));
  }
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = provider.usesPkce ? randomBytes(48).toString('base64url') : undefined;
  await insertOAuthState(ctx.db, {
    stateHash: sha256(state),
    sessionId: who.sessionId,
    workspaceId: who.workspaceId,
    userId: who.userId,
    platform,
    codeVerifierEncrypted: codeVerifier ? ctx.cipher.encrypt(codeVerifier) : null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const authorizeUrl = provider.authorizeUrl({
    state,
    redirectUri: callbackUrl(ctx.appUrl, platform),
    ...(codeVerifier ? { codeChallenge: sha256(codeVerifier) } : {}),
  });
  return { authorizeUrl };
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * Finishes a connection from the platform's redirect. The state must be one this session
 * started, unused and unexpired (a forged or replayed state is refused). Then the code is
 * exchanged, the account read, and its tokens stored encrypted; the same external account
 * connected again updates its row.
 */
export async function completeConnect(
  ctx: SocialContext,
  who: Pick<Connector, 'sessionId'> | null,
  platform: PublishingPlatform,
  query: CallbackQuery,
  now = new Date(),
): Promise<SocialAccount> {
  const provider = providerOf(ctx, platform);
  if (!query.state) throw new AppError('bad_request', socialAccountMessages.stateInvalid);
  const state = await consumeOAuthState(ctx.db, sha256(query.state), now);
  if (!state || state.platform !== platform || !who || state.sessionId !== who.sessionId) {
    throw new AppError('bad_request', socialAccountMessages.stateInvalid);
  }
  if (query.error) {
    const cancelled = query.error === 'access_denied';
    throw new AppError(
      'bad_request',
      cancelled
        ? `You cancelled the connection to ${platformLabels[platform]}.`
        : `${platformLabels[platform]} refused the connection: ${query.error_description ?? query.error}`,
    );
  }
  if (!query.code) throw new AppError('bad_request', socialAccountMessages.connectFailed);
  const tokens = await provider.exchangeCode({
    code: query.code,
    redirectUri: callbackUrl(ctx.appUrl, platform),
    ...(state.codeVerifierEncrypted ? { codeVerifier: ctx.cipher.decrypt(state.codeVerifierEncrypted) } : {}),
  });
  const [account] = await provider.listAccounts(tokens);
  if (!account)
    throw new AppError('bad_request', `No ${platformLabels[platform]} account came with this sign-in.`);
  const existing = await findSocialAccountByExternalId(
    ctx.db,
    state.workspaceId,
    platform,
    account.externalId,
  );
  if (!existing) {
    const reached = await planLimitReached(ctx, state.workspaceId);
    if (reached) {
      await provider.revoke(tokens).catch(() => undefined);
      throw new AppError(
        'payment_required',
        socialAccountMessages.planLimit(reached.limit, reached.planName),
      );
    }
  }
  const own: TokenSet = account.tokens ?? tokens;
  const row = await upsertSocialAccount(ctx.db, {
    workspaceId: state.workspaceId,
    connectedByUserId: state.userId,
    platform,
    externalId: account.externalId,
    username: account.username,
    displayName: account.displayName,
    avatarUrl: account.avatarUrl,
    followers: account.followers,
    status: 'connected',
    statusReason: null,
    accessTokenEncrypted: ctx.cipher.encrypt(own.accessToken),
    refreshTokenEncrypted: own.refreshToken ? ctx.cipher.encrypt(own.refreshToken) : null,
    tokenExpiresAt: own.expiresAt,
    refreshTokenExpiresAt: own.refreshExpiresAt,
    scopes: own.scopes,
    sandbox: provider.sandbox,
    connectedAt: now,
  });
  return toSocialAccount(row);
}

/** Disconnects: revokes at the platform where it can (a failure there does not keep the account). */
export async function disconnectAccount(ctx: SocialContext, workspaceId: string, id: string) {
  const row = await findSocialAccount(ctx.db, workspaceId, id);
  if (!row) throw new AppError('not_found', 'Account not found');
  const provider = ctx.providers[row.platform];
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
  await deleteSocialAccountKeepingPosts(ctx.db, workspaceId, id, socialAccountMessages.movedToDraft);
}

export function tokensOf(ctx: SocialContext, row: SocialAccountRow): TokenSet {
  return {
    accessToken: ctx.cipher.decrypt(row.accessTokenEncrypted),
    refreshToken: row.refreshTokenEncrypted ? ctx.cipher.decrypt(row.refreshTokenEncrypted) : null,
    expiresAt: row.tokenExpiresAt,
    refreshExpiresAt: row.refreshTokenExpiresAt,
    scopes: row.scopes,
  };
}
