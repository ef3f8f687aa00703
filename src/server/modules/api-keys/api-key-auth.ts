import type { SessionUser } from '../../../contracts/auth';
import { INTEGRATIONS_FEATURE_NAME, integrationsByPlan } from '../../../contracts/integrations';
import { plans } from '../../../contracts/plans';
import { roleLabels } from '../../../contracts/team';
import type { Db } from '../../db/client';
import type { ErrorCode } from '../../lib/app-error';
import { hitRateLimit } from '../rate-limits';
import { toSessionUser } from '../users';
import { findApiKeyByHash, touchApiKey } from './api-key-lookup.repository';
import { hashApiKey, looksLikeApiKey } from './api-key-secret';
import { roleWithin } from './api-keys.service';

/** Who a valid key stands for: its creator, in the key's workspace, with the key's role. */
export interface ApiKeyCaller {
  keyId: string;
  user: SessionUser;
  workspaceId: string;
  postsVersion: string;
  analyticsVersion: string;
}

/** Why a key was refused: the answer's code and message (and the plan that would allow it). */
interface ApiKeyRefusal {
  code: ErrorCode;
  message: string;
  planNeeded?: 'professional';
}

const NOT_VALID =
  'This API key is not valid. Check that you copied all of it, or create a new one in Settings › API.';

/**
 * The caller a request's API key stands for, or why it is refused. A key acts as its creator in
 * its workspace with the key's role; it is refused when revoked, expired, when the creator has left
 * the workspace or no longer has every permission of the key's role (decision 076: a key never
 * grows above the person who made it), and when the workspace's plan has no API.
 */
export async function resolveApiKeyAuth(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ caller: ApiKeyCaller } | { refusal: ApiKeyRefusal }> {
  if (!looksLikeApiKey(token)) return { refusal: { code: 'unauthorized', message: NOT_VALID } };
  const row = await findApiKeyByHash(db, hashApiKey(token));
  if (!row || row.key.revokedAt) {
    return {
      refusal: {
        code: 'unauthorized',
        message: row ? 'This API key was revoked. Create a new one in Settings › API.' : NOT_VALID,
      },
    };
  }
  if (row.key.expiresAt && row.key.expiresAt.getTime() <= now.getTime()) {
    return {
      refusal: {
        code: 'unauthorized',
        message: `This API key expired on ${row.key.expiresAt.toISOString().slice(0, 10)}. Create a new one in Settings › API.`,
      },
    };
  }
  if (!row.user.isActive || !row.creatorRole) {
    return {
      refusal: {
        code: 'unauthorized',
        message:
          'The person who created this API key is no longer a member of the workspace, so the key no longer works. Create a new one in Settings › API.',
      },
    };
  }
  if (!roleWithin(row.creatorRole, row.key.role)) {
    return {
      refusal: {
        code: 'forbidden',
        message: `This API key acts as ${roleLabels[row.key.role]}, but the person who created it is now ${roleLabels[row.creatorRole]}, so the key no longer works. Create a new one in Settings › API.`,
      },
    };
  }
  if (!integrationsByPlan[row.workspace.plan]) {
    return {
      refusal: {
        code: 'plan_limit',
        message: `The ${plans[row.workspace.plan].name} plan does not include ${INTEGRATIONS_FEATURE_NAME}. Upgrade to Professional to use API keys.`,
        planNeeded: 'professional',
      },
    };
  }
  await touchApiKey(db, row.key.id, now);
  const user = toSessionUser({ user: row.user, workspace: row.workspace, memberRole: row.key.role }, false);
  return {
    caller: {
      keyId: row.key.id,
      user: { ...user, isAdmin: false },
      workspaceId: row.workspace.id,
      postsVersion: row.workspace.postsVersion,
      analyticsVersion: row.workspace.analyticsVersion,
    },
  };
}

/** Where a key stands against its per-minute limit (the RateLimit-* headers say it). */
export interface ApiKeyRateStanding {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  exceeded: boolean;
}

/** Counts one request of the key against API_RATE_LIMIT_PER_MINUTE (one fixed window per key). */
export async function countApiKeyRequest(db: Db, keyId: string, limit: number): Promise<ApiKeyRateStanding> {
  const windowSeconds = 60;
  const { count, windowStartedAt } = await hitRateLimit(db, `api-key:${keyId}`, windowSeconds);
  const resetsAt = windowStartedAt.getTime() + windowSeconds * 1000;
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000)),
    exceeded: count > limit,
  };
}
