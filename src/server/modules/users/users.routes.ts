import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timezoneBody } from '../../../contracts/posts';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { setUserTimezone } from './users.repository';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The zone the calendar and every time are shown in; null goes back to the browser's.
  api.put(
    '/api/user/timezone',
    { schema: { body: timezoneBody, response: { 200: timezoneBody } } },
    async (request) => {
      const { user } = signedIn(request);
      await setUserTimezone(ctx.database.db, user.id, request.body.timezone);
      return { timezone: request.body.timezone };
    },
  );
}
