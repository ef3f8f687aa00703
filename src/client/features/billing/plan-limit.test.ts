import { describe, expect, it } from 'vitest';
import { generationMessages } from '../../../contracts/generation';
import { socialAccountMessages } from '../../../contracts/social-accounts';
import { ApiError } from '../../lib/api-client';
import { isAccountLimitMessage, planLimitMessage } from './plan-limit';

const answer = (status: number, body: unknown) =>
  new ApiError(status, 'Status', body === null ? '' : JSON.stringify(body));

describe('planLimitMessage', () => {
  it('gives the server’s message of a 402', () => {
    const message = generationMessages.creditsExhausted;
    expect(planLimitMessage(answer(402, { error: 'Payment Required', message }))).toBe(message);
  });

  it('has a message of its own when the 402 came without one', () => {
    expect(planLimitMessage(answer(402, null))).toMatch(/upgrade/i);
  });

  it('is null for anything that is not a plan refusal', () => {
    expect(planLimitMessage(answer(400, { error: 'Bad Request', message: 'No' }))).toBeNull();
    expect(planLimitMessage(answer(403, { error: 'Forbidden', message: 'No' }))).toBeNull();
    expect(planLimitMessage(new TypeError('Failed to fetch'))).toBeNull();
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
