import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent } from '../../../contracts/common';
import { markNotificationsReadBody, notificationList } from '../../../contracts/notifications';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import type { NotificationOwner } from './notifications.repository';
import { listNotifications, markNotificationsRead } from './notifications.service';

/** The signed-in user's own notifications, in the workspace their session is in. */
const ownerOf = (request: FastifyRequest): NotificationOwner => {
  const auth = signedIn(request);
  return { userId: auth.user.id, workspaceId: auth.workspaceId };
};

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get('/api/notifications', { schema: { response: { 200: notificationList } } }, async (request) =>
    listNotifications(db, ownerOf(request)),
  );
  api.post(
    '/api/notifications/read',
    { schema: { body: markNotificationsReadBody, response: { 204: noContent } } },
    async (request, reply) => {
      await markNotificationsRead(db, ownerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
}
