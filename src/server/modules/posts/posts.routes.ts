import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent } from '../../../contracts/common';
import {
  composePostBody,
  composeResponse,
  createPostBody,
  listPostsQuery,
  type Post,
  post,
  postDetail,
  postIdParams,
  postListResponse,
  retryPostBody,
  schedulePostBody,
  scheduleResponse,
  type UpdatePostBody,
  updatePostBody,
} from '../../../contracts/posts';
import { postScopeQuery } from '../../../contracts/recurring';
import type { AppContext } from '../../context';
import { memberOf, signedIn } from '../../lib/caller';
import { sendSerialized } from '../../lib/send-serialized';
import { errorAnswers } from '../../plugins/error-answers';
import {
  cancelPost,
  createPost,
  deletePost,
  getPost,
  listPostsJson,
  type PostWork,
  type PostWriter,
  retryPost,
  schedulePost,
  updatePost,
} from './posts.service';
import { composePosts } from './posts-compose.service';

const actorOf = (request: FastifyRequest): PostWriter => memberOf(request);

/**
 * Where an edit or a delete of 'this and all future posts' of a recurring series goes: the
 * recurring module, handed in by app.ts (it builds on this module, so this one cannot import it).
 */
export interface SeriesScope {
  updateFuture(ctx: PostWork, actor: PostWriter, id: string, body: UpdatePostBody): Promise<Post>;
  deleteFuture(ctx: PostWork, actor: PostWriter, id: string): Promise<void>;
}

export async function postsRoutes(app: FastifyInstance, ctx: AppContext, series: SeriesScope) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const list = { schema: { querystring: listPostsQuery, response: { 200: postListResponse } } };

  // Spec §7 names both: /api/user/posts for a user session, /api/posts otherwise. Both are the
  // signed-in workspace's posts; a visitor has none. The service answers with the serialized
  // list (cached per posts version) as bytes, sent as they are, skipping
  // the serializer, while the response schema still documents the route in the OpenAPI document.
  for (const url of ['/api/user/posts', '/api/posts']) {
    api.get(url, list, async (request, reply) => {
      const { postsVersion } = signedIn(request);
      const json = await listPostsJson(db, actorOf(request), request.query, postsVersion);
      return sendSerialized(reply, json);
    });
  }

  api.get(
    '/api/posts/:id',
    { schema: { params: postIdParams, response: { 200: postDetail } } },
    async (request) => getPost(ctx, actorOf(request), request.params.id),
  );
  // The calendar's composer: one post per chosen account, grouped.
  api.post(
    '/api/posts/compose',
    { schema: { body: composePostBody, response: { ...errorAnswers(402), 201: composeResponse } } },
    async (request, reply) => reply.status(201).send(await composePosts(ctx, actorOf(request), request.body)),
  );
  api.post(
    '/api/posts',
    { schema: { body: createPostBody, response: { 201: post } } },
    async (request, reply) => reply.status(201).send(await createPost(db, actorOf(request), request.body)),
  );
  api.patch(
    '/api/posts/:id',
    {
      schema: {
        params: postIdParams,
        querystring: postScopeQuery,
        body: updatePostBody,
        response: { ...errorAnswers(402, 409), 200: post },
      },
    },
    async (request) =>
      request.query.scope === 'future'
        ? series.updateFuture(ctx, actorOf(request), request.params.id, request.body)
        : updatePost(ctx, actorOf(request), request.params.id, request.body),
  );
  api.delete(
    '/api/posts/:id',
    {
      schema: {
        params: postIdParams,
        querystring: postScopeQuery,
        response: { 204: noContent, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      if (request.query.scope === 'future')
        await series.deleteFuture(ctx, actorOf(request), request.params.id);
      else await deletePost(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.post(
    '/api/posts/:id/schedule',
    {
      schema: {
        params: postIdParams,
        body: schedulePostBody,
        response: { ...errorAnswers(402, 409), 200: scheduleResponse },
      },
    },
    async (request) => schedulePost(ctx, actorOf(request), request.params.id, request.body),
  );
  api.post(
    '/api/posts/:id/cancel',
    { schema: { params: postIdParams, response: { ...errorAnswers(409), 200: post } } },
    async (request) => cancelPost(ctx, actorOf(request), request.params.id),
  );
  api.post(
    '/api/posts/:id/retry',
    {
      schema: {
        params: postIdParams,
        body: retryPostBody,
        response: { ...errorAnswers(402, 409), 200: post },
      },
    },
    async (request) => retryPost(ctx, actorOf(request), request.params.id, request.body),
  );
}
