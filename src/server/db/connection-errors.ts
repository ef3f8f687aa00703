/*
 * Errors that mean "the database is away", not "this query is wrong": a restart, a failover,
 * `pg_terminate_backend`, an idle timeout in PgBouncer or a cloud proxy, a network cut. The
 * process waits them out: start-up retries, a request answers 503, a job is tried again later.
 */

/** Socket and DNS errors from Node (`code` on the error node-postgres passes on). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception) and
 * 57P01-57P03 (admin_shutdown, crash_shutdown, cannot_connect_now: "the database system is
 * starting up / shutting down"). https://www.postgresql.org/docs/15/errcodes-appendix.html
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres's own messages for a connection that ended or never came (pg 8, pg-pool 3). */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

/** True when `error`, or an error it wraps (Drizzle wraps the driver's in `cause`), is one of these. */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08')) return true;
    }
    if (CLIENT_MESSAGES.some((message) => current instanceof Error && current.message.startsWith(message))) {
      return true;
    }
    // AggregateError: Node's connect tries every address of a host name (IPv4 and IPv6).
    if (current instanceof AggregateError && current.errors.some((inner) => isConnectionError(inner))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** One line a person can act on, for a start-up that cannot reach the database. */
export function describeConnectionError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as { code?: unknown };
    switch (code) {
      case 'ECONNREFUSED':
        return 'connection refused (is PostgreSQL running and listening there?)';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'host name not found';
      case 'ETIMEDOUT':
        return 'no answer (timed out)';
      case '57P03':
        return 'PostgreSQL is starting up or shutting down';
      case '57P01':
      case '57P02':
        return 'PostgreSQL ended the connection (shut down or restarted)';
    }
    if (current instanceof AggregateError && current.errors[0] !== undefined)
      return describeConnectionError(current.errors[0]);
    if (current.message.startsWith('timeout exceeded when trying to connect')) return 'no answer (timed out)';
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}
