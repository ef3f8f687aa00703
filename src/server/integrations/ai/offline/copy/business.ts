import { type BusinessType, businessTypes } from '../../../../../contracts/content-options';
import { type BusinessImage, businessImages } from './business-images';
import { localBusinessCopy } from './business-local';
import { professionalBusinessCopy } from './business-professional';
import { businessTips } from './business-tips';

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
  /** What its pictures show (business-images.ts). */
  image: BusinessImage;
}

/** What each business file writes: everything but the tips and the pictures, which have their own files. */
export type BusinessVoice = Omit<BusinessCopy, 'tips' | 'topicTips' | 'image'>;

const voices: Record<BusinessType, BusinessVoice> = { ...localBusinessCopy, ...professionalBusinessCopy };

export const businessCopy = Object.fromEntries(
  businessTypes.map((type) => [
    type,
    { ...voices[type], ...businessTips[type], image: businessImages[type] },
  ]),
) as Record<BusinessType, BusinessCopy>;
