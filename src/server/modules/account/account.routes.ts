import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { callerOf, sendWithCookies, signedIn } from '../../lib/caller';
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
import { updateProfile } from './profile.service';

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
      return updateProfile(db, { userId: user.id, adminAccess: user.isAdmin }, request.body);
    },
  );

  api.post(
    '/api/user/password',
    { schema: { response: { ...errorAnswers(409, 429) }, body: changePasswordBody } },
    async (request, reply) => {
      const auth = signedIn(request);
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
    const auth = signedIn(request);
    return listUserSessions(db, { userId: auth.user.id, sessionId: auth.sessionId });
  });

  api.post(
    '/api/user/sessions/revoke-others',
    { schema: { response: { 200: revokeOtherSessionsResponse } } },
    async (request) => {
      const auth = signedIn(request);
      return revokeOtherSessions(db, { userId: auth.user.id, sessionId: auth.sessionId });
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

  api.get('/api/user/export', async (request, reply) => {
    const { user } = signedIn(request);
    const { filename, chunks } = await exportUserData(ctx, user.id);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks));
  });

  api.delete(
    '/api/user/account',
    { schema: { response: { ...errorAnswers(409, 502) }, body: deleteAccountBody } },
    async (request, reply) => {
      const { user } = signedIn(request);
      await deleteOwnAccount(ctx, { userId: user.id, ip: request.ip }, request.body);
      // The session went with the user; this clears the browser's cookie as sign-out does.
      const setCookies = await signOut(ctx, callerOf(request));
      return sendWithCookies(reply, { status: 204, body: undefined, setCookies });
    },
  );
}
