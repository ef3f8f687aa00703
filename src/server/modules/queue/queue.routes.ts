import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postIdParams, scheduleResponse } from '../../../contracts/posts';
import {
  queueAccountBody,
  queueAccountQuery,
  queueList,
  queueOrderBody,
  queueRemoveQuery,
  queueSchedule,
  queueSlotsBody,
  queueSlotsQuery,
} from '../../../contracts/queue';
import type { AppContext } from '../../context';
import { memberOf, signedIn } from '../../lib/caller';
import { isKnownZone } from '../../lib/time-zones';
import { errorAnswers } from '../../plugins/error-answers';
import { userZoneOrUtc } from '../best-times';
import {
  getQueueSlots,
  listQueue,
  pauseQueue,
  type QueueActor,
  queuePost,
  removeFromQueue,
  reorderQueue,
  resumeQueue,
  saveQueueSlots,
  shuffleQueue,
} from './queue.service';

/** An unknown zone is bad input (400 with the issue), not a silent fallback to UTC. */
const knownZone = {
  message: 'Choose a time zone such as Europe/Berlin or America/New_York',
  path: ['timeZone'],
};
const slotsQuery = queueSlotsQuery.refine(
  (value) => !value.timeZone || isKnownZone(value.timeZone),
  knownZone,
);
const slotsBody = queueSlotsBody.refine((value) => !value.timeZone || isKnownZone(value.timeZone), knownZone);

const actorOf = (request: FastifyRequest): QueueActor => ({
  ...memberOf(request),
  timeZone: userZoneOrUtc(signedIn(request).user.timezone),
});

/** Posting schedules and queues per social account (issue 25, deliver 1). */
export async function queueRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get(
    '/api/queue/slots',
    { schema: { querystring: slotsQuery, response: { ...errorAnswers(402, 404), 200: queueSchedule } } },
    async (request) => getQueueSlots(db, actorOf(request), request.query),
  );
  api.put(
    '/api/queue/slots',
    {
      schema: {
        querystring: queueAccountQuery,
        body: slotsBody,
        response: { ...errorAnswers(402, 404), 200: queueSchedule },
      },
    },
    async (request) => saveQueueSlots(db, actorOf(request), request.query.accountId, request.body),
  );
  api.get(
    '/api/queue',
    { schema: { querystring: queueAccountQuery, response: { ...errorAnswers(404), 200: queueList } } },
    async (request) => listQueue(db, actorOf(request), request.query.accountId),
  );
  api.put(
    '/api/queue/order',
    { schema: { body: queueOrderBody, response: { ...errorAnswers(402, 404, 409), 200: queueList } } },
    async (request) => reorderQueue(ctx, actorOf(request), request.body.accountId, request.body.postIds),
  );
  api.post(
    '/api/queue/shuffle',
    { schema: { body: queueAccountBody, response: { ...errorAnswers(402, 404, 409), 200: queueList } } },
    async (request) => shuffleQueue(ctx, actorOf(request), request.body.accountId),
  );
  api.post(
    '/api/queue/pause',
    { schema: { body: queueAccountBody, response: { ...errorAnswers(404), 200: queueList } } },
    async (request) => pauseQueue(ctx, actorOf(request), request.body.accountId),
  );
  api.post(
    '/api/queue/resume',
    { schema: { body: queueAccountBody, response: { ...errorAnswers(402, 404, 409), 200: queueList } } },
    async (request) => resumeQueue(ctx, actorOf(request), request.body.accountId),
  );
  api.delete(
    '/api/queue/posts/:id',
    {
      schema: {
        params: postIdParams,
        querystring: queueRemoveQuery,
        response: { ...errorAnswers(409), 200: queueList },
      },
    },
    async (request) => removeFromQueue(ctx, actorOf(request), request.params.id, request.query.closeGap),
  );
  // The post at its account's next free slot, by the same rules as scheduling it (402, 409, 400).
  api.post(
    '/api/posts/:id/queue',
    { schema: { params: postIdParams, response: { ...errorAnswers(402, 409), 200: scheduleResponse } } },
    async (request) => queuePost(ctx, actorOf(request), request.params.id),
  );
}
