import { hostname } from 'node:os';
import type { AppContext } from '../../context';
import type { PublishQueueDeps } from './publish-queue';

/** What the publishing engine needs from the running app. */
export type PublishingContext = Pick<
  AppContext,
  | 'config'
  | 'database'
  | 'socialProviders'
  | 'tokenCipher'
  | 'jobs'
  | 'mail'
  | 'storage'
  | 'mediaSigner'
  | 'log'
>;

/** Which process made an attempt (host:pid), recorded on the attempt for operators. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;

export function queueDepsOf(ctx: PublishingContext): PublishQueueDeps {
  return { db: ctx.database.db, jobs: ctx.jobs, log: ctx.log };
}

/**
 * A clock that starts at `start` (a test's injected time, or now) and runs with real time, so
 * that what a call records after awaiting the platform is as late as it really is.
 */
export function clockFrom(start: Date): () => Date {
  const began = Date.now();
  return () => new Date(start.getTime() + (Date.now() - began));
}
