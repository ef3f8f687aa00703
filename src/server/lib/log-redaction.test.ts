import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './log-redaction';

describe('redactUrl', () => {
  it('keeps URLs without secrets as they are', () => {
    expect(redactUrl('/api/posts?status=draft&page=2')).toBe('/api/posts?status=draft&page=2');
    expect(redactUrl('/api/team/invitations')).toBe('/api/team/invitations');
    expect(redactUrl('/')).toBe('/');
  });

  it('replaces secret query values, whatever their case or encoding, and keeps the rest', () => {
    expect(redactUrl('/cb?CODE=a&%73tate=b&x=1&access_token=c#frag')).toBe(
      '/cb?CODE=[redacted]&%73tate=[redacted]&x=1&access_token=[redacted]',
    );
    // A name alone has no value to hide; a malformed name is no known secret.
    expect(redactUrl('/cb?code&%E0%A4%A=1')).toBe('/cb?code&%E0%A4%A=1');
  });

  it('replaces invitation and reset tokens in the path', () => {
    expect(redactUrl('/api/team/invitations/abc_DEF-123/accept?x=1')).toBe(
      '/api/team/invitations/[redacted]/accept?x=1',
    );
    expect(redactUrl('/api/identity/reset-password/tok?callbackURL=%2F')).toBe(
      '/api/identity/reset-password/[redacted]?callbackURL=%2F',
    );
  });

  it("replaces a calendar subscription's secret, not the export and feed routes", () => {
    expect(redactUrl(`/api/calendar/${'a'.repeat(43)}.ics`)).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/api/calendar/export.ics?from=x')).toBe('/api/calendar/export.ics?from=x');
    expect(redactUrl('/api/calendar/export.csv')).toBe('/api/calendar/export.csv');
    expect(redactUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
  });
});

describe('serializeError', () => {
  it("drops a failed query's values (a session token, an email) and keeps its SQL and the driver's cause", () => {
    const driver = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failed = Object.assign(
      new Error('Failed query: select "id" from "sessions" where "token" = $1\nparams: Xdrq-secret-token,1', {
        cause: driver,
      }),
      { query: 'select "id" from "sessions" where "token" = $1', params: ['Xdrq-secret-token', 1] },
    );
    failed.stack = `Error: ${failed.message}\n    at query (session.js:41:15)`;
    const serialized = serializeError(failed);
    expect(JSON.stringify(serialized)).not.toContain('Xdrq-secret-token');
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'Failed query: select "id" from "sessions" where "token" = $1',
      query: 'select "id" from "sessions" where "token" = $1',
      cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
    expect(serialized.stack).toBe(
      'Error: Failed query: select "id" from "sessions" where "token" = $1\n    at query (session.js:41:15)',
    );
  });
});
