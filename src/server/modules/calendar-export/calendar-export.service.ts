import { createHash, randomBytes } from 'node:crypto';
import {
  type CalendarExportQuery,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarExportMessages,
  FEED_DAYS_AHEAD,
  FEED_DAYS_BACK,
  FEED_REFRESH_MINUTES,
  MAX_EXPORT_POSTS,
} from '../../../contracts/calendar-export';
import { writeIcs } from '../../../contracts/icalendar';
import { schedulingByPlan } from '../../../contracts/plans';
import type { PostStatus } from '../../../contracts/posts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { isKnownZone } from '../../lib/time-zones';
import type { RequestAuth } from '../../plugins/auth';
import { findMediaByIds, toMedia } from '../media';
import { requireScheduling, schedulingRefusal, workspaceScheduling } from '../plans';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { type CalendarCsvPost, calendarCsv, calendarExportFilename } from './calendar-csv';
import {
  type CalendarPostRow,
  deleteMemberCalendarFeed,
  findCalendarFeedBySecret,
  findMemberCalendarFeed,
  listCalendarPosts,
  markCalendarFeedFetched,
  upsertCalendarFeed,
} from './calendar-export.repository';
import { postEvent } from './post-events';

/*
 * Calendar export (issue 25): the visible range as a download, and each member's private
 * subscription URL. Only the secret's SHA-256 is stored (calendar_feeds): a leaked database does
 * not open anyone's calendar, and revoking deletes the row, so the old address answers 404.
 */

/** A download holds every post with a time (the calendar shows them all), cancelled ones aside. */
const downloadStatuses: readonly PostStatus[] = [
  'draft',
  'pending_approval',
  'approved',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'missed',
];
/** A subscription shows what goes out or went out: scheduled, waiting for approval, published. */
const feedStatuses: readonly PostStatus[] = [
  'pending_approval',
  'approved',
  'scheduled',
  'publishing',
  'published',
];

const DAY_MS = 86_400_000;

