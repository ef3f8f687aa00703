import { describe, expect, it } from 'vitest';
import {
  ApiError,
  codeOf,
  failureCode,
  failureIssues,
  failureMessage,
  failureReason,
  isUnauthorized,
  messageOf,
} from './api-client';

const failed = (status: number, body: unknown) => new ApiError(status, 'Status', JSON.stringify(body));

describe('the error contract on the client', () => {
  it('reads the code of an error body, and nothing from a body that is not ours', () => {
    expect(failureCode(failed(409, { error: { code: 'email_taken', message: 'Taken' } }))).toBe(
      'email_taken',
    );
    expect(failureCode(failed(502, { error: 'Bad Gateway' }))).toBeUndefined();
    expect(failureCode(failed(409, { error: { code: 'made_up', message: 'x' } }))).toBeUndefined();
    expect(failureCode(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(codeOf({ error: { code: 'rate_limited', message: 'Wait' } })).toBe('rate_limited');
  });

  it('knows a signed-out answer by its code, not by its status', () => {
    expect(isUnauthorized(failed(401, { error: { code: 'unauthorized', message: 'Please sign in.' } }))).toBe(
      true,
    );
    expect(
      isUnauthorized(failed(401, { success: false, user: null, message: 'Invalid email or password' })),
    ).toBe(false);
  });

  it('shows the message of an error body, the first issue of a validation failure, or a login answer’s', () => {
    expect(failureMessage(failed(409, { error: { code: 'conflict', message: 'Already done' } }), 'x')).toBe(
      'Already done',
    );
    const invalid = {
      error: {
        code: 'validation_failed',
        message: 'Invalid request',
        issues: [{ path: 'body.email', message: 'Bad' }],
      },
    };
    expect(failureMessage(failed(400, invalid), 'x')).toBe('Bad');
    expect(failureIssues(failed(400, invalid))).toEqual([{ path: 'body.email', message: 'Bad' }]);
    expect(messageOf({ success: false, user: null, message: 'Invalid access code' })).toBe(
      'Invalid access code',
    );
  });

  it('gives the reason under a fixed message', () => {
    const body = { error: { code: 'conflict', message: 'Account Deletion', reason: 'You own a team.' } };
    expect(failureReason(failed(409, body))).toBe('You own a team.');
    expect(failureReason(failed(409, { error: { code: 'conflict', message: 'x' } }))).toBeUndefined();
  });
});
