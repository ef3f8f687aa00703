import { describe, expect, it } from 'vitest';
import { dueOccurrences, occurrenceAt, type RecurrenceRule } from './recurrence';

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  startsAt: new Date('2027-01-31T09:00:00Z'),
  timeZone: 'UTC',
  interval: 1,
  unit: 'month',
  until: null,
  count: null,
  ...overrides,
});
const iso = (date: Date) => date.toISOString();

describe('occurrence times', () => {
  it('puts a monthly post on the 31st on each shorter month’s last day, and back on the 31st', () => {
    const monthly = rule({});
    expect([1, 2, 3, 4].map((index) => iso(occurrenceAt(monthly, index)))).toEqual([
      '2027-02-28T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
      '2027-04-30T09:00:00.000Z',
      '2027-05-31T09:00:00.000Z',
    ]);
    expect(iso(occurrenceAt(rule({ startsAt: new Date('2028-01-31T09:00:00Z') }), 1))).toBe(
      '2028-02-29T09:00:00.000Z',
    );
  });

  it('keeps the wall time across daylight saving time', () => {
    // 09:00 in Berlin: UTC+1 in winter, UTC+2 from 28 March 2027.
    const daily = rule({
      startsAt: new Date('2027-03-26T08:00:00Z'),
      timeZone: 'Europe/Berlin',
      unit: 'day',
    });
    expect([0, 1, 2, 3].map((index) => iso(occurrenceAt(daily, index)))).toEqual([
      '2027-03-26T08:00:00.000Z',
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
    const weekly = rule({
      startsAt: new Date('2027-10-25T13:30:00Z'),
      timeZone: 'America/New_York',
      unit: 'week',
    });
    // 09:30 in New York: EDT until 7 November 2027, EST after.
    expect(iso(occurrenceAt(weekly, 2))).toBe('2027-11-08T14:30:00.000Z');
  });

  it('counts every N units from the first', () => {
    const everyTwoWeeks = rule({ startsAt: new Date('2027-01-04T10:00:00Z'), unit: 'week', interval: 2 });
    expect(iso(occurrenceAt(everyTwoWeeks, 3))).toBe('2027-02-15T10:00:00.000Z');
    const everyThreeDays = rule({ startsAt: new Date('2027-01-04T10:00:00Z'), unit: 'day', interval: 3 });
    expect(iso(occurrenceAt(everyThreeDays, 2))).toBe('2027-01-10T10:00:00.000Z');
  });
});

describe('due occurrences', () => {
  const daily = rule({ startsAt: new Date('2027-01-01T09:00:00Z'), unit: 'day' });
  const now = new Date('2027-01-01T08:00:00Z');

  it('lists the occurrences up to the horizon and says where the next run starts', () => {
    const result = dueOccurrences(daily, 1, now, new Date('2027-01-05T09:00:00Z'), 100);
    expect(result.due.map((item) => item.index)).toEqual([1, 2, 3, 4]);
    expect(result).toMatchObject({ nextIndex: 5, finished: false });
  });

  it('stops at the count and at the end date', () => {
    const counted = dueOccurrences({ ...daily, count: 3 }, 1, now, new Date('2027-02-01T00:00:00Z'), 100);
    expect(counted.due.map((item) => item.index)).toEqual([1, 2]);
    expect(counted).toMatchObject({ nextIndex: 3, finished: true });
    const until = new Date('2027-01-03T09:00:00Z');
    const dated = dueOccurrences({ ...daily, until }, 1, now, new Date('2027-02-01T00:00:00Z'), 100);
    expect(dated.due.map((item) => iso(item.at))).toEqual([
      '2027-01-02T09:00:00.000Z',
      '2027-01-03T09:00:00.000Z',
    ]);
    expect(dated.finished).toBe(true);
  });

  it('skips occurrences whose time has passed, and stops at the limit', () => {
    const late = dueOccurrences(
      daily,
      1,
      new Date('2027-01-03T12:00:00Z'),
      new Date('2027-01-06T10:00:00Z'),
      100,
    );
    expect(late.due.map((item) => item.index)).toEqual([3, 4, 5]);
    const limited = dueOccurrences(daily, 1, now, new Date('2027-03-01T00:00:00Z'), 2);
    expect(limited).toMatchObject({ nextIndex: 3, finished: false });
  });
});
