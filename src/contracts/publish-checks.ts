import type { MediaFacts } from './media';
import { type PublishingPlatform, platformLabels, platformMediaRules, platformRules } from './platforms';
import { checkPostFits } from './post-text';

const typeNames: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Everything that would make the platform refuse this post, in words for the user; empty when it
 * can be published. The server runs it when a post is scheduled (a 400 with the first problem),
 * the composer runs it on every keystroke.
 */
export function checkPublishable(
  platform: PublishingPlatform,
  post: { content: string; hashtags: string[]; media: MediaFacts[] },
): string[] {
  const label = platformLabels[platform];
  const problems: string[] = [];
  const fit = checkPostFits(platform, post.content, post.hashtags);
  if (!fit.fits) {
    // LinkedIn counts the text as it receives it: symbols such as ( ) * _ escaped (decision 042).
    const counted =
      platformRules[platform].counting === 'linkedin-escaped'
        ? ' as LinkedIn counts them (symbols such as ( ) * _ @ count 2)'
        : '';
    problems.push(
      `This post has ${fit.length} characters${counted}; ${label} allows ${fit.max}. Shorten it before scheduling.`,
    );
  }
  if (fit.tooManyHashtags) {
    problems.push(
      `This post has more hashtags than ${label} allows (${platformRules[platform].maxHashtags}).`,
    );
  }
  const rules = platformMediaRules[platform];
  if (rules.required && post.media.length === 0) {
    problems.push(`${label} needs an image: attach one before scheduling.`);
  }
  if (post.media.length > rules.maxCount) {
    problems.push(
      `${label} takes at most ${rules.maxCount} image${rules.maxCount === 1 ? '' : 's'} per post.`,
    );
  }
  for (const [index, item] of post.media.entries()) {
    const which = post.media.length > 1 ? `Image ${index + 1}` : 'The image';
    if (!rules.mimeTypes.includes(item.mimeType)) {
      const accepted = rules.mimeTypes.map((type) => typeNames[type]).join(' or ');
      problems.push(`${which} is ${typeNames[item.mimeType]}; ${label} accepts ${accepted}.`);
    }
    if (item.sizeBytes > rules.maxBytes) {
      problems.push(
        `${which} is ${megabytes(item.sizeBytes)}; ${label} accepts up to ${megabytes(rules.maxBytes)}.`,
      );
    }
    if (rules.aspectRatio && item.height > 0) {
      const ratio = item.width / item.height;
      if (ratio < rules.aspectRatio.min - 0.005 || ratio > rules.aspectRatio.max + 0.005) {
        problems.push(
          `${which} is ${item.width}×${item.height}; ${label} needs an aspect ratio ${rules.aspectRatio.label}.`,
        );
      }
    }
  }
  return problems;
}
