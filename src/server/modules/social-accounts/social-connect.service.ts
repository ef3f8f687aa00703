import { createHash, randomBytes } from 'node:crypto';
import { plans } from '../../../contracts/plans';
import { type PublishingPlatform, platformLabels, serverPlatforms } from '../../../contracts/platforms';
import {
  CONNECT_FLOW_PATTERN,
  type ConnectWithPasswordBody,
  type SocialAccount,
  socialAccountMessages,
} from '../../../contracts/social-accounts';
import type { AppContext } from '../../context';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  type SocialProvider,
  type TokenSet,
} from '../../integrations/social/social-provider';
import { AppError } from '../../lib/app-error';
import { accountsOverPlanLimit, findWorkspacePlan } from '../plans';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { emitAccountEvent } from '../webhooks';
import {
  consumeOAuthState,
  countSocialAccounts,
  findSocialAccountByExternalId,
  insertOAuthState,
  type OAuthStateRow,
  setOAuthPendingChoice,
  takeOAuthPendingChoice,
  upsertSocialAccount,
} from './social-accounts.repository';
import {
  type Connector,
  openConnection,
  providerOf,
  sealConnection,
  toSocialAccount,
} from './social-accounts.service';

const STATE_TTL_MS = 10 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const callbackUrl = (appUrl: string, platform: PublishingPlatform) =>
  `${appUrl}/api/auth/social/${platform}/callback`;

/** The plan's limit, when the workspace is at it: connecting one more account is refused (402). */
async function planLimitReached(ctx: Pick<AppContext, 'database'>, workspaceId: string) {
  const plan = await findWorkspacePlan(ctx.database.db, workspaceId);
  const limit = plan ? plans[plan].limits.socialAccounts : 0;
  if (limit === null) return null;
  const connected = await countSocialAccounts(ctx.database.db, workspaceId);
  return connected >= limit ? { limit, planName: plan ? plans[plan].name : 'current' } : null;
}

/**
 * Starts a connection: a fresh `state` (only its hash is stored) bound to this session, single
 * use, valid 10 minutes, with a PKCE verifier (encrypted) where the platform uses PKCE.
 * Refused early when the plan's limit is reached and there is no account of this platform to
 * reconnect.
 */
