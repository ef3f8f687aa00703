import { IDEMPOTENCY_TTL_HOURS } from '../../../contracts/integrations';
import type { Db } from '../../db/client';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  type IdempotencyScope,
  type IdempotentRequest,
  releaseIdempotencyKey,
  type StoredAnswer,
  storeIdempotentAnswer,
} from './idempotency.repository';

export type { IdempotencyScope, IdempotentRequest, StoredAnswer } from './idempotency.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A key whose first request has been running this long is taken to be abandoned (its process
 * stopped before it could answer), and the next request with it runs. No request of the API runs
 * near this long; waiting the whole 24 hours would leave the caller stuck (decision 077).
 */
export const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/**
 * What to do with a request that carries an Idempotency-Key (Stripe's rules, decision 077):
 * run it (this request now holds the key), replay the first answer, or refuse it because the key
 * belongs to a different request or its first request is still running.
 */
export type IdempotencyOutcome =
  | { kind: 'run' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'different_request' }
  | { kind: 'in_progress' };

/** How often a key that vanished between taking and reading (its request answered 5xx) is tried again. */
const CLAIM_ATTEMPTS = 3;

export async function beginIdempotentRequest(
  db: Db,
  scope: IdempotencyScope,
  request: IdempotentRequest,
  now = new Date(),
): Promise<IdempotencyOutcome> {
  const limits = {
    expiredBefore: new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * HOUR_MS),
    abandonedBefore: new Date(now.getTime() - ABANDONED_AFTER_MS),
  };
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    if (await claimIdempotencyKey(db, scope, request, limits)) return { kind: 'run' };
    const held = await findIdempotencyKey(db, scope);
    if (!held) continue;
    const same =
      held.method === request.method &&
      held.path === request.path &&
      held.requestHash === request.requestHash;
    if (!same) return { kind: 'different_request' };
    if (held.statusCode === null) return { kind: 'in_progress' };
    return {
      kind: 'replay',
      answer: {
        statusCode: held.statusCode,
        body: held.responseBody ?? '',
        contentType: held.responseContentType,
      },
    };
  }
  // Taken and given back in a loop by a request that keeps failing: as busy as running.
  return { kind: 'in_progress' };
}

/**
 * Which answers are kept for replay: those the request's own work produced (2xx, and 4xx such as a
 * refused value). A 5xx is given back so that a retry runs again; so are refusals that a retry
 * may not meet (401 signed out, 403 a role since changed, 429 a limit since reset).
 */
export function keepsAnswer(statusCode: number): boolean {
  if (statusCode < 200 || statusCode >= 500) return false;
  return statusCode !== 401 && statusCode !== 403 && statusCode !== 429;
}

/** Ends the request that holds the key: keeps its answer, or gives the key back (null). */
export async function finishIdempotentRequest(
  db: Db,
  scope: IdempotencyScope,
  request: IdempotentRequest,
  answer: StoredAnswer | null,
) {
  if (answer && keepsAnswer(answer.statusCode)) {
    await storeIdempotentAnswer(db, scope, request, answer);
  } else {
    await releaseIdempotencyKey(db, scope, request);
  }
}

/** The hourly cleanup: keys older than IDEMPOTENCY_TTL_HOURS are no longer kept. */
export async function deleteExpiredIdempotency(db: Db, now = new Date()) {
  await deleteExpiredIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * HOUR_MS));
}
