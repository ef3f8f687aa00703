import { describe, expect, it } from 'vitest';
import { describeConnectionError, isConnectionError } from './connection-errors';

/** An error as node-postgres gives it: a Node socket error or a server error with a SQLSTATE. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle passes it on: its own error, the driver's in `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isConnectionError', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND')],
    [
      'pg_terminate_backend / pg_ctl stop -m fast',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['the pool giving up connecting', new Error('timeout exceeded when trying to connect')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    [
      'both addresses of a host refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
  ])('is true for %s, also wrapped by Drizzle', (_, error) => {
    expect(isConnectionError(error)).toBe(true);
    expect(isConnectionError(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a bad value', withCode('invalid input syntax for type uuid', '22P02')],
    ['a wrong password', withCode('password authentication failed for user "kitepost"', '28P01')],
    ['a missing database', withCode('database "kitepost" does not exist', '3D000')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isConnectionError(error)).toBe(false);
    expect(isConnectionError(wrapped(error instanceof Error ? error : new Error(String(error))))).toBe(false);
  });
});

describe('describeConnectionError', () => {
  it('says what failed in words, not a code', () => {
    expect(
      describeConnectionError(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))),
    ).toBe('connection refused (is PostgreSQL running and listening there?)');
    expect(describeConnectionError(withCode('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'))).toBe(
      'host name not found',
    );
    expect(describeConnectionError(withCode('the database system is starting up', '57P03'))).toBe(
      'PostgreSQL is starting up or shutting down',
    );
    expect(describeConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(
      'no answer (timed out)',
    );
  });
});
