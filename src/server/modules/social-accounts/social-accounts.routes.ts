import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, safeString } from '../../../contracts/common';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import {
  connectSocialAccountBody,
  connectSocialAccountResponse,
  connectWithPasswordBody,
  OAUTH_ERROR,
  OAUTH_SUCCESS,
  socialAccount,
  socialAccountIdParams,
  socialAccountListResponse,
  socialAccountMessages,
  socialConnectQuery,
  socialPlatformParams,
} from '../../../contracts/social-accounts';
import type { AppContext } from '../../context';
import { SocialPlatformError } from '../../integrations/social/social-provider';
import { AppError } from '../../lib/app-error';
import { browserSession, browserSessionOrNull, signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { choicePage, POPUP_SCRIPT_PATH, type PopupResult, popupPage, popupScript } from './oauth-popup-page';
import { disconnectAccount, listAccounts } from './social-accounts.service';
import {
  beginConnect,
  chooseAccount,
  completeConnect,
  connectWithPassword,
  flowOfState,
} from './social-connect.service';

const callbackQuery = z.object({
  code: safeString().max(2000).optional(),
  state: safeString().max(200).optional(),
  error: safeString().max(200).optional(),
  error_description: safeString().max(1000).optional(),
  iss: safeString().max(500).optional(),
});

export async function socialAccountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/social-accounts',
    { schema: { response: { 200: socialAccountListResponse } } },
    async (request) => listAccounts(ctx, signedIn(request).workspaceId),
  );

  api.delete(
    '/api/user/social-accounts/:id',
    { schema: { params: socialAccountIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await disconnectAccount(ctx, signedIn(request).workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/user/social-accounts/connect',
    {
      schema: {
        body: connectSocialAccountBody,
        response: { ...errorAnswers(402), 200: connectSocialAccountResponse },
      },
    },
    async (request) => {
      const auth = browserSession(request);
      const who = { sessionId: auth.sessionId, userId: auth.user.id, workspaceId: auth.workspaceId };
      const { platform, server } = request.body;
      return beginConnect(ctx, who, platform, server ? { server } : {});
    },
  );

  api.post(
    '/api/user/social-accounts/password',
    {
      schema: {
        body: connectWithPasswordBody,
        response: { ...errorAnswers(402, 429, 502), 200: socialAccount },
      },
    },
    async (request) => {
      const auth = browserSession(request);
      return connectWithPassword(ctx, { userId: auth.user.id, workspaceId: auth.workspaceId }, request.body);
    },
  );

  api.get(
    POPUP_SCRIPT_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(popupScript),
  );

  // Opened in the popup: to the platform's authorize page, or a page that reports the failure.
  // Every page of ours in the popup is a `popup` route: COOP unsafe-none (plugins/security.ts).
  api.get(
    '/api/auth/social/:platform',
    {
      config: { access: 'optional', popup: true },
      schema: { params: socialPlatformParams, querystring: socialConnectQuery, hide: true },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const flow = request.query.flow ?? null;
      const session = browserSessionOrNull(request);
      if (!session)
        return answerPopup(reply, ctx, failure(platform, flow, 'Please sign in to connect an account.'));
      const who = { sessionId: session.sessionId, userId: session.user.id, workspaceId: session.workspaceId };
      try {
        const { server } = request.query;
        const { authorizeUrl } = await beginConnect(ctx, who, platform, {
          ...(flow ? { flow } : {}),
          ...(server ? { server } : {}),
        });
        return reply.redirect(authorizeUrl);
      } catch (error) {
        return answerPopup(reply, ctx, failure(platform, flow, messageOf(ctx, error, platform)));
      }
    },
  );

  api.get(
    '/api/auth/social/:platform/callback',
    {
      config: { access: 'optional', popup: true },
      schema: { params: socialPlatformParams, querystring: callbackQuery, hide: true },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const flow = flowOfState(request.query.state);
      try {
        const outcome = await completeConnect(ctx, browserSessionOrNull(request), platform, request.query);
        if (outcome.kind === 'choose') {
          const page = choicePage({ platform, label: platformLabels[platform], ...outcome });
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
        }
        return answerPopup(reply, ctx, success(platform, flow, outcome.account.id));
      } catch (error) {
        return answerPopup(reply, ctx, failure(platform, flow, messageOf(ctx, error, platform)));
      }
    },
  );

  // The choice page posts a plain HTML form; only this scope parses form bodies.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    forms.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/social/:platform/choose',
      {
        config: { access: 'optional', popup: true },
        schema: { params: socialPlatformParams, body: chooseBody, hide: true },
      },
      async (request, reply) => {
        const { platform } = request.params;
        const flow = flowOfState(request.body.state);
        try {
          const account = await chooseAccount(ctx, browserSessionOrNull(request), platform, request.body);
          return answerPopup(reply, ctx, success(platform, flow, account.id));
        } catch (error) {
          return answerPopup(reply, ctx, failure(platform, flow, messageOf(ctx, error, platform)));
        }
      },
    );
  });
}

const chooseBody = z.object({
  state: safeString().min(1).max(200),
  externalId: safeString().min(1).max(200),
});

function success(platform: PublishingPlatform, flow: string | null, accountId: string): PopupResult {
  return { type: OAUTH_SUCCESS, platform, flow, accountId, label: platformLabels[platform] };
}

function failure(platform: PublishingPlatform, flow: string | null, message: string): PopupResult {
  return { type: OAUTH_ERROR, platform, flow, message };
}

/** What the user reads: our own messages as they are; a platform's failure in general words. */
function messageOf(ctx: AppContext, error: unknown, platform: PublishingPlatform): string {
  if (error instanceof AppError) return error.message;
  ctx.log.warn({ err: error, platform }, 'connecting a social account failed');
  if (error instanceof SocialPlatformError) return `Failed to connect ${platformLabels[platform]} account.`;
  return socialAccountMessages.connectFailed;
}

function answerPopup(reply: FastifyReply, ctx: AppContext, result: PopupResult) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(popupPage(result, new URL(ctx.config.appUrl).origin));
}
