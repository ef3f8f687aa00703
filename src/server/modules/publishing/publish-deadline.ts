import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { UnknownOutcomeError } from '../../integrations/social/social-provider';

/**
 * How long a call to the platform may take: well inside the lease, so that no sweeper takes a
 * post over while its worker may still hear back.
 */
export function publishDeadlineMs(leaseMs: number): number {
  return leaseMs - Math.min(30_000, leaseMs / 4);
}

/** The call, or UnknownOutcomeError when it has not answered by the deadline. */
export async function withDeadline<T>(
  call: Promise<T>,
  ms: number,
  platform: PublishingPlatform,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seconds = Math.round(ms / 1000);
      reject(
        new UnknownOutcomeError(platform, `${platformLabels[platform]} did not answer within ${seconds} s.`),
      );
    }, ms);
  });
  call.catch(() => {});
  try {
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
