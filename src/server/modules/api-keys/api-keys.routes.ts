import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent } from '../../../contracts/common';
import { apiKeyIdParams, apiKeyList, createApiKeyBody, createdApiKey } from '../../../contracts/integrations';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { type ApiKeyActor, createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** An expiry in the past would make a key that never works: bad input, said under the field. */
const createBody = createApiKeyBody.refine(
  (body) => !body.expiresAt || Date.parse(body.expiresAt) > Date.now(),
  { message: 'Choose an expiry date in the future', path: ['expiresAt'] },
);

function actorOf(request: FastifyRequest): ApiKeyActor {
  const { user, workspaceId, apiKeyId } = signedIn(request);
  return {
    workspaceId,
    userId: user.id,
    role: user.workspace.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    ip: request.ip,
    viaApiKey: apiKeyId !== null,
  };
}

/** Settings › API (issue 26): the workspace's keys. Every route needs `api.manage`. */
export async function apiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get('/api/api-keys', { schema: { response: { 200: apiKeyList } } }, async (request) =>
    listApiKeys(db, signedIn(request).workspaceId),
  );

  api.post(
    '/api/api-keys',
    {
      // Never replayed: a kept answer would hold the shown-once key in clear for 24 hours.
      config: { idempotent: false },
      schema: { body: createBody, response: { 201: createdApiKey, ...errorAnswers(402, 409) } },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(db, actorOf(request), request.body)),
  );

  api.delete(
    '/api/api-keys/:id',
    { schema: { params: apiKeyIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await revokeApiKey(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
