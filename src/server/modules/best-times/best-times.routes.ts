import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bestTimeList, bestTimesQuery } from '../../../contracts/analytics';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { isKnownZone } from '../../lib/time-zones';
import { listBestTimes, userZoneOrUtc } from './best-times.service';

/** An unknown zone is bad input (400 with the issue), not a silent fallback to UTC. */
const query = bestTimesQuery.refine((value) => !value.timeZone || isKnownZone(value.timeZone), {
  message: 'Choose a time zone such as Europe/Berlin or America/New_York',
  path: ['timeZone'],
});

/** Best times to post per account: every plan (the generator and the composer use them). */
export async function bestTimesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/analytics/best-times',
    { schema: { querystring: query, response: { 200: bestTimeList } } },
    async (request) => {
      const auth = signedIn(request);
      return listBestTimes(ctx.database.db, {
        workspaceId: auth.workspaceId,
        timeZone: request.query.timeZone ?? userZoneOrUtc(auth.user.timezone),
        accountId: request.query.accountId,
      });
    },
  );
}
