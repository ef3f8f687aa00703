import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** Whose key it is: the workspace and the caller (an API key's id, or a user's id). */
export interface IdempotencyScope {
  workspaceId: string;
  caller: string;
  key: string;
}

/** What a request made with the key was. */
export interface IdempotentRequest {
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredAnswer {
  statusCode: number;
  body: string;
  contentType: string | null;
}

const inScope = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.workspaceId, scope.workspaceId),
    eq(idempotencyKeys.caller, scope.caller),
    eq(idempotencyKeys.key, scope.key),
  );

/**
 * Takes the key for this request in one statement (the primary key decides between two racing
 * requests): inserted when absent, or taken over when the row there is older than `expiredBefore`
 * (kept long enough) or still running since before `abandonedBefore` (its process died). True when
 * this request holds the key now; false when someone else's row stands.
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  request: IdempotentRequest,
  limits: { expiredBefore: Date; abandonedBefore: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...scope, ...request })
    .onConflictDoUpdate({
      target: [idempotencyKeys.workspaceId, idempotencyKeys.caller, idempotencyKeys.key],
      set: {
        ...request,
        statusCode: null,
        responseBody: null,
        responseContentType: null,
        createdAt: sql`now()`,
      },
      setWhere: or(
        lt(idempotencyKeys.createdAt, limits.expiredBefore),
        and(isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, limits.abandonedBefore)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** The row that holds the key, if any. */
export async function findIdempotencyKey(db: Db, scope: IdempotencyScope) {
  const [row] = await db
    .select({
      method: idempotencyKeys.method,
      path: idempotencyKeys.path,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
      responseContentType: idempotencyKeys.responseContentType,
    })
    .from(idempotencyKeys)
    .where(inScope(scope));
  return row;
}

/** Keeps the first answer; only into the running row of this very request. */
export async function storeIdempotentAnswer(
  db: Db,
  scope: IdempotencyScope,
  request: IdempotentRequest,
  answer: StoredAnswer,
) {
  await db
    .update(idempotencyKeys)
    .set({
      statusCode: answer.statusCode,
      responseBody: answer.body,
      responseContentType: answer.contentType,
    })
    .where(
      and(
        inScope(scope),
        isNull(idempotencyKeys.statusCode),
        eq(idempotencyKeys.requestHash, request.requestHash),
        eq(idempotencyKeys.path, request.path),
      ),
    );
}

/** Gives the key back (an answer not to replay): the next request with it runs again. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope, request: IdempotentRequest) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        inScope(scope),
        isNull(idempotencyKeys.statusCode),
        eq(idempotencyKeys.requestHash, request.requestHash),
        eq(idempotencyKeys.path, request.path),
      ),
    );
}

/** The cleanup job's part: keys past their time are never replayed again. */
export async function deleteExpiredIdempotencyKeys(db: Db, olderThan: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan));
}
