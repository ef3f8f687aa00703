import type { WorkspaceRole } from '../../../contracts/auth';
import {
  API_KEYS_PER_WORKSPACE,
  type ApiKey,
  type ApiKeyList,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '../../../contracts/integrations';
import { can, roleLabels, rolePermissions } from '../../../contracts/team';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../activity';
import { insertAuditEntry } from '../audit';
import { requireIntegrations } from '../plans';
import { generateApiKey } from './api-key-secret';
import {
  type ApiKeyRow,
  countLiveApiKeys,
  insertApiKey,
  listWorkspaceApiKeys,
  lockWorkspaceForKeys,
  revokeWorkspaceApiKey,
  workspaceHasApiKey,
} from './api-keys.repository';

/*
 * Settings › API (issue 26): a workspace's keys. A key acts as its creator with the role it was
 * given, which may not reach beyond the creator's own; its secret is answered once and only its
 * hash is kept. The auth plugin turns a key on a request into a caller (api-key-auth.ts).
 */

/** The member who manages keys (the permission table has already checked `api.manage`). */
export interface ApiKeyActor {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  firstName: string;
  lastName: string;
  email: string;
  /** The caller's address, for the audit log. */
  ip: string;
  /** The request came with an API key, not a session: keys do not make keys. */
  viaApiKey: boolean;
}

export const apiKeyMessages = {
  notFound: 'API key not found',
  roleAboveCreator: (actorRole: WorkspaceRole, keyRole: WorkspaceRole) =>
    `Your role in this workspace (${roleLabels[actorRole]}) cannot make a key that acts as ${roleLabels[keyRole]}: a key never does more than the person who made it.`,
  tooMany: `This workspace already has ${API_KEYS_PER_WORKSPACE} active API keys. Revoke one you no longer use before making another.`,
  keyCannotMakeKeys: 'An API key cannot make API keys. Make new keys in Settings › API while signed in.',
  workspaceGone: 'Workspace not found',
} as const;

const nameOf = (person: { firstName: string; lastName: string; email: string }) =>
  [person.firstName.trim(), person.lastName.trim()].filter(Boolean).join(' ') || person.email;

function toApiKey(row: ApiKeyRow): ApiKey {
  const creator =
    row.creatorEmail === null
      ? 'Removed user'
      : nameOf({
          firstName: row.creatorFirstName ?? '',
          lastName: row.creatorLastName ?? '',
          email: row.creatorEmail,
        });
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    createdBy: { id: row.createdByUserId, name: creator },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** GET /api/api-keys: every key, revoked and expired ones too, newest first. */
export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKeyList> {
  return { keys: (await listWorkspaceApiKeys(db, workspaceId)).map(toApiKey) };
}

/**
 * Whether a key with `keyRole` would do nothing its creator cannot: every permission of the role
 * is one of the creator's.
 */
export function roleWithin(actorRole: WorkspaceRole, keyRole: WorkspaceRole): boolean {
  return rolePermissions[keyRole].every((permission) => can(actorRole, permission));
}

/**
 * POST /api/api-keys: on a plan with the API, a role within the creator's, and at most
 * API_KEYS_PER_WORKSPACE live keys (counted under the workspace's lock, so two at once cannot
 * both take the last place). The answer carries the key: the only time it is shown.
 */
export async function createApiKey(
  db: Db,
  actor: ApiKeyActor,
  body: CreateApiKeyBody,
  now = new Date(),
): Promise<CreatedApiKey> {
  if (actor.viaApiKey) throw new AppError('forbidden', apiKeyMessages.keyCannotMakeKeys);
  if (!roleWithin(actor.role, body.role)) {
    throw new AppError('forbidden', apiKeyMessages.roleAboveCreator(actor.role, body.role));
  }
  await requireIntegrations(db, actor.workspaceId);
  const secret = generateApiKey();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  const created = await db.transaction(async (tx) => {
    if (!(await lockWorkspaceForKeys(tx, actor.workspaceId))) {
      throw new AppError('not_found', apiKeyMessages.workspaceGone);
    }
    if ((await countLiveApiKeys(tx, actor.workspaceId, now)) >= API_KEYS_PER_WORKSPACE) {
      throw new AppError('conflict', apiKeyMessages.tooMany);
    }
    const row = await insertApiKey(tx, {
      workspaceId: actor.workspaceId,
      createdByUserId: actor.userId,
      name: body.name,
      role: body.role,
      prefix: secret.prefix,
      keyHash: secret.hash,
      expiresAt,
    });
    await insertActivity(tx, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: 'api_key.created',
      summary: `${actor.firstName.trim() || nameOf(actor)} made the API key "${body.name}" (${roleLabels[body.role]})`,
    });
    return row;
  });
  await insertAuditEntry(db, {
    actorUserId: actor.userId,
    action: 'api_key.created',
    targetType: 'api_key',
    targetId: created.id,
    after: {
      workspaceId: actor.workspaceId,
      name: body.name,
      role: body.role,
      prefix: secret.prefix,
      expiresAt: expiresAt?.toISOString() ?? null,
    },
    ipAddress: actor.ip,
  });
  return {
    id: created.id,
    name: body.name,
    role: body.role,
    prefix: secret.prefix,
    createdBy: { id: actor.userId, name: nameOf(actor) },
    createdAt: created.createdAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    lastUsedAt: null,
    revokedAt: null,
    key: secret.key,
  };
}

/**
 * DELETE /api/api-keys/:id: the key opens nothing from now on; it stays in the list as revoked.
 * Revoking a revoked key changes nothing and is no error; another workspace's key is a 404.
 */
export async function revokeApiKey(
  db: Db,
  actor: Pick<ApiKeyActor, 'workspaceId' | 'userId' | 'firstName' | 'lastName' | 'email' | 'ip'>,
  id: string,
  now = new Date(),
): Promise<void> {
  const revoked = await revokeWorkspaceApiKey(db, actor.workspaceId, id, now);
  if (!revoked) {
    if (!(await workspaceHasApiKey(db, actor.workspaceId, id)))
      throw new AppError('not_found', apiKeyMessages.notFound);
    return;
  }
  await insertActivity(db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'api_key.revoked',
    summary: `${actor.firstName.trim() || nameOf(actor)} revoked the API key "${revoked.name}"`,
  });
  await insertAuditEntry(db, {
    actorUserId: actor.userId,
    action: 'api_key.revoked',
    targetType: 'api_key',
    targetId: id,
    before: { workspaceId: actor.workspaceId, ...revoked },
    ipAddress: actor.ip,
  });
}
