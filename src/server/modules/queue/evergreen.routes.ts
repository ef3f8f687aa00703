import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  evergreenQuery,
  evergreenSettings,
  evergreenSettingsResponse,
  postEvergreenBody,
} from '../../../contracts/evergreen';
import { post, postIdParams } from '../../../contracts/posts';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { getEvergreenSettings, markPostEvergreen, saveEvergreenSettings } from './evergreen.service';

/**
 * Evergreen recycling (decision 072): an account's setting, and the mark on a post. The mark has
 * its own route rather than a PATCH field: a published post, the usual one to mark, is locked to
 * PATCH, and marking changes nothing that goes out, so it must not void an approval or a schedule.
 */
export async function evergreenRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const actorOf = (request: Parameters<typeof signedIn>[0]) => {
    const auth = signedIn(request);
    return { workspaceId: auth.workspaceId, userId: auth.user.id };
  };

  api.get(
    '/api/queue/evergreen',
    {
      schema: {
        querystring: evergreenQuery,
        response: { ...errorAnswers(404), 200: evergreenSettingsResponse },
      },
    },
    async (request) => getEvergreenSettings(db, actorOf(request), request.query.accountId),
  );
  api.put(
    '/api/queue/evergreen',
    {
      schema: {
        querystring: evergreenQuery,
        body: evergreenSettings,
        response: { ...errorAnswers(402, 404, 409), 200: evergreenSettingsResponse },
      },
    },
    async (request) => saveEvergreenSettings(db, actorOf(request), request.query.accountId, request.body),
  );
  api.put(
    '/api/posts/:id/evergreen',
    {
      schema: {
        params: postIdParams,
        body: postEvergreenBody,
        response: { ...errorAnswers(402, 409), 200: post },
      },
    },
    async (request) => markPostEvergreen(db, actorOf(request), request.params.id, request.body.evergreen),
  );
}
