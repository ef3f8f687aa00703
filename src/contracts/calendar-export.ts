import { z } from 'zod';
import { safeString } from './common';

/*
 * Calendar export (issue 25, deliver 6): the calendar's visible range as an .ics or CSV download,
 * and a member's private subscription URL that Google, Apple and Outlook calendars fetch without
 * a session (the secret in the address is the credential).
 */

/** The longest range one download covers (a year and a day: a month view draws 42). */
export const MAX_EXPORT_DAYS = 400;
/** At most this many posts in one download or one subscription fetch, earliest first. */
export const MAX_EXPORT_POSTS = 2000;
/** What a subscription shows: posts from this many days back … */
export const FEED_DAYS_BACK = 30;
/** … to this many days ahead. */
export const FEED_DAYS_AHEAD = 366;
/** How often a subscribing calendar is asked to fetch again, in minutes. */
export const FEED_REFRESH_MINUTES = 60;

const instant = z.iso.datetime({
  offset: true,
  message: 'Use an ISO date and time, e.g. 2026-12-01T00:00:00Z',
});

/**
 * GET /api/calendar/export.ics and export.csv: the posts of [from, to). The CSV's columns are the
 * CSV import template's (post-import.ts importColumns), so an export can be edited and imported
 * again: dates and times are wall times in `timeZone`; `account` is the account's @username
 * (guarded with an apostrophe, as in the template); `media url` is the address of the post's first
 * media (a cell holds one URL).
 */
export const calendarExportQuery = z
  .object({
    from: instant,
    to: instant,
    /** The CSV's zone for dates and times (IANA); default: the user's, else UTC. */
    timeZone: safeString().trim().min(1).max(64).optional(),
  })
  .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
    message: 'from must be before to',
    path: ['to'],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= MAX_EXPORT_DAYS * 86_400_000, {
    message: `Choose at most ${MAX_EXPORT_DAYS} days`,
    path: ['to'],
  });
export type CalendarExportQuery = z.infer<typeof calendarExportQuery>;

/** GET /api/calendar/feed: whether the member has a subscription URL (it is shown only once made). */
export const calendarFeedStatus = z.object({
  subscribed: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
  /** When a calendar app last fetched it; null: never yet. */
  lastFetchedAt: z.iso.datetime().nullable(),
  /** Why the workspace's plan refuses a new URL (what POST would answer with its 402); null: it may. */
  planRefusal: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** POST /api/calendar/feed: a new private URL (any earlier one stops working). */
export const calendarFeedCreated = z.object({
  url: z.url(),
  createdAt: z.iso.datetime(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** The address's last segment: 32 random bytes in base64url (43 characters) and `.ics`. */
export const calendarFeedParams = z.object({
  file: safeString().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'Not a calendar subscription address'),
});

/** The same address for calendar apps that open webcal:// links (Apple Calendar, Outlook). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

export const calendarExportMessages = {
  feedNotFound: 'This calendar subscription does not exist or was revoked.',
} as const;
