import { setTimeout as delay } from 'node:timers/promises';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import type { ContainerStatus, PublishingLimit } from './graph-answers';

/*
 * Waiting for a Meta network's containers to be FINISHED, and the last step of publishing (Instagram `media_publish`, Threads
 * `threads_publish`): the one call that makes a finished container public, read so that a
 * reconciliation can always find the post again (the container id goes with every unknown
 * outcome), and the 24 h publishing cap told with its quota and window.
 */

type MetaPlatform = 'instagram' | 'threads';

/**
 * The 24 h cap as its quota says it: `… (3 of 50 posts in 24 h)`, reset at the end of the quota's
 * window. A quota that cannot be read leaves the error as it was.
 */
export async function withQuotaReset(
  platform: MetaPlatform,
  error: RateLimitedError,
  readLimit: () => Promise<PublishingLimit>,
): Promise<RateLimitedError> {
  try {
    const limit = await readLimit();
    const resetAt = new Date(Date.now() + limit.windowSeconds * 1000);
    const quota = limit.total === null ? '' : ` (${limit.used} of ${limit.total} posts in 24 h)`;
    return new RateLimitedError(platform, `${error.message}${quota}`, resetAt, { cause: error });
  } catch {
    return error;
  }
}

export interface ContainerPublishing {
  platform: MetaPlatform;
  /** The network's name, as the user reads it. */
  name: string;
  /** The publish call for this container; its answer names the published post. */
  publish(): Promise<unknown>;
  isPublishCap(error: unknown): error is RateLimitedError;
  /** The cap's error told with its quota (withQuotaReset). */
  withQuotaReset(error: RateLimitedError): Promise<RateLimitedError>;
  /** The published post's id from the publish call's answer (throws when it cannot be read). */
  createdId(body: unknown): string;
  /** The post's public link, or null; never fails. */
  permalinkOf(externalId: string): Promise<string | null>;
}

export interface ContainerWaiting {
  platform: MetaPlatform;
  /** The network's name, as the user reads it. */
  name: string;
  /** The first wait between two status reads; the waits double up to `pollMaxMs`. */
  pollMs: number;
  pollMaxMs: number;
  status(containerId: string): Promise<{ code: ContainerStatus; detail: string | null }>;
  /** What a container on ERROR or EXPIRED means, for the user. */
  failure(code: ContainerStatus, detail: string | null): SocialPlatformError;
}

/**
 * Waits until every container is FINISHED, reading their statuses until `deadline` (epoch ms). A
 * failed container fails the post (its `label`, e.g. a carousel item's place, before the reason).
 */
export async function waitUntilFinished(
  containers: Array<{ id: string; label: string | null }>,
  deadline: number,
  network: ContainerWaiting,
): Promise<void> {
  const pending = [...containers];
  let nextWait = network.pollMs;
  for (;;) {
    for (const container of [...pending]) {
      const status = await network.status(container.id);
      if (status.code === 'FINISHED') {
        pending.splice(pending.indexOf(container), 1);
        continue;
      }
      if (status.code === 'ERROR' || status.code === 'EXPIRED') {
        const failure = network.failure(status.code, status.detail);
        if (!container.label) throw failure;
        throw new InvalidContentError(network.platform, `${container.label}: ${failure.message}`, {
          cause: failure,
        });
      }
      if (status.code === 'PUBLISHED') {
        throw new SocialPlatformError(
          network.platform,
          `The ${network.name} container ${container.id} is already published.`,
        );
      }
    }
    if (pending.length === 0) return;
    const left = deadline - Date.now();
    if (left <= 0) break;
    await delay(Math.min(nextWait, left));
    nextWait = Math.min(nextWait * 2, network.pollMaxMs);
  }
  // Still IN_PROGRESS: nothing is public yet, the containers are harmless and expire by
  // themselves (24 h). Not a failure of the post: the attempt is retried later (new containers).
  throw new TransientPlatformError(
    network.platform,
    `${network.name} was still processing the media; nothing was published yet, trying again later.`,
    'server_error',
  );
}

/** Publishes a finished container: the post's id and its permalink. */
export async function publishContainerWith(
  containerId: string,
  network: ContainerPublishing,
): Promise<{ externalId: string; url: string | null }> {
  let published: unknown;
  try {
    published = await network.publish();
  } catch (error) {
    if (network.isPublishCap(error)) throw await network.withQuotaReset(error);
    // The container says afterwards whether it was published: reconciliation needs its id.
    if (error instanceof UnknownOutcomeError) {
      throw new UnknownOutcomeError(network.platform, error.message, { containerId }, { cause: error });
    }
    throw error;
  }
  let externalId: string;
  try {
    externalId = network.createdId(published);
  } catch (error) {
    throw new UnknownOutcomeError(
      network.platform,
      `${network.name} published the post but its answer could not be read: ${String(error)}`,
      { containerId },
      { cause: error },
    );
  }
  // The post is public now: a failed permalink read must not turn it into a failure.
  return { externalId, url: await network.permalinkOf(externalId) };
}
