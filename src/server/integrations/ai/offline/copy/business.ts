import type { BusinessType } from '../../../../../contracts/content-options';
import { localBusinessCopy } from './business-local';
import { professionalBusinessCopy } from './business-professional';

/** How a kind of business talks about itself; every field is plain copy a post can use. */
export interface BusinessCopy {
  /** Where the business is, after a preposition, when it has no brand name: 'at our restaurant'. */
  atPlace: string;
  /** Where its offering is: 'on our menu'. */
  inOffering: string;
  /** The people it serves, plural: 'guests'. */
  customers: string;
  /** What to do next, imperative, lower case, no full stop: 'book a table'. */
  action: string;
  /** The same, naming the brand: `{brand}` is the brand name. */
  brandAction: string;
  /** The topic when the description is empty. */
  defaultTopic: string;
  /** What comes with it, when the description does not say. */
  defaultFeature: string;
  /** Who the posts speak to when no audience is given. */
  defaultAudience: string;
  /** Behind-the-scenes moments, complete sentences. */
  process: readonly string[];
  /** Practical tips for educational posts, complete sentences. */
  tips: readonly string[];
  /** Tips about the campaign itself (`{topic}`): every tips post opens its list with one. */
  topicTips: readonly string[];
  /** Light jokes for the humorous tone. */
  jokes: readonly string[];
  /** Words that mark a post as this business's; every post carries at least one. */
  vocabulary: readonly string[];
  hashtags: readonly string[];
  tipsHashtag: string;
  emoji: readonly string[];
  /** For image prompts. */
  image: {
    /** How to show the subject: `{headline}`, `{topic}`, `{product}` are the campaign's phrases. */
    subject: string;
    /** Where the subject is, with its preposition: 'on a rustic wooden table'. */
    setting: string;
    workplace: string;
    customerScene: string;
    uplifting: string;
  };
}

export const businessCopy: Record<BusinessType, BusinessCopy> = {
  ...localBusinessCopy,
  ...professionalBusinessCopy,
};
