import { hostname } from 'node:os';

// Who makes a publish attempt and when: shared by the job's path and the sweeper's.

/** Which process made an attempt (host:pid), recorded on the attempt for operators. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;

/**
 * A clock that starts at `start` (a test's injected time, or now) and runs with real time, so
 * that what a call records after awaiting the platform is as late as it really is.
 */
export function clockFrom(start: Date): () => Date {
  const began = Date.now();
  return () => new Date(start.getTime() + (Date.now() - began));
}
