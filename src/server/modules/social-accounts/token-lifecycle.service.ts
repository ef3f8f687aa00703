import { setTimeout as delay } from 'node:timers/promises';
import { platformLabels } from '../../../contracts/platforms';
import type { AppContext } from '../../context';
import {
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../../integrations/social/social-provider';
import { insertActivity } from '../activity';
import { emitAccountEvent } from '../webhooks';
import {
  findSocialAccount,
  listAccountsExpiringBefore,
  type SocialAccountRow,
  updateSocialAccount,
} from './social-accounts.repository';
import { canRefresh, sealConnection, tokensOf } from './social-accounts.service';
import { EXPIRY_WARNING_MS, tokenAction } from './token-lifecycle';

export interface TokenLifecycleReport {
  refreshed: number;
  needsReauth: number;
  warned: number;
  failed: number;
}

const dateOf = (date: Date) => date.toISOString().slice(0, 10);
const nameOf = (row: SocialAccountRow) => `${platformLabels[row.platform]} account @${row.username}`;

/**
 * The token job: refreshes tokens before they expire, marks an account `needs_reauth` when its
 * token is revoked, refused or expired (and tells the workspace in its activity feed), and warns
 * 7 days before a token that cannot be refreshed expires. Safe to run again at any time; a
 * platform that fails for another reason (rate limit, outage) is simply tried on the next run.
 */
export async function runTokenLifecycle(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'log' | 'jobs'>,
  now = new Date(),
): Promise<TokenLifecycleReport> {
  const report: TokenLifecycleReport = { refreshed: 0, needsReauth: 0, warned: 0, failed: 0 };
  // Tokens refresh at a quarter of their lifetime left, at most 15 days of a 60-day one.
  const horizon = new Date(now.getTime() + Math.max(EXPIRY_WARNING_MS, 16 * 24 * 60 * 60 * 1000));
  for (const row of await listAccountsExpiringBefore(ctx.database.db, horizon)) {
    const provider = ctx.socialProviders[row.platform];
    if (!provider) continue;
    const action = tokenAction(
      {
        status: row.status,
        expiresAt: row.tokenExpiresAt,
        storedAt: row.updatedAt,
        refreshable: canRefresh(row, provider),
        warnedAt: row.expiryWarnedAt,
      },
      now,
    );
    if (action === 'refresh') {
      try {
        // The publisher's path: a refusal because another process rotated the token is no refusal.
        await refreshTokensOnce(ctx, row, provider);
        report.refreshed++;
      } catch (error) {
        if (error instanceof TokenExpiredError) {
          await markNeedsReauth(
            ctx,
            row,
            `${platformLabels[row.platform]} no longer accepts Kitepost's access.`,
          );
          report.needsReauth++;
        } else {
          ctx.log.warn(
            { err: error, accountId: row.id },
            'refreshing a social token failed; trying again later',
          );
          report.failed++;
        }
      }
    } else if (action === 'expire') {
      await markNeedsReauth(ctx, row, `Access expired on ${dateOf(row.tokenExpiresAt ?? now)}.`);
      report.needsReauth++;
    } else if (action === 'warn-expiring') {
      await updateSocialAccount(ctx.database.db, row.id, { expiryWarnedAt: now });
      await insertActivity(ctx.database.db, {
        workspaceId: row.workspaceId,
        actorUserId: null,
        kind: 'account.expiring',
        summary: `${nameOf(row)} stops working on ${dateOf(row.tokenExpiresAt ?? now)}: reconnect it before then.`,
      });
      report.warned++;
    }
  }
  return report;
}

/**
 * Refreshes the account's tokens at the platform and stores them sealed; answers the fresh set.
 * Throws what the provider throws (TokenExpiredError when the platform refuses).
 */
export async function refreshAccountTokens(
  ctx: Pick<AppContext, 'database' | 'tokenCipher'>,
  row: SocialAccountRow,
  provider: SocialProvider,
): Promise<TokenSet> {
  const current = tokensOf(ctx, row);
  const fresh = await provider.refreshTokens(current);
  await updateSocialAccount(ctx.database.db, row.id, {
    accessTokenEncrypted: ctx.tokenCipher.encrypt(fresh.accessToken),
    refreshTokenEncrypted: fresh.refreshToken
      ? ctx.tokenCipher.encrypt(fresh.refreshToken)
      : row.refreshTokenEncrypted,
    tokenExpiresAt: fresh.expiresAt,
    refreshTokenExpiresAt: fresh.refreshExpiresAt ?? row.refreshTokenExpiresAt,
    scopes: fresh.scopes.length > 0 ? fresh.scopes : row.scopes,
    // A DPoP-bound token (Bluesky) may come back with what its calls need; else the old stays.
    ...(fresh.connection ? { connectionEncrypted: sealConnection(ctx, fresh.connection) } : {}),
  });
  return fresh.connection || !current.connection ? fresh : { ...fresh, connection: current.connection };
}

/** How long a refused refresh waits for another process's refresh of the same token to be stored. */
export const REFRESH_RACE_GRACE_MS = 5_000;
const REFRESH_RACE_POLL_MS = 100;

/** Refreshes in flight in this process, per provider and account: one refresh, shared. */
const refreshesInFlight = new WeakMap<SocialProvider, Map<string, Promise<TokenSet>>>();

/**
 * The one way every part of Kitepost refreshes an account's tokens (the publisher, the token job,
 * metrics reads): answers live tokens, or throws what the platform said.
 *
 * - In one process, callers of the same account share one refresh (several posts due together,
 *   the token job running beside the publisher).
 * - Across processes, a platform that rotates refresh tokens (X: the answer carries the next one
 *   and the used one is refused from then on, platforms.md "Token refresh races") refuses the
 *   loser of two refreshes with a TokenExpiredError (X: 400 invalid_request "Value passed for the
 *   token was invalid"; RFC 6749 platforms: invalid_grant). That refusal says nothing about the
 *   grant: the winner is storing its tokens, perhaps still waiting for the platform's answer. So
 *   a refusal re-reads the stored account, for up to `graceMs`, and carries on with the tokens
 *   another process stored; only a refusal nobody else explains is thrown (the account then
 *   needs the user).
 */
export function refreshTokensOnce(
  ctx: Pick<AppContext, 'database' | 'tokenCipher'>,
  row: SocialAccountRow,
  provider: SocialProvider,
  options: { graceMs?: number } = {},
): Promise<TokenSet> {
  let running = refreshesInFlight.get(provider);
  if (!running) {
    running = new Map();
    refreshesInFlight.set(provider, running);
  }
  const inFlight = running.get(row.id);
  if (inFlight) return inFlight;
  const refresh = refreshAccountTokens(ctx, row, provider)
    .catch(async (error: unknown) => {
      if (!(error instanceof TokenExpiredError)) throw error;
      const stored = await waitForTokensStoredSince(ctx, row, options.graceMs ?? REFRESH_RACE_GRACE_MS);
      if (stored) return tokensOf(ctx, stored);
      throw error;
    })
    .finally(() => running.delete(row.id));
  running.set(row.id, refresh);
  return refresh;
}

/** tokensStoredSince, asked again until `graceMs` has passed: the winner of a race may be slow. */
async function waitForTokensStoredSince(
  ctx: Pick<AppContext, 'database'>,
  row: SocialAccountRow,
  graceMs: number,
): Promise<SocialAccountRow | undefined> {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const stored = await tokensStoredSince(ctx, row);
    if (stored || Date.now() >= deadline) return stored;
    await delay(Math.min(REFRESH_RACE_POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

/**
 * After the platform refused a refresh: the account as stored now when another process has
 * stored new tokens since `row` was read, else undefined. A platform that rotates refresh tokens
 * (X) refuses the second use of one, so a refusal right after someone else's refresh says
 * nothing about the grant. refreshTokensOnce asks this before giving up.
 */
export async function tokensStoredSince(
  ctx: Pick<AppContext, 'database'>,
  row: SocialAccountRow,
): Promise<SocialAccountRow | undefined> {
  const now = await findSocialAccount(ctx.database.db, row.workspaceId, row.id);
  return now && now.accessTokenEncrypted !== row.accessTokenEncrypted ? now : undefined;
}

/**
 * Marks the account as needing the user, with the reason, and says so in the workspace feed (and
 * to its webhooks, when it was connected until now).
 */
export async function markNeedsReauth(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'log'>,
  row: SocialAccountRow,
  reason: string,
) {
  await updateSocialAccount(ctx.database.db, row.id, { status: 'needs_reauth', statusReason: reason });
  if (row.status !== 'needs_reauth') await emitAccountEvent(ctx, 'account.needs_reauth', row);
  await insertActivity(ctx.database.db, {
    workspaceId: row.workspaceId,
    actorUserId: null,
    kind: 'account.needs_reauth',
    summary: `${nameOf(row)} needs reconnecting: ${reason}`,
  });
}
