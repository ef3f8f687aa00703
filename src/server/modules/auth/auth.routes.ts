import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordBody,
  passkeySignInBody,
  resetPasswordBody,
  securityNotice,
  twoFactorSignInBody,
  verificationResendResponse,
  verifyEmailBody,
  webAuthnOptions,
} from '../../../contracts/account-security';
import {
  accessCodeBody,
  adminAccessBody,
  adminAccessResponse,
  authMethods,
  loginResponse,
  logoutResponse,
  sessionUser,
  signInBody,
  signUpBody,
} from '../../../contracts/auth';
import { safeString } from '../../../contracts/common';
import { safeReturnPath } from '../../../contracts/return-path';
import type { AppContext } from '../../context';
import { IDENTITY_BASE_PATH } from '../../integrations/identity/better-auth';
import { browserSessionOrNull, callerOf, sendWithCookies, signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import * as recovery from './account-recovery.service';
import * as auth from './auth.service';
import * as secondFactor from './second-factor.service';
import { signInUnavailablePage } from './sign-in-unavailable-page';

/** The browser sign-in steps answer a redirect (documented; a string body is never serialized). */
const browserRedirect = z
  .null()
  .optional()
  .describe('A redirect: the Location header says where the browser goes');

/** The spec's login answers (§7): refusals too are `{success, user, message}`, but a bad body or a limit. */
const loginAnswers = { 200: loginResponse, 401: loginResponse, ...errorAnswers(400, 429) };

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      schema: { body: signUpBody, response: { ...loginAnswers, 409: loginResponse } },
    },
    async (request, reply) => sendWithCookies(reply, await auth.signUp(ctx, callerOf(request), request.body)),
  );

  r.post(
    '/api/auth/signin',
    {
      config: { access: 'public' },
      schema: { body: signInBody, response: loginAnswers },
    },
    async (request, reply) => sendWithCookies(reply, await auth.signIn(ctx, callerOf(request), request.body)),
  );

  // 404 with ACCESS_CODES=off: the path is not there at all, and the answer says so.
  r.post(
    '/api/user/login',
    {
      config: { access: 'public' },
      schema: {
        body: accessCodeBody,
        response: { ...loginAnswers, 404: loginResponse },
      },
    },
    async (request, reply) =>
      sendWithCookies(reply, await auth.signInWithAccessCode(ctx, callerOf(request), request.body)),
  );

  // What the sign-in dialogs may offer on this server (the User Login dialog asks).
  r.get(
    '/api/auth/methods',
    { config: { access: 'public' }, schema: { response: { 200: authMethods } } },
    async () => ({ accessCodes: ctx.config.accessCodes, passkeys: secondFactor.passkeysOffered(ctx) }),
  );

  // Account recovery (issue 23): the same answer for every address; the link is emailed.
  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { body: forgotPasswordBody, response: { 200: securityNotice, ...errorAnswers(400, 429) } },
    },
    async (request) => recovery.requestPasswordReset(ctx, callerOf(request), request.body.email),
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: { body: resetPasswordBody, response: { 200: securityNotice, ...errorAnswers(400, 429) } },
    },
    async (request) => recovery.resetPassword(ctx, callerOf(request), request.body),
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: { body: verifyEmailBody, response: { 200: securityNotice, ...errorAnswers(400, 409, 429) } },
    },
    async (request) => recovery.verifyEmail(ctx, callerOf(request), request.body.token),
  );

  r.post(
    '/api/auth/verify-email/resend',
    { schema: { response: { 200: verificationResendResponse, ...errorAnswers(400, 429) } } },
    async (request) => recovery.resendEmailVerification(ctx, signedIn(request).user.id),
  );

  // The second step of a password sign-in that answered twoFactorRequired.
  r.post(
    '/api/auth/two-factor',
    { config: { access: 'public' }, schema: { body: twoFactorSignInBody, response: loginAnswers } },
    async (request, reply) =>
      sendWithCookies(
        reply,
        await secondFactor.completeTwoFactorSignIn(ctx, callerOf(request), request.body),
      ),
  );

  r.post(
    '/api/auth/passkey/options',
    {
      config: { access: 'public' },
      schema: { response: { 200: webAuthnOptions, ...errorAnswers(429, 503) } },
    },
    async (request, reply) => {
      const { options, setCookies } = await secondFactor.passkeySignInOptions(ctx, callerOf(request));
      return sendWithCookies(reply, { status: 200, body: options, setCookies });
    },
  );

  r.post(
    '/api/auth/passkey',
    {
      config: { access: 'public' },
      schema: { body: passkeySignInBody, response: { ...loginAnswers, ...errorAnswers(400, 429, 503) } },
    },
    async (request, reply) =>
      sendWithCookies(
        reply,
        await secondFactor.signInWithPasskey(ctx, callerOf(request), request.body.response),
      ),
  );

  r.get('/api/auth/user', { schema: { response: { 200: sessionUser } } }, async (request) => {
    // The default 'user' access has already answered 401 when nobody is signed in.
    return request.auth?.user;
  });

  r.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { response: { 200: logoutResponse } } },
    async (request, reply) => {
      const setCookies = await auth.signOut(ctx, callerOf(request));
      return sendWithCookies(reply, { status: 200, body: { success: true as const }, setCookies });
    },
  );

  // Public by design: it is how an admin session begins. The rest of /api/admin is guarded.
  r.post(
    '/api/admin/access',
    {
      config: { access: 'optional' },
      schema: {
        body: adminAccessBody,
        response: { ...errorAnswers(429), 200: adminAccessResponse, 401: adminAccessResponse },
      },
    },
    async (request, reply) => {
      const signedInSession = browserSessionOrNull(request);
      const session = signedInSession
        ? { sessionId: signedInSession.sessionId, userId: signedInSession.user.id }
        : null;
      const outcome = await auth.grantAdminAccess(ctx, callerOf(request), session, request.body.accessCode);
      return sendWithCookies(reply, outcome);
    },
  );

  r.get(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ returnTo: safeString().max(500).optional() }).passthrough(),
        response: {
          302: browserRedirect,
          503: z.string().describe('An HTML page: the identity provider does not answer (see Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const start = await auth.startProviderSignIn(ctx, callerOf(request), request.query.returnTo);
      // Without an identity provider, the landing page's sign-in dialog is the way in.
      if (!start) return reply.redirect('/?auth=signin');
      if (start.kind === 'unreachable') {
        return reply
          .status(503)
          .header('retry-after', String(start.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(signInUnavailablePage(start.retryAfterSeconds, safeReturnPath(request.query.returnTo)));
      }
      if (start.setCookies.length > 0) reply.header('set-cookie', start.setCookies);
      return reply.redirect(start.url);
    },
  );

  // The provider sends the browser back here; better-auth checks state and PKCE and signs in.
  app.get(
    `${IDENTITY_BASE_PATH}/callback/:providerId`,
    {
      config: { access: 'public' },
      // better-auth reads the rest; what it stores or looks up is refused here when unstorable.
      schema: {
        params: z.object({ providerId: safeString().max(100) }),
        querystring: z.record(safeString(), safeString().max(4000)),
        description:
          'Answers what better-auth answers: a redirect to the app, signed in or with the reason it failed.',
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, ctx.config.appUrl);
      const response = await ctx.identity.handler(
        new Request(url, { method: 'GET', headers: callerOf(request).headers }),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const caller = callerOf(request);
      const cookies = [
        ...response.headers.getSetCookie(),
        ...(await auth.noteProviderSignIn(ctx, caller, response.headers.getSetCookie())),
      ];
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(await response.text());
    },
  );
}
