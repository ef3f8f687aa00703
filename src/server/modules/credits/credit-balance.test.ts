import { describe, expect, it } from 'vitest';
import { creditBalance, creditPeriod, creditsToGrant } from './credit-balance';

describe('creditPeriod', () => {
  it('runs from the first instant of the UTC month to the first of the next', () => {
    const { start, resetsAt } = creditPeriod(new Date('2026-11-22T15:30:00Z'));
    expect(start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(resetsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('rolls over the year in December', () => {
    const { start, resetsAt } = creditPeriod(new Date('2026-12-31T23:59:59.999Z'));
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(resetsAt.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('counts the reset instant itself in the new month', () => {
    expect(creditPeriod(new Date('2027-01-01T00:00:00Z')).start.toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('creditBalance', () => {
  it('subtracts what was used from the allowance', () => {
    expect(creditBalance(200, 6)).toEqual({ used: 6, limit: 200, remaining: 194 });
  });

  it('never reports a negative remainder when a plan shrank below its use', () => {
    expect(creditBalance(10, 57)).toEqual({ used: 57, limit: 10, remaining: 0 });
  });

  it('has no limit and no remainder on an unlimited plan', () => {
    expect(creditBalance(null, 5000)).toEqual({ used: 5000, limit: null, remaining: null });
  });
});

describe('creditsToGrant', () => {
  it('grants the whole request when enough is left', () => {
    expect(creditsToGrant(6, creditBalance(50, 10))).toBe(6);
  });

  it('grants only what is left', () => {
    expect(creditsToGrant(6, creditBalance(50, 47))).toBe(3);
  });

  it('grants nothing when the allowance is used up', () => {
    expect(creditsToGrant(6, creditBalance(10, 10))).toBe(0);
  });

  it('grants everything on an unlimited plan', () => {
    expect(creditsToGrant(10, creditBalance(null, 99999))).toBe(10);
  });
});
