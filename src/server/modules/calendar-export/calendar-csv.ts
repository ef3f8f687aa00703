import { DateTime } from 'luxon';
import { importColumns } from '../../../contracts/post-import';
import { CSV_BOM, csvCell, csvLine } from '../analytics';
import type { CalendarPostRow } from './calendar-export.repository';
import { hashtagLine } from './post-events';

/*
 * The calendar's posts as CSV (pure), in the CSV import template's columns, dates and times as wall
 * times in the chosen zone. RFC 4180 and formula-safe as the analytics export: a text cell
 * starting with = + - @ (or a tab or carriage return) gets a leading apostrophe.
 */

/** `mediaUrls`: the post's media in order; the column holds the first (the import takes one URL). */
export type CalendarCsvPost = CalendarPostRow & { mediaUrls: string[] };

/** The whole file: byte order mark (Excel reads UTF-8 then), header, one row per post. */
export function calendarCsv(rows: CalendarCsvPost[], timeZone: string): string {
  const header = csvLine(importColumns.map((column) => csvCell(column)));
  return CSV_BOM + header + rows.map((row) => calendarCsvRow(row, timeZone)).join('');
}

function calendarCsvRow(post: CalendarCsvPost, timeZone: string): string {
  const wall = DateTime.fromJSDate(post.time, { zone: timeZone });
  const cells: Record<(typeof importColumns)[number], string> = {
    date: csvCell(wall.toFormat('yyyy-MM-dd')),
    time: csvCell(wall.toFormat('HH:mm')),
    account: csvCell(post.accountUsername === null ? post.platform : `@${post.accountUsername}`, 'text'),
    text: csvCell(post.content, 'text'),
    hashtags: csvCell(hashtagLine(post.hashtags), 'text'),
    'media url': csvCell(post.mediaUrls[0] ?? null, 'text'),
    'first comment': csvCell(post.firstComment, 'text'),
  };
  return csvLine(importColumns.map((column) => cells[column]));
}

/** e.g. kitepost-calendar-2026-11-29-to-2027-01-10.csv (the days in the chosen zone). */
export function calendarExportFilename(from: Date, to: Date, timeZone: string, extension: 'csv' | 'ics') {
  const day = (date: Date) => DateTime.fromJSDate(date, { zone: timeZone }).toFormat('yyyy-MM-dd');
  // `to` is exclusive: the last day shown is the one before it.
  return `kitepost-calendar-${day(from)}-to-${day(new Date(to.getTime() - 1))}.${extension}`;
}
