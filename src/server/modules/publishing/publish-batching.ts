import type { Db } from '../../db/client';
import {
  type ClaimInput,
  claimPosts,
  type PublishedInput,
  recordPublishedMany,
} from './publish-claims.repository';
import type { PublishClaim } from './publishing.repository';

/*
 * Posts due at the same moment are claimed, and their successes recorded, a group per statement:
 * the calls made in one turn of the event loop (a batch of jobs starting together, answers that
 * arrive together) are sent as one. A group's statement that fails (e.g. a deadlock with another
 * process's group over two workspaces) is retried one input at a time, so one input's failure is
 * its own.
 */

/** Most inputs per statement. */
const MAX_GROUP = 50;

type Pending<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/** Calls of `run` made in the same turn of the event loop go to it together, up to `max` at a time. */
export function microBatch<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  max = MAX_GROUP,
): (input: I) => Promise<O> {
  let pending: Array<Pending<I, O>> = [];
  const flush = () => {
    const taken = pending;
    pending = [];
    for (let start = 0; start < taken.length; start += max) void settle(taken.slice(start, start + max), run);
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ input, resolve, reject });
      if (pending.length === 1) setImmediate(flush);
    });
}

async function settle<I, O>(group: Array<Pending<I, O>>, run: (inputs: I[]) => Promise<O[]>) {
  try {
    const outputs = await run(group.map((one) => one.input));
    for (const [i, one] of group.entries()) one.resolve(outputs[i] as O);
  } catch (error) {
    if (group.length === 1) {
      group[0]?.reject(error);
      return;
    }
    await Promise.all(
      group.map((one) => run([one.input]).then((outputs) => one.resolve(outputs[0] as O), one.reject)),
    );
  }
}

interface Batchers {
  claim(input: ClaimInput): Promise<PublishClaim | undefined>;
  recordPublished(input: PublishedInput): Promise<boolean>;
}

/** One set per database (tests run several apps in one process). */
const batchers = new WeakMap<Db, Batchers>();

export function publishBatchers(db: Db): Batchers {
  let found = batchers.get(db);
  if (!found) {
    found = {
      claim: microBatch((inputs: ClaimInput[]) => claimPosts(db, inputs)),
      recordPublished: microBatch((inputs: PublishedInput[]) => recordPublishedMany(db, inputs)),
    };
    batchers.set(db, found);
  }
  return found;
}