export interface CalendarFile {
  body: string;
  filename: string;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

function eventOptions(ctx: AppContext) {
  return { appUrl: ctx.config.appUrl, uidDomain: new URL(ctx.config.appUrl).hostname };
}

function calendarName(workspaceName: string) {
  return `Kitepost: ${workspaceName}`;
}

/** The range's posts a download holds, once the plan allows downloads. */
async function downloadRows(ctx: AppContext, auth: RequestAuth, query: CalendarExportQuery) {
  const db = ctx.database.db;
  await requireScheduling(db, auth.workspaceId, 'calendarExport');
  const range = { from: new Date(query.from), to: new Date(query.to) };
  const rows = await listCalendarPosts(db, auth.workspaceId, {
    ...range,
    statuses: downloadStatuses,
    limit: MAX_EXPORT_POSTS,
  });
  return { range, rows };
}

/** GET /api/calendar/export.ics: the range's posts as an iCalendar file. */
export async function exportCalendarIcs(
  ctx: AppContext,
  auth: RequestAuth,
  query: CalendarExportQuery,
): Promise<CalendarFile> {
  const { range, rows } = await downloadRows(ctx, auth, query);
  const options = eventOptions(ctx);
  return {
    body: writeIcs({
      name: calendarName(auth.user.workspace.name),
      events: rows.map((row) => postEvent(row, options)),
    }),
    filename: calendarExportFilename(range.from, range.to, zoneOf(query, auth), 'ics'),
  };
}

/** GET /api/calendar/export.csv: the range's posts in the import template's columns. */
export async function exportCalendarCsv(
  ctx: AppContext,
  auth: RequestAuth,
  query: CalendarExportQuery,
): Promise<CalendarFile> {
  const { range, rows } = await downloadRows(ctx, auth, query);
  const timeZone = zoneOf(query, auth);
  return {
    body: calendarCsv(await withMediaUrls(ctx, auth.workspaceId, rows), timeZone),
    filename: calendarExportFilename(range.from, range.to, timeZone, 'csv'),
  };
}

/** The chosen zone (the route has checked it is one), else the user's, else UTC. */
function zoneOf(query: CalendarExportQuery, auth: RequestAuth): string {
  if (query.timeZone) return query.timeZone;
  return isKnownZone(auth.user.timezone) ? auth.user.timezone : 'UTC';
}

/** Each post's media as the app's addresses (they open with a session of the workspace). */
async function withMediaUrls(
  ctx: AppContext,
  workspaceId: string,
  rows: CalendarPostRow[],
): Promise<CalendarCsvPost[]> {
  const ids = [...new Set(rows.flatMap((row) => row.mediaIds))];
  const media = await findMediaByIds(ctx.database.db, workspaceId, ids);
  const urls = new Map(media.map((row) => [row.id, toMedia(row, ctx.config.appUrl).url]));
  return rows.map((row) => ({
    ...row,
    mediaUrls: row.mediaIds.flatMap((id) => urls.get(id.toLowerCase()) ?? []),
  }));
}

/** GET /api/calendar/feed: whether the member has a subscription URL. */
export async function readCalendarFeedStatus(
  ctx: AppContext,
  auth: RequestAuth,
): Promise<CalendarFeedStatus> {
  const db = ctx.database.db;
  const [row, scheduling] = await Promise.all([
    findMemberCalendarFeed(db, auth.workspaceId, auth.user.id),
    workspaceScheduling(db, auth.workspaceId),
  ]);
  return {
    subscribed: row !== null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
    planRefusal: scheduling.features.calendarSubscription
      ? null
      : schedulingRefusal('calendarSubscription', scheduling.planId).message,
  };
}

/**
 * POST /api/calendar/feed: a new private URL for the member in this workspace; an earlier one
 * stops working. The secret is in the answer only: it cannot be shown again.
 */
export async function createCalendarFeed(ctx: AppContext, auth: RequestAuth): Promise<CalendarFeedCreated> {
  const db = ctx.database.db;
  await requireScheduling(db, auth.workspaceId, 'calendarSubscription');
  const secret = randomBytes(32).toString('base64url');
  const row = await upsertCalendarFeed(db, {
    workspaceId: auth.workspaceId,
    userId: auth.user.id,
    secretHash: hashSecret(secret),
  });
  return { url: `${ctx.config.appUrl}/api/calendar/${secret}.ics`, createdAt: row.createdAt.toISOString() };
}

/** DELETE /api/calendar/feed: the member's URL answers 404 from now on. */
export async function revokeCalendarFeed(ctx: AppContext, auth: RequestAuth): Promise<void> {
  const deleted = await deleteMemberCalendarFeed(ctx.database.db, auth.workspaceId, auth.user.id);
  if (!deleted) throw new AppError('not_found', 'You have no calendar subscription to revoke.');
}

/**
 * GET /api/calendar/<secret>.ics, without a session: the workspace's posts from 30 days back to
 * a year ahead. A secret nobody holds, a member who left or was deactivated: 404, as if it never
 * was. A plan that lost subscriptions: 402 (the owner can win it back by upgrading).
 */
export async function readSubscribedCalendar(
  ctx: AppContext,
  caller: Caller,
  secret: string,
  now = new Date(),
): Promise<string> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.calendarFeed, caller.ip);
  const feed = await findCalendarFeedBySecret(db, hashSecret(secret));
  if (!feed || feed.memberRole === null || !feed.userActive) {
    throw new AppError('not_found', calendarExportMessages.feedNotFound);
  }
  if (!schedulingByPlan[feed.plan].calendarSubscription) {
    throw schedulingRefusal('calendarSubscription', feed.plan);
  }
  const rows = await listCalendarPosts(db, feed.workspaceId, {
    from: new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS),
    to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS),
    statuses: feedStatuses,
    limit: MAX_EXPORT_POSTS,
  });
  await markCalendarFeedFetched(db, feed.id, now);
  const options = eventOptions(ctx);
  return writeIcs({
    name: calendarName(feed.workspaceName),
    events: rows.map((row) => postEvent(row, options)),
    refreshMinutes: FEED_REFRESH_MINUTES,
  });
}