export async function beginConnect(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'config'>,
  who: Connector,
  platform: PublishingPlatform,
  options: { flow?: string; server?: string } = {},
) {
  const provider = providerOf(ctx, platform);
  const reached = await planLimitReached(ctx, who.workspaceId);
  if (reached && (await countSocialAccounts(ctx.database.db, who.workspaceId, platform)) === 0) {
    throw new AppError('plan_limit', socialAccountMessages.planLimit(reached.limit, reached.planName));
  }
  const secret = randomBytes(32).toString('base64url');
  // The opener's flow id rides on the state, so the callback can name the attempt it answers.
  const state = options.flow ? `${secret}.${options.flow}` : secret;
  if ((serverPlatforms as readonly string[]).includes(platform) && !options.server) {
    throw new AppError('bad_request', socialAccountMessages.serverNeeded(platformLabels[platform]));
  }
  const codeVerifier = provider.usesPkce ? randomBytes(48).toString('base64url') : undefined;
  // A network that must be asked first (a Mastodon instance's app, a Bluesky PAR) answers a start.
  const request = {
    state,
    redirectUri: callbackUrl(ctx.config.appUrl, platform),
    ...(codeVerifier ? { codeChallenge: sha256(codeVerifier) } : {}),
    ...(options.server ? { server: options.server } : {}),
  };
  let started: { url: string; connection?: Record<string, string> };
  try {
    started = provider.startAuthorization
      ? await provider.startAuthorization(request)
      : { url: provider.authorizeUrl(request) };
  } catch (error) {
    // A server or handle the network refuses (or a sign-in it does not offer) is the user's to fix.
    if (error instanceof InvalidContentError) throw new AppError('bad_request', error.message);
    throw error;
  }
  const { url, connection } = started;
  await insertOAuthState(ctx.database.db, {
    stateHash: sha256(state),
    sessionId: who.sessionId,
    workspaceId: who.workspaceId,
    userId: who.userId,
    platform,
    codeVerifierEncrypted: codeVerifier ? ctx.tokenCipher.encrypt(codeVerifier) : null,
    connectionEncrypted: connection ? sealConnection(ctx, connection) : null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { authorizeUrl: url };
}

/** The connection attempt's id (CONNECT_FLOW_PATTERN) carried by a state from beginConnect, or null. */
export function flowOfState(state: string | undefined): string | null {
  const flow = state?.split('.')[1];
  return flow && CONNECT_FLOW_PATTERN.test(flow) ? flow : null;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  /** atproto OAuth names its authorization server in the callback (RFC 9207). */
  iss?: string;
}

/** An account the user may pick (a Facebook Page), without its token. */
export interface AccountChoice {
  externalId: string;
  displayName: string;
  username: string;
  followers: number | null;
}

export type ConnectOutcome =
  | { kind: 'connected'; account: SocialAccount }
  /** Several accounts came with the sign-in: the user picks one, posting `state` back. */
  | { kind: 'choose'; state: string; choices: AccountChoice[] };

/**
 * Finishes a connection from the platform's redirect. The state must be one this session
 * started, unused and unexpired (a forged or replayed state is refused). Then the code is
 * exchanged and the account read; its tokens are stored encrypted, and the same external account
 * connected again updates its row. With several accounts (a Facebook user's Pages) they are kept,
 * encrypted, on the state until the user chooses one (chooseAccount).
 */
export async function completeConnect(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'config' | 'jobs' | 'log'>,
  who: Pick<Connector, 'sessionId'> | null,
  platform: PublishingPlatform,
  query: CallbackQuery,
  now = new Date(),
): Promise<ConnectOutcome> {
  const provider = providerOf(ctx, platform);
  if (!query.state) throw new AppError('bad_request', socialAccountMessages.stateInvalid);
  const state = await consumeOAuthState(ctx.database.db, sha256(query.state), now);
  if (!state || state.platform !== platform || !who || state.sessionId !== who.sessionId) {
    throw new AppError('bad_request', socialAccountMessages.stateInvalid);
  }
  if (query.error) {
    // OAuth's access_denied; LinkedIn says user_cancelled_authorize or user_cancelled_login.
    const cancelled = ['access_denied', 'user_cancelled_authorize', 'user_cancelled_login'].includes(
      query.error,
    );
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
    redirectUri: callbackUrl(ctx.config.appUrl, platform),
    ...(state.codeVerifierEncrypted
      ? { codeVerifier: ctx.tokenCipher.decrypt(state.codeVerifierEncrypted) }
      : {}),
    ...(state.connectionEncrypted
      ? {
          connection: openConnection(ctx, state.connectionEncrypted),
        }
      : {}),
    ...(query.iss ? { params: { iss: query.iss } } : {}),
  });
  const accounts = await provider.listAccounts(tokens);
  const [only] = accounts;
  if (!only)
    throw new AppError('bad_request', `No ${platformLabels[platform]} account came with this sign-in.`);
  if (accounts.length === 1) {
    return { kind: 'connected', account: await saveAccount(ctx, provider, state, only, tokens, now) };
  }
  const pending: PendingChoice = { tokens: sealTokens(tokens), accounts: accounts.map(sealAccount) };
  await setOAuthPendingChoice(
    ctx.database.db,
    state.stateHash,
    ctx.tokenCipher.encrypt(JSON.stringify(pending)),
  );
  return {
    kind: 'choose',
    state: query.state,
    choices: accounts.map(({ externalId, displayName, username, followers }) => ({
      externalId,
      displayName,
      username,
      followers,
    })),
  };
}

/** The user's pick among the offered accounts: once, by the session that started, in time. */
export async function chooseAccount(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'config' | 'jobs' | 'log'>,
  who: Pick<Connector, 'sessionId'> | null,
  platform: PublishingPlatform,
  input: { state: string; externalId: string },
  now = new Date(),
): Promise<SocialAccount> {
  const provider = providerOf(ctx, platform);
  if (!who) throw new AppError('bad_request', socialAccountMessages.stateInvalid);
  const taken = await takeOAuthPendingChoice(ctx.database.db, sha256(input.state), who.sessionId, now);
  if (!taken || taken.state.platform !== platform) {
    throw new AppError('bad_request', socialAccountMessages.stateInvalid);
  }
  const pending = JSON.parse(ctx.tokenCipher.decrypt(taken.sealed)) as PendingChoice;
  const chosen = pending.accounts.find((account) => account.externalId === input.externalId);
  if (!chosen) throw new AppError('bad_request', 'Choose one of the accounts offered.');
  return saveAccount(ctx, provider, taken.state, unsealAccount(chosen), unsealTokens(pending.tokens), now);
}

/**
 * Connects with a password the network issues for apps (a Bluesky app password): the password
 * opens a session at the network and is forgotten; the session's tokens are stored like a
 * sign-in's. Counted per user like sign-ins; refused early at the plan's limit as beginConnect is.
 * A password the network refuses is a 400 with its words.
 */
export async function connectWithPassword(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'config' | 'jobs' | 'log'>,
  who: Pick<Connector, 'userId' | 'workspaceId'>,
  input: ConnectWithPasswordBody,
  now = new Date(),
): Promise<SocialAccount> {
  const { platform } = input;
  const provider = providerOf(ctx, platform);
  if (!provider.connectWithPassword) {
    throw new AppError('bad_request', socialAccountMessages.noPasswordSignIn(platformLabels[platform]));
  }
  await enforceRateLimit(ctx.database.db, rateRules.appPasswordSignIn, who.userId);
  const reached = await planLimitReached(ctx, who.workspaceId);
  if (reached && (await countSocialAccounts(ctx.database.db, who.workspaceId, platform)) === 0) {
    throw new AppError('plan_limit', socialAccountMessages.planLimit(reached.limit, reached.planName));
  }
  let tokens: TokenSet;
  let accounts: ExternalAccount[];
  try {
    tokens = await provider.connectWithPassword({
      identifier: input.identifier,
      password: input.password,
      ...(input.server ? { server: input.server } : {}),
    });
    accounts = await provider.listAccounts(tokens);
  } catch (error) {
    if (error instanceof InvalidContentError) throw new AppError('bad_request', error.message);
    if (error instanceof RateLimitedError) {
      throw new AppError(
        'rate_limited',
        `${platformLabels[platform]} is refusing sign-ins for now; try again later.`,
      );
    }
    if (error instanceof SocialPlatformError) {
      ctx.log.warn({ err: error, platform }, 'connecting with an app password failed');
      throw new AppError(
        'upstream_failed',
        `${platformLabels[platform]} could not be reached: ${error.message}`,
      );
    }
    throw error;
  }
  const [only] = accounts;
  if (!only)
    throw new AppError('bad_request', `No ${platformLabels[platform]} account came with this sign-in.`);
  return saveAccount(
    ctx,
    provider,
    { platform, workspaceId: who.workspaceId, userId: who.userId },
    only,
    tokens,
    now,
  );
}

async function saveAccount(
  ctx: Pick<AppContext, 'database' | 'tokenCipher' | 'config' | 'jobs' | 'log'>,
  provider: SocialProvider,
  state: Pick<OAuthStateRow, 'platform' | 'workspaceId' | 'userId'>,
  account: ExternalAccount,
  tokens: TokenSet,
  now: Date,
): Promise<SocialAccount> {
  const platform = state.platform;
  const existing = await findSocialAccountByExternalId(
    ctx.database.db,
    state.workspaceId,
    platform,
    account.externalId,
  );
  if (!existing) {
    const reached = await planLimitReached(ctx, state.workspaceId);
    if (reached) {
      await provider.revoke(tokens).catch(() => undefined);
      throw new AppError('plan_limit', socialAccountMessages.planLimit(reached.limit, reached.planName));
    }
  }
  const own: TokenSet = account.tokens ?? tokens;
  const row = await upsertSocialAccount(ctx.database.db, {
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
    expiryWarnedAt: null,
    accessTokenEncrypted: ctx.tokenCipher.encrypt(own.accessToken),
    refreshTokenEncrypted: own.refreshToken ? ctx.tokenCipher.encrypt(own.refreshToken) : null,
    tokenExpiresAt: own.expiresAt,
    refreshTokenExpiresAt: own.refreshExpiresAt,
    scopes: own.scopes,
    connectionEncrypted: own.connection ? sealConnection(ctx, own.connection) : null,
    postLimits: account.postLimits ?? null,
    sandbox: provider.sandbox,
    connectedAt: now,
  });
  await emitAccountEvent(ctx, 'account.connected', row);
  // A reconnect keeps its place in connection order, so it can still be over the limit.
  const overLimit = await accountsOverPlanLimit(ctx.database.db, state.workspaceId);
  return toSocialAccount(row, provider, overLimit.has(row.id), ctx.config.appUrl);
}

/** The offered accounts and their tokens as JSON (dates as ISO strings), sealed on the state. */
interface SealedTokens extends Omit<TokenSet, 'expiresAt' | 'refreshExpiresAt'> {
  expiresAt: string | null;
  refreshExpiresAt: string | null;
}
interface PendingChoice {
  tokens: SealedTokens;
  accounts: Array<Omit<ExternalAccount, 'tokens'> & { tokens?: SealedTokens }>;
}
const sealTokens = (t: TokenSet): SealedTokens => ({
  ...t,
  expiresAt: t.expiresAt?.toISOString() ?? null,
  refreshExpiresAt: t.refreshExpiresAt?.toISOString() ?? null,
});
const unsealTokens = (t: SealedTokens): TokenSet => ({
  ...t,
  expiresAt: t.expiresAt ? new Date(t.expiresAt) : null,
  refreshExpiresAt: t.refreshExpiresAt ? new Date(t.refreshExpiresAt) : null,
});
const sealAccount = ({ tokens, ...rest }: ExternalAccount) => ({
  ...rest,
  ...(tokens ? { tokens: sealTokens(tokens) } : {}),
});
const unsealAccount = ({ tokens, ...rest }: PendingChoice['accounts'][number]): ExternalAccount => ({
  ...rest,
  ...(tokens ? { tokens: unsealTokens(tokens) } : {}),
});
