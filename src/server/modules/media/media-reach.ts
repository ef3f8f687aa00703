import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { publicUrlProblem } from '../../lib/public-url';

/*
 * Instagram and Facebook download attached images from the signed link on APP_URL that the
 * publisher gives them (decision 041); X and LinkedIn are sent the bytes. So an image post to a
 * real (not simulated) Instagram or Facebook account cannot work while APP_URL is not public:
 * the Social Accounts screen and the composer say so, and scheduling such a post is refused.
 */

/** The platforms that fetch media by URL themselves. */
export const downloadsMediaByUrl = (platform: PublishingPlatform) =>
  platform === 'instagram' || platform === 'facebook';

/**
 * Why image posts to a real account on `platform` will fail with this APP_URL; null when they
 * can work (another platform, a sandbox account, or an APP_URL that looks public).
 */
export function mediaReachProblem(
  appUrl: string,
  account: { platform: PublishingPlatform; sandbox: boolean },
): string | null {
  if (!downloadsMediaByUrl(account.platform) || account.sandbox) return null;
  const problem = publicUrlProblem(appUrl);
  if (!problem) return null;
  const label = platformLabels[account.platform];
  return `Image posts to ${label} will fail: ${label} downloads each image from this server's address (APP_URL), and ${problem} Set APP_URL to this server's public https address.`;
}
