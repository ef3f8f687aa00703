// The queue as the rest of the server sees it: services put work on it through this port and
// never see pg-boss (boss.ts is the adapter). Kept apart from the adapter so that importing the
// port does not pull in the job registry, whose jobs import the services back.

/** Which parts a process runs: `web` serves requests, `worker` runs jobs, `all` both. */
export type ProcessRole = 'all' | 'web' | 'worker';

/** What services use to put work on the queue; every process may send. */
export interface JobQueue {
  send(
    name: string,
    payload: object,
    options?: { startAfter?: Date; singletonKey?: string },
  ): Promise<string | null>;
  /** Removes a job that has not run yet; quietly does nothing when it already ran or is gone. */
  cancel(name: string, id: string): Promise<void>;
}
