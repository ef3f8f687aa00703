import type { BrandKit } from '../../../contracts/brand-kit';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { checkPostFits } from '../../../contracts/post-text';
import type { IdeaRequest } from '../../integrations/ai/ai-provider';
import type { FeedItem } from '../../integrations/web/feed-reader';

/*
 * What a feed item's post says: the AI writer's caption about the item, then the item's link.
 * Pure, so the fitting rules are tested alone (feed-captions.test.ts).
 */

/** The writer's brief for one item: its title and summary are the campaign it writes about. */
export function captionRequest(
  item: Pick<FeedItem, 'title' | 'summary'>,
  platforms: PublishingPlatform[],
  options: { brandKit: BrandKit | null; language: string },
): Omit<IdeaRequest, 'seed'> {
  const about = [item.title, item.summary].filter(Boolean).join('. ');
  return {
    request: {
      businessType: 'other',
      targetAudience: options.brandKit?.audience ?? '',
      campaignDescription: [...about].slice(0, 2000).join(''),
      contentType: 'educational',
      tone: options.brandKit?.defaultTone ?? 'professional',
      platforms,
      count: platforms.length,
      previousPosts: [],
    },
    slots: platforms,
    brandKit: options.brandKit,
    language: options.language,
  };
}

/**
 * The post's text and hashtags on `platform`: the caption, a blank line, the link. When that is
 * longer than the platform allows, the hashtags go first, then the caption is cut at a word (with
 * an ellipsis); the link always stays, it is the point of the post.
 */
export function captionWithLink(
  platform: PublishingPlatform,
  caption: { content: string; hashtags: string[] },
  link: string | null,
): { content: string; hashtags: string[] } {
  const compose = (text: string) => (link ? (text ? `${text}\n\n${link}` : link) : text);
  const full = { content: compose(caption.content.trim()), hashtags: caption.hashtags };
  if (checkPostFits(platform, full.content, full.hashtags).fits) return full;
  if (checkPostFits(platform, full.content, []).fits) return { content: full.content, hashtags: [] };
  const words = caption.content.trim().split(/\s+/);
  while (words.length > 0) {
    words.pop();
    const shortened = words.length > 0 ? `${words.join(' ').replace(/[\s,;:.!?-]+$/u, '')}…` : '';
    const content = compose(shortened);
    if (checkPostFits(platform, content, []).fits) return { content, hashtags: [] };
  }
  return { content: compose(''), hashtags: [] };
}

/** A caption without the writer (it failed): the item's own title, or its summary. */
export function fallbackCaption(item: Pick<FeedItem, 'title' | 'summary'>): {
  content: string;
  hashtags: string[];
} {
  return { content: item.title ?? item.summary ?? '', hashtags: [] };
}
