import { describe, expect, it } from 'vitest';
import { accountOverPlanLimitMessage, accountsBeyondLimit } from './plan-gates';

describe('accountsBeyondLimit', () => {
  const ids = ['oldest', 'second', 'third', 'newest'];

  it('keeps the first accounts in connection order up to the limit', () => {
    expect(accountsBeyondLimit(ids, 1)).toEqual(new Set(['second', 'third', 'newest']));
    expect(accountsBeyondLimit(ids, 2)).toEqual(new Set(['third', 'newest']));
  });

  it('marks none when the limit covers them all, or there is no limit', () => {
    expect(accountsBeyondLimit(ids, 4)).toEqual(new Set());
    expect(accountsBeyondLimit(ids, 10)).toEqual(new Set());
    expect(accountsBeyondLimit(ids, null)).toEqual(new Set());
  });
});

describe('accountOverPlanLimitMessage', () => {
  it('names the account, its platform and the plan with its limit', () => {
    expect(
      accountOverPlanLimitMessage({ displayName: 'Corner Bakery', platform: 'linkedin' }, 1, 'Free'),
    ).toBe(
      "Corner Bakery (LinkedIn) is over your Free plan's limit of 1 social account, so nothing is published to it. Upgrade your plan, or disconnect an account connected before it.",
    );
    expect(
      accountOverPlanLimitMessage({ displayName: 'Maple', platform: 'twitter' }, 2, 'Starter'),
    ).toContain('limit of 2 social accounts');
  });
});
