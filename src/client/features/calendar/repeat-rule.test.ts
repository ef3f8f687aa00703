import { describe, expect, it } from 'vitest';
import { noRepeat, repeatBody, repeatProblem } from './repeat-rule';

describe('the composer’s repeat rule', () => {
  it('is no body when the post does not repeat', () => {
    expect(repeatBody(noRepeat, 'UTC')).toBeNull();
    expect(repeatProblem(noRepeat, '2027-01-01')).toBeNull();
  });

  it('sends the count, or the end of the last day in the calendar’s zone', () => {
    const weekly = { ...noRepeat, unit: 'week' as const, every: 2 };
    expect(repeatBody({ ...weekly, ends: 'after', count: 4 }, 'Europe/Berlin')).toEqual({
      every: 2,
      unit: 'week',
      count: 4,
      timeZone: 'Europe/Berlin',
    });
    expect(repeatBody({ ...weekly, ends: 'on', until: '2027-03-01' }, 'Europe/Berlin')?.until).toBe(
      '2027-03-01T22:59:00Z',
    );
  });

  it('says what is wrong', () => {
    const daily = { ...noRepeat, unit: 'day' as const };
    expect(repeatProblem({ ...daily, every: 0 }, '2027-01-01')).toMatch(/every 1 to 365/);
    expect(repeatProblem({ ...daily, ends: 'after', count: 1 }, '2027-01-01')).toMatch(/2 to 500/);
    expect(repeatProblem({ ...daily, ends: 'on', until: '2027-01-01' }, '2027-01-01')).toMatch(
      /after the first/,
    );
    expect(repeatProblem({ ...daily, ends: 'on', until: '2027-01-02' }, '2027-01-01')).toBeNull();
  });
});
