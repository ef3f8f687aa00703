import type { BusinessType, ContentType } from '../../../contracts/content-options';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { platformPostingDefaults } from '../../../contracts/posting-defaults';

export interface PostInsights {
  /** Advice, not a measurement: when this kind of post tends to be seen. */
  bestTimeToPost: string;
  /** A round, modest estimate of organic reach; the UI labels it an estimate. */
  estimatedReach: number;
}

/*
 * The platforms' general best times live in contracts/posting-defaults.ts (the composer's
 * suggestions use their slots). Where a business's customers clearly keep other hours: people decide where to eat late in the
 * morning and late in the afternoon, and fitness audiences scroll before an early workout. B2B
 * audiences (technology, consulting) read during working hours, which the defaults already are.
 */
const businessTimes: Partial<Record<BusinessType, Partial<Record<PublishingPlatform, string>>>> = {
  restaurant: {
    instagram: 'Thu–Sat, 10–11 AM or 4–5 PM',
    facebook: 'Thu–Sat, 10–11 AM or 4–5 PM',
    twitter: 'Weekdays, 10–11 AM or 4–5 PM',
    linkedin: 'Tue–Thu, 10–11 AM',
  },
  'health-fitness': {
    instagram: 'Mon–Fri, 6–8 AM',
    facebook: 'Mon–Fri, 6–8 AM',
    twitter: 'Weekdays, 6–8 AM',
    linkedin: 'Tue–Thu, 7–9 AM',
  },
  'real-estate': {
    instagram: 'Thu–Sat, 10 AM–12 PM',
    facebook: 'Thu–Sat, 10 AM–12 PM',
  },
};

/*
 * Typical organic reach of one post from a small business account (roughly 500–2,000 followers)
 * with no connected-account data: about 10–20 % of followers see a post on Instagram and
 * LinkedIn, less on Facebook Pages and X. Round, modest numbers on purpose.
 */
const baseReach: Record<PublishingPlatform, number> = {
  linkedin: 400,
  instagram: 300,
  twitter: 200,
  facebook: 150,
  bluesky: 150,
  mastodon: 100,
  threads: 200,
  pinterest: 250,
  linkedin_page: 300,
  youtube: 150,
  tiktok: 300,
  google_business: 100,
};

/** How far a content type usually travels compared with a plain promotional post. */
const contentTypeFactor: Record<ContentType, number> = {
  promotional: 1,
  educational: 1.5,
  'behind-the-scenes': 1.25,
  'user-generated': 1.25,
  inspirational: 1.5,
  'news-updates': 1,
};

/** When to post and how many people a post may reach: general advice, the same for the same input. */
export function suggestPostInsights(
  platform: PublishingPlatform,
  businessType: BusinessType,
  contentType: ContentType,
): PostInsights {
  const bestTimeToPost = businessTimes[businessType]?.[platform] ?? platformPostingDefaults[platform].label;
  // Round to 50 so that the number never pretends to a precision it does not have.
  const estimatedReach = Math.round((baseReach[platform] * contentTypeFactor[contentType]) / 50) * 50;
  return { bestTimeToPost, estimatedReach };
}
