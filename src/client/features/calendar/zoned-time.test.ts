import { describe, expect, it } from 'vitest';
import { effectiveTimeZone } from '../time-zone/time-zones';
import { defaultScheduleWallTime, shiftDaysInZone, utcToWallTime, wallTimeToUtc } from './zoned-time';

describe('wallTimeToUtc', () => {
  it('converts 14:00 in Berlin with the offset of that very day, on both sides of the spring change', () => {
    // CET (UTC+1) until 2026-03-29 02:00, then CEST (UTC+2).
    expect(wallTimeToUtc('2026-03-28', '14:00', 'Europe/Berlin')).toEqual({
      iso: '2026-03-28T13:00:00Z',
      shifted: false,
    });
    expect(wallTimeToUtc('2026-03-29', '14:00', 'Europe/Berlin')?.iso).toBe('2026-03-29T12:00:00Z');
    expect(wallTimeToUtc('2026-03-30', '14:00', 'Europe/Berlin')?.iso).toBe('2026-03-30T12:00:00Z');
  });

  it('and on both sides of the autumn change', () => {
    // CEST until 2026-10-25 03:00, then CET.
    expect(wallTimeToUtc('2026-10-24', '14:00', 'Europe/Berlin')?.iso).toBe('2026-10-24T12:00:00Z');
    expect(wallTimeToUtc('2026-10-26', '14:00', 'Europe/Berlin')?.iso).toBe('2026-10-26T13:00:00Z');
  });

  it('converts New York times across its own (different) change dates', () => {
    // EST (UTC-5) until 2026-03-08 02:00, then EDT (UTC-4); back to EST on 2026-11-01.
    expect(wallTimeToUtc('2026-03-07', '14:00', 'America/New_York')?.iso).toBe('2026-03-07T19:00:00Z');
    expect(wallTimeToUtc('2026-03-09', '14:00', 'America/New_York')?.iso).toBe('2026-03-09T18:00:00Z');
    expect(wallTimeToUtc('2026-10-31', '14:00', 'America/New_York')?.iso).toBe('2026-10-31T18:00:00Z');
    expect(wallTimeToUtc('2026-11-02', '14:00', 'America/New_York')?.iso).toBe('2026-11-02T19:00:00Z');
    // Between Berlin's and New York's changes the two zones are 5 hours apart, not 6.
    expect(wallTimeToUtc('2026-03-20', '09:00', 'America/New_York')?.iso).toBe('2026-03-20T13:00:00Z');
    expect(wallTimeToUtc('2026-03-20', '14:00', 'Europe/Berlin')?.iso).toBe('2026-03-20T13:00:00Z');
  });

  it('says when the wall time falls in the hour skipped by the spring change', () => {
    expect(wallTimeToUtc('2026-03-29', '02:30', 'Europe/Berlin')).toEqual({
      iso: '2026-03-29T01:30:00Z',
      shifted: true,
    });
    expect(wallTimeToUtc('2026-03-08', '02:15', 'America/New_York')?.shifted).toBe(true);
    expect(wallTimeToUtc('2026-03-08', '03:15', 'America/New_York')?.shifted).toBe(false);
  });

  it('accepts seconds, and refuses incomplete or impossible input', () => {
    expect(wallTimeToUtc('2026-07-01', '09:30:15', 'UTC')?.iso).toBe('2026-07-01T09:30:15Z');
    expect(wallTimeToUtc('2026-02-30', '14:00', 'Europe/Berlin')).toBeNull();
    expect(wallTimeToUtc('2026-03-01', '', 'Europe/Berlin')).toBeNull();
    expect(wallTimeToUtc('', '14:00', 'Europe/Berlin')).toBeNull();
    expect(wallTimeToUtc('2026-03-01', '25:00', 'Europe/Berlin')).toBeNull();
  });
});

describe('utcToWallTime', () => {
  it('shows an instant in the zone, and round-trips', () => {
    expect(utcToWallTime('2026-03-29T12:00:00Z', 'Europe/Berlin')).toEqual({
      date: '2026-03-29',
      time: '14:00',
    });
    expect(utcToWallTime('2026-03-29T12:00:00Z', 'America/New_York')).toEqual({
      date: '2026-03-29',
      time: '08:00',
    });
    // Late evening in New York is already the next day in UTC.
    expect(utcToWallTime('2026-11-02T03:30:00Z', 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '22:30',
    });
    const wall = utcToWallTime('2026-10-25T13:00:00Z', 'Europe/Berlin');
    expect(wall && wallTimeToUtc(wall.date, wall.time, 'Europe/Berlin')?.iso).toBe('2026-10-25T13:00:00Z');
  });
});

describe('defaultScheduleWallTime', () => {
  it('is tomorrow at 14:00 in the zone, and converts with tomorrow’s offset', () => {
    // Saturday 21:00 in Berlin; clocks go forward that night.
    const now = new Date('2026-03-28T20:00:00Z');
    const wall = defaultScheduleWallTime('Europe/Berlin', now);
    expect(wall).toEqual({ date: '2026-03-29', time: '14:00' });
    expect(wallTimeToUtc(wall.date, wall.time, 'Europe/Berlin')?.iso).toBe('2026-03-29T12:00:00Z');
  });

  it('takes "tomorrow" from the zone, not from UTC', () => {
    // 2026-03-07 03:00 UTC is still the 6th, 22:00, in New York.
    const now = new Date('2026-03-07T03:00:00Z');
    expect(defaultScheduleWallTime('America/New_York', now)).toEqual({ date: '2026-03-07', time: '14:00' });
    expect(defaultScheduleWallTime('Europe/Berlin', now)).toEqual({ date: '2026-03-08', time: '14:00' });
  });
});

describe('shiftDaysInZone', () => {
  it('moves a post by days without moving its local time across a DST change', () => {
    // Friday 14:00 EST -> Monday 14:00 EDT: 19:00Z becomes 18:00Z.
    expect(shiftDaysInZone('2026-03-06T19:00:00Z', 3, 'America/New_York')).toBe('2026-03-09T18:00:00Z');
    expect(shiftDaysInZone('2026-10-24T12:00:00Z', 2, 'Europe/Berlin')).toBe('2026-10-26T13:00:00Z');
  });
});

describe('effectiveTimeZone', () => {
  it('uses the user’s zone when it is known, else the browser’s', () => {
    expect(effectiveTimeZone('America/New_York')).toBe('America/New_York');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(effectiveTimeZone(null)).toBe(browser);
    expect(effectiveTimeZone('Mars/Olympus_Mons')).toBe(browser);
  });
});
