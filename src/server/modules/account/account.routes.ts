import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSecurity,
  backupCodesResponse,
  disableTwoFactorBody,
  enableTwoFactorResponse,
  passkeyList,
  passkeySummary,
  registerPasskeyBody,
  renamePasskeyBody,
  twoFactorPasswordBody,
  twoFactorStatus,
  verifyTwoFactorBody,
  webAuthnOptions,
} from '../../../contracts/account-security';
import { noContent } from '../../../contracts/common';
import {
  changePasswordBody,
  deleteAccountBody,
  revokeOtherSessionsResponse,
  singleSignOnLinkResponse,
  updateProfileBody,
  updateProfileResponse,
  userSessionList,
} from '../../../contracts/settings';
import type { AppContext } from '../../context';
import { browserSession, callerOf, sendWithCookies, signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { signOut } from '../auth';
import { deleteOwnAccount } from './account-deletion.service';
import {
  changePassword,
  listUserSessions,
  revokeOtherSessions,
  startSingleSignOnLink,
} from './account-security.service';
import { exportUserData } from './data-export.service';
import {
  listOwnPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from './passkeys.service';
import { updateProfile } from './profile.service';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  getAccountSecurity,
  regenerateBackupCodes,
} from './two-factor.service';

// better-auth's ids: letters and digits (its generateId), so anything else is a 400, not a lookup.
const passkeyParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a passkey id') });

/**
 * The signed-in user's own account (Settings: Profile Information, Privacy & Security, Danger
 * Zone). Every route acts on the caller; there is no way to address another user.
 */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.put(
    '/api/user/profile',
    { schema: { body: updateProfileBody, response: { ...errorAnswers(409), 200: updateProfileResponse } } },
    async (request) => {
      const { user } = signedIn(request);
      // isAdmin is the session's admin access or the admin role: loadSessionUser makes the same.
      return updateProfile(
        ctx,
        callerOf(request),
        { userId: user.id, adminAccess: user.isAdmin },
        request.body,
      );
    },
  );

  api.post(
    '/api/user/password',
    { schema: { response: { 204: noContent, ...errorAnswers(409, 429) }, body: changePasswordBody } },
    async (request, reply) => {
      const auth = browserSession(request);
      const { setCookies } = await changePassword(
        ctx,
        callerOf(request),
        { userId: auth.user.id, sessionId: auth.sessionId },
        request.body,
      );
      return sendWithCookies(reply, { status: 204, body: undefined, setCookies });
    },
  );

  api.get('/api/user/sessions', { schema: { response: { 200: userSessionList } } }, async (request) => {
    const auth = browserSession(request);
    return listUserSessions(db, { userId: auth.user.id, sessionId: auth.sessionId });
  });

  api.post(
    '/api/user/sessions/revoke-others',
    { schema: { response: { 200: revokeOtherSessionsResponse } } },
    async (request) => {
      const auth = browserSession(request);
      return revokeOtherSessions(db, { userId: auth.user.id, sessionId: auth.sessionId });
    },
  );

  // Two-factor sign-in and passkeys (issue 23): Settings › Privacy & Security.
  api.get('/api/user/security', { schema: { response: { 200: accountSecurity } } }, async (request) => {
    const auth = browserSession(request);
    return getAccountSecurity(ctx, callerOf(request), { userId: auth.user.id, sessionId: auth.sessionId });
  });

  api.post(
    '/api/user/two-factor/enable',
    {
      schema: {
        body: twoFactorPasswordBody,
        response: { 200: enableTwoFactorResponse, ...errorAnswers(400, 409, 429) },
      },
    },
    async (request) => {
      const auth = browserSession(request);
      const own = { userId: auth.user.id, sessionId: auth.sessionId };
      return enableTwoFactor(ctx, callerOf(request), own, request.body.password);
    },
  );

  api.post(
    '/api/user/two-factor/verify',
    { schema: { body: verifyTwoFactorBody, response: { 200: twoFactorStatus, ...errorAnswers(400, 429) } } },
    async (request, reply) => {
      const auth = browserSession(request);
      const own = { userId: auth.user.id, sessionId: auth.sessionId };
      const { body, setCookies } = await confirmTwoFactor(ctx, callerOf(request), own, request.body.code);
      return sendWithCookies(reply, { status: 200, body, setCookies });
    },
  );

  api.post(
    '/api/user/two-factor/disable',
    { schema: { body: disableTwoFactorBody, response: { 200: twoFactorStatus, ...errorAnswers(400, 429) } } },
    async (request, reply) => {
      const auth = browserSession(request);
      const own = { userId: auth.user.id, sessionId: auth.sessionId };
      const { body, setCookies } = await disableTwoFactor(ctx, callerOf(request), own, request.body);
      return sendWithCookies(reply, { status: 200, body, setCookies });
    },
  );

  api.post(
    '/api/user/two-factor/backup-codes',
    {
      schema: {
        body: twoFactorPasswordBody,
        response: { 200: backupCodesResponse, ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      const auth = browserSession(request);
      const own = { userId: auth.user.id, sessionId: auth.sessionId };
      return regenerateBackupCodes(ctx, callerOf(request), own, request.body.password);
    },
  );

  api.get('/api/user/passkeys', { schema: { response: { 200: passkeyList } } }, async (request) => {
    signedIn(request);
    return { passkeys: await listOwnPasskeys(ctx, callerOf(request)) };
  });

  api.post(
    '/api/user/passkeys/options',
    { schema: { response: { 200: webAuthnOptions, ...errorAnswers(503) } } },
    async (request, reply) => {
      signedIn(request);
      const { options, setCookies } = await passkeyRegistrationOptions(ctx, callerOf(request));
      return sendWithCookies(reply, { status: 200, body: options, setCookies });
    },
  );

  api.post(
    '/api/user/passkeys',
    { schema: { body: registerPasskeyBody, response: { 201: passkeySummary, ...errorAnswers(400, 503) } } },
    async (request, reply) => {
      const { user } = signedIn(request);
      const passkey = await registerPasskey(ctx, callerOf(request), user.id, request.body);
      return reply.status(201).send(passkey);
    },
  );

  api.patch(
    '/api/user/passkeys/:id',
    {
      schema: {
        params: passkeyParams,
        body: renamePasskeyBody,
        response: { 200: passkeySummary, ...errorAnswers(404) },
      },
    },
    async (request) => {
      signedIn(request);
      return renamePasskey(ctx, callerOf(request), request.params.id, request.body.name);
    },
  );

  api.delete(
    '/api/user/passkeys/:id',
    { schema: { params: passkeyParams, response: { 204: noContent, ...errorAnswers(404) } } },
    async (request, reply) => {
      const { user } = signedIn(request);
      await removePasskey(ctx, callerOf(request), user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/user/single-sign-on/link',
    { schema: { response: { 200: singleSignOnLinkResponse, ...errorAnswers(404, 503) } } },
    async (request, reply) => {
      signedIn(request);
      const { url, setCookies } = await startSingleSignOnLink(ctx, callerOf(request));
      return sendWithCookies(reply, { status: 200, body: { url }, setCookies });
    },
  );

  // A stream is sent as it is (Fastify serializes no stream); the schema documents the file.
  const exportFile = z.looseObject({}).describe('The user’s data, as a JSON file to download');
  api.get('/api/user/export', { schema: { response: { 200: exportFile } } }, async (request, reply) => {
    const { user } = signedIn(request);
    const { filename, chunks } = await exportUserData(ctx, user.id);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks) as unknown as Record<string, unknown>);
  });

  api.delete(
    '/api/user/account',
    { schema: { response: { 204: noContent, ...errorAnswers(409, 502) }, body: deleteAccountBody } },
    async (request, reply) => {
      const { user } = signedIn(request);
      await deleteOwnAccount(ctx, { userId: user.id, ip: request.ip }, request.body);
      // The session went with the user; this clears the browser's cookie as sign-out does.
      const setCookies = await signOut(ctx, callerOf(request));
      return sendWithCookies(reply, { status: 204, body: undefined, setCookies });
    },
  );
}
