import { isAPIError } from 'better-auth/api';
import { type PasskeySummary, securityMessages } from '../../../contracts/account-security';
import type { AppContext } from '../../context';
import { setCookiesOf } from '../../integrations/identity/better-auth';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { insertAuditEntry } from '../audit';
import { requirePasskeys } from '../auth';

type PasskeyContext = Pick<AppContext, 'identity' | 'config' | 'database'>;

/** The passkey plugin's row, as its list and update calls answer it. */
interface PasskeyRow {
  id: string;
  name?: string | null | undefined;
  createdAt?: Date | string | null | undefined;
  deviceType: string;
  backedUp: boolean;
}

function toSummary(row: PasskeyRow): PasskeySummary {
  const createdAt = row.createdAt ? new Date(row.createdAt).toISOString() : null;
  return {
    id: row.id,
    name: row.name?.trim() || 'Passkey',
    createdAt,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
  };
}

/** GET /api/user/passkeys (and part of GET /api/user/security): the caller's passkeys, oldest first. */
export async function listOwnPasskeys(ctx: PasskeyContext, caller: Caller): Promise<PasskeySummary[]> {
  const rows = (await ctx.identity.api.listPasskeys({ headers: caller.headers })) as PasskeyRow[];
  return rows.map(toSummary).sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/** POST /api/user/passkeys/options: the registration challenge (better-auth keeps it 5 minutes). */
export async function passkeyRegistrationOptions(ctx: PasskeyContext, caller: Caller) {
  requirePasskeys(ctx);
  const { headers, response } = await ctx.identity.api.generatePasskeyRegistrationOptions({
    headers: caller.headers,
    returnHeaders: true,
  });
  return { options: response as unknown as Record<string, unknown>, setCookies: setCookiesOf(headers) };
}

/** The browser's attestation as better-auth's passkey plugin types it (RegistrationResponseJSON). */
type PasskeyAttestation = NonNullable<
  Parameters<AppContext['identity']['api']['verifyPasskeyRegistration']>[0]
>['body']['response'];

/** POST /api/user/passkeys: better-auth verifies the browser's answer and stores the public key. */
export async function registerPasskey(
  ctx: PasskeyContext,
  caller: Caller,
  userId: string,
  input: { response: Record<string, unknown>; name?: string | undefined },
): Promise<PasskeySummary> {
  requirePasskeys(ctx);
  let row: PasskeyRow;
  try {
    row = (await ctx.identity.api.verifyPasskeyRegistration({
      body: { response: input.response as unknown as PasskeyAttestation, name: input.name },
      headers: caller.headers,
    })) as PasskeyRow;
  } catch (error) {
    // A browser answer @simplewebauthn refuses comes back as better-auth's 500 with this code.
    const code = isAPIError(error) ? error.body?.code : undefined;
    if (!isAPIError(error) || (error.statusCode >= 500 && code !== 'FAILED_TO_VERIFY_REGISTRATION'))
      throw error;
    throw new AppError('bad_request', 'This passkey could not be added. Try again.');
  }
  await insertAuditEntry(ctx.database.db, {
    actorUserId: userId,
    action: 'user.passkey_added',
    targetType: 'passkey',
    targetId: row.id,
    ipAddress: caller.ip,
  });
  return toSummary(row);
}

/**
 * A 404 unless `id` is one of the caller's passkeys: better-auth's update and delete calls (1.7.6)
 * act on whatever id they are given.
 */
async function requireOwnPasskey(ctx: PasskeyContext, caller: Caller, id: string) {
  const own = await listOwnPasskeys(ctx, caller);
  if (!own.some((passkey) => passkey.id === id)) {
    throw new AppError('not_found', securityMessages.passkeyNotFound);
  }
}

/** PATCH /api/user/passkeys/:id. */
export async function renamePasskey(ctx: PasskeyContext, caller: Caller, id: string, name: string) {
  await requireOwnPasskey(ctx, caller, id);
  const { passkey } = (await ctx.identity.api.updatePasskey({
    body: { id, name },
    headers: caller.headers,
  })) as {
    passkey: PasskeyRow;
  };
  return toSummary(passkey);
}

/** DELETE /api/user/passkeys/:id. */
export async function removePasskey(ctx: PasskeyContext, caller: Caller, userId: string, id: string) {
  await requireOwnPasskey(ctx, caller, id);
  await ctx.identity.api.deletePasskey({ body: { id }, headers: caller.headers });
  await insertAuditEntry(ctx.database.db, {
    actorUserId: userId,
    action: 'user.passkey_removed',
    targetType: 'passkey',
    targetId: id,
    ipAddress: caller.ip,
  });
}
