import { describe, expect, it } from 'vitest';
import { defaultScheduleValue, localInputToDate, toLocalInputValue } from './schedule-time';

describe('schedule time', () => {
  it('defaults to tomorrow at 14:00 local time, across month and year ends', () => {
    expect(defaultScheduleValue(new Date(2026, 0, 15, 9, 30))).toBe('2026-01-16T14:00');
    expect(defaultScheduleValue(new Date(2026, 0, 31, 23, 59))).toBe('2026-02-01T14:00');
    expect(defaultScheduleValue(new Date(2026, 11, 31, 0, 0))).toBe('2027-01-01T14:00');
  });

  it('reads the input value as local time and writes it back unchanged', () => {
    const date = localInputToDate('2026-03-05T14:00');
    expect(date).not.toBeNull();
    expect(date?.getHours()).toBe(14);
    expect(date?.getDate()).toBe(5);
    expect(toLocalInputValue(date as Date)).toBe('2026-03-05T14:00');
  });

  it('refuses what is not a complete date-time', () => {
    expect(localInputToDate('')).toBeNull();
    expect(localInputToDate('2026-03-05')).toBeNull();
    expect(localInputToDate('2026-13-45T99:99')).toBeNull();
  });
});
