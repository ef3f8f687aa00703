import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldIcsLine, icsText, icsUtc, writeIcs } from './icalendar';

describe('icsText', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(icsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(icsText('bell\u0007 nul\u0000 tab\t')).toBe('bell nul tab\t');
  });
});

describe('foldIcsLine', () => {
  it('leaves a short line whole, CRLF-ended', () => {
    expect(foldIcsLine('SUMMARY:Hi')).toBe('SUMMARY:Hi\r\n');
  });

  it('folds at 75 octets, never inside a UTF-8 character, the space counted', () => {
    const line = `DESCRIPTION:${'é'.repeat(40)}${'🥐'.repeat(30)}x`;
    const folded = foldIcsLine(line);
    const parts = folded.slice(0, -2).split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('writeIcs', () => {
  it('writes UTC and floating times that ical.js reads back', () => {
    const text = writeIcs({
      name: 'Demo, bakery; calendar',
      events: [
        {
          uid: 'a@kitepost.test',
          start: new Date('2026-03-29T01:30:00Z'),
          durationMinutes: 15,
          stamp: new Date('2026-01-01T00:00:00Z'),
          summary: 'LinkedIn: one, two; three',
        },
        {
          uid: 'b@kitepost.test',
          start: '2024-12-03T09:00',
          durationMinutes: 15,
          stamp: new Date('2026-01-01T00:00:00Z'),
          summary: 'Floating',
        },
      ],
    });
    expect(text).toContain('DTSTART:20260329T013000Z\r\n');
    expect(text).toContain('DTSTART:20241203T090000\r\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    // An X- property is TEXT by default (RFC 5545 §3.8.8.2); ical.js hands it back raw.
    expect(text).toContain('X-WR-CALNAME:Demo\\, bakery\\; calendar\r\n');
    const [first, second] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(first?.summary).toBe('LinkedIn: one, two; three');
    expect(first?.startDate.toJSDate().toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(first?.duration.toSeconds()).toBe(15 * 60);
    expect(second?.startDate.isDate).toBe(false);
    expect(second?.startDate.zone?.tzid).toBe('floating');
    expect(icsUtc(new Date('2026-12-03T09:05:07.900Z'))).toBe('20261203T090507Z');
  });
});
