/*
 * iCalendar text (RFC 5545), written by hand: the server's calendar export and subscription and the
 * demo tour's 'Export Calendar' download share this one writer (pure, no zod: the tour's page is
 * public and small). What the RFC asks and calendar apps check:
 * - lines end in CRLF (§3.1) and are folded at 75 octets, never inside a UTF-8 character: a
 *   continuation line starts with one space (§3.1);
 * - TEXT values escape backslash, semicolon, comma and line breaks (§3.3.11); other control
 *   characters are not allowed in TEXT and are dropped;
 * - an event has UID and DTSTAMP (§3.6.1); DTSTAMP and UTC times are written as 19970714T173000Z.
 */

/** A post's length on a calendar: an instant drawn as a short block, so week views show it. */
export const POST_EVENT_MINUTES = 15;

export interface IcsEvent {
  /** Globally unique and stable: the same post is the same event on every fetch. */
  uid: string;
  /**
   * A UTC instant, or a floating wall time 'YYYY-MM-DDTHH:MM[:SS]' that every calendar shows at
   * that clock time in its own zone (the demo tour's sample posts have no zone).
   */
  start: Date | string;
  durationMinutes: number;
  /** When this information was created or last changed (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  url?: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  categories?: string[];
  /** Bumped when the event changes, so clients replace their copy. */
  sequence?: number;
}

export interface IcsCalendar {
  /** Shown as the calendar's name where a client reads X-WR-CALNAME (Google, Apple, Outlook). */
  name: string;
  events: IcsEvent[];
  /** How often a subscribing client should fetch again (REFRESH-INTERVAL, RFC 7986). */
  refreshMinutes?: number;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** A TEXT value: \ ; , escaped, line breaks as \n, other control characters dropped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** One content line folded at 75 octets (the continuation's leading space counts), CRLF-ended. */
export function foldIcsLine(line: string): string {
  let out = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      out += `${CRLF} `;
      octets = 1;
    }
    out += char;
    octets += size;
  }
  return out + CRLF;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A UTC DATE-TIME: 20261203T090000Z. */
export function icsUtc(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** A floating DATE-TIME from 'YYYY-MM-DDTHH:MM[:SS]': 20241203T090000. */
function icsFloating(wall: string): string {
  const [date = '', time = ''] = wall.split('T');
  const [hours = '00', minutes = '00', seconds = '00'] = time.split(':');
  return `${date.replaceAll('-', '')}T${hours.padStart(2, '0')}${minutes.padStart(2, '0')}${seconds.slice(0, 2).padStart(2, '0')}`;
}

function eventLines(event: IcsEvent): string[] {
  const start = typeof event.start === 'string' ? icsFloating(event.start) : icsUtc(event.start);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${start}`,
    `DURATION:PT${Math.max(0, Math.round(event.durationMinutes))}M`,
    `SUMMARY:${icsText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
  // A URI value is not TEXT: no escaping, but it must not break the line.
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  if (event.categories?.length) lines.push(`CATEGORIES:${event.categories.map(icsText).join(',')}`);
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`);
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR object as text. */
export function writeIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kitepost//Content Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${icsText(calendar.name)}`,
    `X-WR-CALNAME:${icsText(calendar.name)}`,
  ];
  if (calendar.refreshMinutes) {
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
      `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
    );
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('');
}
