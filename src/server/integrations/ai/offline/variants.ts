import { adaptForPlatform } from '../../../../contracts/adapt-for-platform';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { VariantRequest, WrittenVariant } from '../ai-provider';

/** LinkedIn reads fuller and more professional: a closing question invites the comments it ranks on. */
const linkedInClosing = 'What has worked for you? Share your experience in the comments.';
const professionalNetworks = new Set<PublishingPlatform>(['linkedin', 'linkedin_page']);

/**
 * The offline platform variants (issue 30): the same text adapted to each network by the pure
 * rules of adapt-for-platform (length, hashtags, links, X threads), LinkedIn with a professional
 * close. Deterministic; English only like the rest of the offline composer.
 */
export function variantsOffline(input: VariantRequest): WrittenVariant[] {
  return input.platforms.map((platform) => {
    let text = input.text.trim();
    if (professionalNetworks.has(platform) && !/\?\s*$/u.test(text)) text = `${text}\n\n${linkedInClosing}`;
    // X reads short: only as many hashtags as it recommends (adaptForPlatform), the rest as a thread.
    const adapted = adaptForPlatform(platform, text, input.hashtags);
    return { platform, ...adapted };
  });
}
