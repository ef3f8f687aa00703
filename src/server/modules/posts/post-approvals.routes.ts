import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { post, postIdParams } from '../../../contracts/posts';
import {
  approvePostBody,
  createCommentBody,
  postComment,
  postCommentList,
  requestChangesBody,
} from '../../../contracts/team';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { addPostComment, approvePost, listPostComments, requestChanges } from './post-approvals.service';
import type { PostActor } from './post-checks';

const actorOf = (request: FastifyRequest): PostActor => {
  const auth = signedIn(request);
  return { workspaceId: auth.workspaceId, userId: auth.user.id };
};

/** Approving, requesting changes and commenting (who may: plugins/permissions.ts). */
export async function postApprovalsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.post(
    '/api/posts/:id/approve',
    {
      schema: {
        params: postIdParams,
        body: approvePostBody,
        response: { ...errorAnswers(402, 409), 200: post },
      },
    },
    async (request) => approvePost(ctx, actorOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/posts/:id/request-changes',
    {
      schema: {
        params: postIdParams,
        body: requestChangesBody,
        response: { ...errorAnswers(409), 200: post },
      },
    },
    async (request) => requestChanges(ctx, actorOf(request), request.params.id, request.body),
  );
  api.get(
    '/api/posts/:id/comments',
    { schema: { params: postIdParams, response: { 200: postCommentList } } },
    async (request) => ({ comments: await listPostComments(db, actorOf(request), request.params.id) }),
  );
  api.post(
    '/api/posts/:id/comments',
    { schema: { params: postIdParams, body: createCommentBody, response: { 201: postComment } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addPostComment(ctx, actorOf(request), request.params.id, request.body.body)),
  );
}
