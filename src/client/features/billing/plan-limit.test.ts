import { describe, expect, it } from 'vitest';
import { generationMessages } from '../../../contracts/generation';
import { socialAccountMessages } from '../../../contracts/social-accounts';
import { ApiError } from '../../lib/api-client';
import { isAccountLimitMessage, planLimitMessage, planNeededOf } from './plan-limit';

const answer = (status: number, body: unknown) =>
  new ApiError(status, 'Status', body === null ? '' : JSON.stringify(body));

describe('planLimitMessage', () => {
  it('gives the server’s message of a plan_limit refusal', () => {
    const message = generationMessages.creditsExhausted;
    expect(planLimitMessage(answer(402, { error: { code: 'plan_limit', message } }))).toBe(message);
  });

  it('has a message of its own when the refusal came without one', () => {
    expect(planLimitMessage(answer(402, { error: { code: 'plan_limit', message: '' } }))).toMatch(/upgrade/i);
  });

  it('is null for anything that is not a plan refusal', () => {
    expect(planLimitMessage(answer(400, { error: { code: 'bad_request', message: 'No' } }))).toBeNull();
    expect(planLimitMessage(answer(403, { error: { code: 'forbidden', message: 'No' } }))).toBeNull();
    expect(
      planLimitMessage(answer(402, { error: { code: 'payment_failed', message: 'Declined' } })),
    ).toBeNull();
    expect(planLimitMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('planNeededOf', () => {
  it('names the paid plan a scheduling refusal asks for', () => {
    const refusal = (planNeeded: unknown) =>
      answer(402, { error: { code: 'plan_limit', message: 'Upgrade', planNeeded } });
    expect(planNeededOf(refusal('professional'))).toBe('professional');
    expect(planNeededOf(refusal('free'))).toBeUndefined();
    expect(planNeededOf(refusal(undefined))).toBeUndefined();
    expect(
      planNeededOf(answer(409, { error: { code: 'conflict', message: 'No', planNeeded: 'starter' } })),
    ).toBeUndefined();
  });
});

describe('isAccountLimitMessage', () => {
  it('recognises the account limit of each limited plan', () => {
    expect(isAccountLimitMessage(socialAccountMessages.planLimit(1, 'Free'))).toBe(true);
    expect(isAccountLimitMessage(socialAccountMessages.planLimit(2, 'Starter'))).toBe(true);
    expect(isAccountLimitMessage(socialAccountMessages.planLimit(10, 'Professional'))).toBe(true);
  });

  it('does not mistake other refusals for it', () => {
    expect(isAccountLimitMessage(socialAccountMessages.connectFailed)).toBe(false);
    expect(isAccountLimitMessage(socialAccountMessages.stateInvalid)).toBe(false);
    expect(isAccountLimitMessage(socialAccountMessages.planLimit(3, 'Starter'))).toBe(false);
  });
});
