import { RateLimitedError, UnknownOutcomeError } from '../social-provider';
import type { PublishingLimit } from './graph-answers';

/*
 * The last step of publishing on a Meta network (Instagram `media_publish`, Threads
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
