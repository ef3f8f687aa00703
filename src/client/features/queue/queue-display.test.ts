import { describe, expect, it } from 'vitest';
import { excerptOf, formatSlotInstant, formatSlotTime, moveId } from './queue-display';

describe('queue display', () => {
  it('reads slot times on a 12-hour clock', () => {
    expect(formatSlotTime('09:00')).toBe('9:00 AM');
    expect(formatSlotTime('13:30')).toBe('1:30 PM');
    expect(formatSlotTime('00:15')).toBe('12:15 AM');
    expect(formatSlotTime('12:00')).toBe('12:00 PM');
    expect(formatSlotTime('23:59')).toBe('11:59 PM');
  });

  it('names a slot instant in the queue zone, with the year only when it is another', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(formatSlotInstant('2026-11-29T06:30:00Z', 'Europe/Berlin', now)).toBe('Sun, Nov 29, 7:30 AM');
    expect(formatSlotInstant('2027-03-14T13:00:00Z', 'America/New_York', now)).toBe(
      'Sun, Mar 14, 2027, 9:00 AM',
    );
  });

  it('shortens a post to its first line', () => {
    expect(excerptOf('Fresh bread\nat seven')).toBe('Fresh bread');
    expect(excerptOf('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('moves one id to another place', () => {
    expect(moveId(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveId(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveId(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
