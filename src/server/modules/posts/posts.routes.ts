import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPostBody,
  listPostsQuery,
  post,
  postIdParams,
  postListResponse,
  schedulePostBody,
  updatePostBody,
} from '../../../contracts/posts';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  type PostActor,
  schedulePost,
  updatePost,
} from './posts.service';

const actorOf = (request: FastifyRequest): PostActor => {
  const auth = signedIn(request);
  return { workspaceId: auth.workspaceId, userId: auth.user.id };
};

export async function postsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const list = { schema: { querystring: listPostsQuery, response: { 200: postListResponse } } };

  // Spec §7 names both: /api/user/posts for a user session, /api/posts otherwise. Both are the
  // signed-in workspace's posts; a visitor has none.
  api.get('/api/user/posts', list, async (request) => listPosts(db, actorOf(request), request.query));
  api.get('/api/posts', list, async (request) => listPosts(db, actorOf(request), request.query));

  api.get('/api/posts/:id', { schema: { params: postIdParams, response: { 200: post } } }, async (request) =>
    getPost(db, actorOf(request), request.params.id),
  );
  api.post(
    '/api/posts',
    { schema: { body: createPostBody, response: { 201: post } } },
    async (request, reply) => reply.status(201).send(await createPost(db, actorOf(request), request.body)),
  );
  api.patch(
    '/api/posts/:id',
    { schema: { params: postIdParams, body: updatePostBody, response: { 200: post } } },
    async (request) => updatePost(db, actorOf(request), request.params.id, request.body),
  );
  api.delete('/api/posts/:id', { schema: { params: postIdParams } }, async (request, reply) => {
    await deletePost(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  api.post(
    '/api/posts/:id/schedule',
    { schema: { params: postIdParams, body: schedulePostBody, response: { 200: post } } },
    async (request) => schedulePost(db, actorOf(request), request.params.id, request.body),
  );
}
