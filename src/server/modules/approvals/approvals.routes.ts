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
import type { PostActor } from '../posts';
import {
  type ApprovalDeps,
  addPostComment,
  approvePost,
  listPostComments,
  requestChanges,
} from './approvals.service';

const actorOf = (request: FastifyRequest): PostActor => {
  const auth = signedIn(request);
  return { workspaceId: auth.workspaceId, userId: auth.user.id };
};

/** Approving, requesting changes and commenting (who may: plugins/permissions.ts). */
export async function approvalsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const deps: ApprovalDeps = {
    db,
    jobs: ctx.jobs,
    mail: ctx.mail,
    appUrl: ctx.config.appUrl,
    log: ctx.log,
  };

  api.post(
    '/api/posts/:id/approve',
    {
      schema: {
        params: postIdParams,
        body: approvePostBody,
        response: { ...errorAnswers(402, 409), 200: post },
      },
    },
    async (request) => approvePost(deps, actorOf(request), request.params.id, request.body),
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
    async (request) => requestChanges(deps, actorOf(request), request.params.id, request.body),
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
        .send(await addPostComment(deps, actorOf(request), request.params.id, request.body.body)),
  );
}
