import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarExportQuery,
  calendarFeedCreated,
  calendarFeedParams,
  calendarFeedStatus,
} from '../../../contracts/calendar-export';
import { noContent } from '../../../contracts/common';
import type { AppContext } from '../../context';
import { callerOf, signedIn } from '../../lib/caller';
import { isKnownZone } from '../../lib/time-zones';
import { errorAnswers } from '../../plugins/error-answers';
import {
  type CalendarFile,
  createCalendarFeed,
  exportCalendarCsv,
  exportCalendarIcs,
  readCalendarFeedStatus,
  readSubscribedCalendar,
  revokeCalendarFeed,
} from './calendar-export.service';

/** An unknown zone is bad input (400 with the issue), not a silent fallback to UTC. */
const exportQuery = calendarExportQuery.refine((query) => !query.timeZone || isKnownZone(query.timeZone), {
  message: 'Choose a time zone such as Europe/Berlin or America/New_York',
  path: ['timeZone'],
});

/** The downloads answer a file, not JSON. */
const icsFile = z.string().describe('text/calendar');
const csvFile = z.string().describe('text/csv');

const ICS_TYPE = 'text/calendar; charset=utf-8';

function sendFile(reply: FastifyReply, type: string, file: CalendarFile) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * Calendar export (issue 25): downloads of the visible range (plans with calendarExport), a
 * member's private subscription URL (plans with calendarSubscription), and that URL itself,
 * answered without a session.
 */
export async function calendarExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/calendar/export.ics',
    { schema: { querystring: exportQuery, response: { 200: icsFile, ...errorAnswers(402) } } },
    async (request, reply) =>
      sendFile(reply, ICS_TYPE, await exportCalendarIcs(ctx, signedIn(request), request.query)),
  );

  api.get(
    '/api/calendar/export.csv',
    { schema: { querystring: exportQuery, response: { 200: csvFile, ...errorAnswers(402) } } },
    async (request, reply) =>
      sendFile(
        reply,
        'text/csv; charset=utf-8',
        await exportCalendarCsv(ctx, signedIn(request), request.query),
      ),
  );

  api.get('/api/calendar/feed', { schema: { response: { 200: calendarFeedStatus } } }, async (request) =>
    readCalendarFeedStatus(ctx, signedIn(request)),
  );

  api.post(
    '/api/calendar/feed',
    { schema: { response: { 201: calendarFeedCreated, ...errorAnswers(402) } } },
    async (request, reply) => {
      const created = await createCalendarFeed(ctx, signedIn(request));
      // The answer holds the secret: no cache keeps it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete(
    '/api/calendar/feed',
    { schema: { response: { 204: noContent, ...errorAnswers(404) } } },
    async (request, reply) => {
      await revokeCalendarFeed(ctx, signedIn(request));
      return reply.status(204).send(null);
    },
  );

  // Public: calendar apps send no cookie. The secret in the path is the credential (and is kept
  // out of the logs, lib/log-redaction.ts); no cache keeps the answer, so a revoke takes at once.
  api.get(
    '/api/calendar/:file',
    {
      config: { access: 'public' },
      schema: { params: calendarFeedParams, response: { 200: icsFile, ...errorAnswers(402, 429) } },
    },
    async (request, reply) => {
      const secret = request.params.file.slice(0, -'.ics'.length);
      const body = await readSubscribedCalendar(ctx, callerOf(request), secret);
      return reply
        .type(ICS_TYPE)
        .header('cache-control', 'no-store, private')
        .header('content-disposition', 'inline; filename="kitepost.ics"')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}
