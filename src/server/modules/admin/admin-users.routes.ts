import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USERS_TOTAL_HEADER,
  adminAuditList,
  adminAuditQuery,
  adminOutboxList,
  adminOutboxQuery,
  adminStats,
  adminUser,
  adminUserList,
  adminUserListQuery,
  adminUserParams,
  adminUserStatusBody,
  adminUserWithCode,
  createAdminUserBody,
  deleteAdminUserResponse,
  issuedAccessCode,
  updateAdminUserBody,
} from '../../../contracts/admin';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { listOutbox } from './admin-outbox.service';
import { getAdminStats, listAuditEntries } from './admin-stats.service';
import {
  type AdminActor,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  regenerateAccessCode,
  setAdminUserStatus,
  updateAdminUser,
} from './admin-users.service';

const actorOf = (request: FastifyRequest): AdminActor => ({
  userId: signedIn(request).user.id,
  ip: request.ip,
});

/**
 * The portal's user management, stats, audit log and outbox. Registered on the guarded admin plugin
 * (prefix /api/admin), whose hook has already refused anyone without an admin session.
 */
export async function adminUsersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  api.get(
    '/users',
    { schema: { querystring: adminUserListQuery, response: { 200: adminUserList } } },
    async (request, reply) => {
      const { users, total } = await listAdminUsers(db, request.query);
      reply.header(ADMIN_USERS_TOTAL_HEADER, String(total));
      return users;
    },
  );

  api.get('/stats', { schema: { response: { 200: adminStats } } }, async () => getAdminStats(db));

  api.post(
    '/users',
    { schema: { body: createAdminUserBody, response: { ...errorAnswers(409), 201: adminUserWithCode } } },
    async (request, reply) => {
      const created = await createAdminUser(ctx, actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/users/:id',
    {
      schema: {
        params: adminUserParams,
        body: updateAdminUserBody,
        response: { ...errorAnswers(409), 200: adminUserWithCode },
      },
    },
    async (request) => updateAdminUser(ctx, actorOf(request), request.params.id, request.body),
  );

  // No body: the code is made on the server. Shown this once.
  api.post(
    '/users/:id/access-code',
    { schema: { params: adminUserParams, response: { ...errorAnswers(409), 200: issuedAccessCode } } },
    async (request) => regenerateAccessCode(ctx, actorOf(request), request.params.id),
  );

  api.put(
    '/users/:id/status',
    {
      schema: {
        params: adminUserParams,
        body: adminUserStatusBody,
        response: { ...errorAnswers(409), 200: adminUser },
      },
    },
    async (request) => setAdminUserStatus(ctx, actorOf(request), request.params.id, request.body.isActive),
  );

  api.delete(
    '/users/:id',
    { schema: { params: adminUserParams, response: { ...errorAnswers(409), 200: deleteAdminUserResponse } } },
    async (request) => {
      await deleteAdminUser(ctx, actorOf(request), request.params.id);
      return { success: true as const };
    },
  );

  api.get(
    '/audit',
    { schema: { querystring: adminAuditQuery, response: { 200: adminAuditList } } },
    async (request) => listAuditEntries(db, request.query),
  );

  api.get(
    '/outbox',
    { schema: { querystring: adminOutboxQuery, response: { 200: adminOutboxList } } },
    async (request) => listOutbox(db, request.query),
  );
}
