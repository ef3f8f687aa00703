import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2025-06-15T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatRelativeTime', () => {
  it('says minutes and hours for today', () => {
    expect(formatRelativeTime(ago(20_000), now, 'UTC')).toBe('just now');
    expect(formatRelativeTime(ago(5 * MIN), now, 'UTC')).toBe('5 min ago');
    expect(formatRelativeTime(ago(59 * MIN), now, 'UTC')).toBe('59 min ago');
    expect(formatRelativeTime(ago(3 * HOUR), now, 'UTC')).toBe('3 h ago');
    expect(formatRelativeTime(ago(14 * HOUR), now, 'UTC')).toBe('14 h ago');
  });

  it('counts calendar days in the user’s zone after that', () => {
    // 16 h before 15:00 UTC is 23:00 the day before.
    expect(formatRelativeTime(ago(16 * HOUR), now, 'UTC')).toBe('yesterday');
    // 13 h earlier is the same day in UTC, but 19:00 the day before in Los Angeles (UTC-7).
    expect(formatRelativeTime(ago(13 * HOUR), now, 'UTC')).toBe('13 h ago');
    expect(formatRelativeTime(ago(13 * HOUR), now, 'America/Los_Angeles')).toBe('yesterday');
    expect(formatRelativeTime('2025-06-11T09:00:00Z', now, 'UTC')).toBe('4 days ago');
  });

  it('shows the date after a week, with the year when it differs', () => {
    expect(formatRelativeTime('2025-06-01T12:00:00Z', now, 'UTC')).toBe('Jun 1');
    expect(formatRelativeTime('2024-12-30T12:00:00Z', now, 'UTC')).toBe('Dec 30, 2024');
  });

  it('never throws on a bad value', () => {
    expect(formatRelativeTime('not a date', now, 'UTC')).toBe('');
  });
});
