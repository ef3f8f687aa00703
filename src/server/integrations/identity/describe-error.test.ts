import { describe, expect, it } from 'vitest';
import { describeError, describeLogArgs } from './describe-error';

describe('describeError', () => {
  it('keeps the message and the chain of causes that JSON.stringify drops', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const error = new TypeError('fetch failed', { cause });
    expect(JSON.stringify(error)).toBe('{}');
    expect(describeError(error)).toEqual({
      name: 'TypeError',
      message: 'fetch failed',
      cause: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:9', code: 'ECONNREFUSED' },
    });
  });

  it('scrubs codes, tokens and secrets from messages and URLs', () => {
    const error = new Error(
      'POST https://idp.example/token?code=abc123&state=st4te failed: client_secret=s3cret access_token=t0ken',
    );
    const { message } = describeError(error);
    expect(message).toContain('https://idp.example/token?code=[redacted]&state=[redacted]');
    expect(message).not.toMatch(/abc123|st4te|s3cret|t0ken/);
  });

  it("describes better-fetch's error objects and leaves other log arguments as they are", () => {
    expect(
      describeError({ status: 401, statusText: 'Unauthorized', error: { error: 'invalid_client' } }),
    ).toEqual({ message: 'HTTP 401 Unauthorized invalid_client', status: 401 });
    const [first, second] = describeLogArgs([{ providerId: 'oidc', error: new Error('boom') }, 'text']);
    expect(first).toEqual({ providerId: 'oidc', error: { name: 'Error', message: 'boom' } });
    expect(second).toBe('text');
  });
});
