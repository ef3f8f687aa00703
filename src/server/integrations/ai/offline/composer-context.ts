import type { EmojiPolicy } from '../../../../contracts/brand-kit';
import type { ContentType } from '../../../../contracts/content-options';
import type { GenerationRequest } from '../../../../contracts/generation';
import type { IdeaRequest } from '../ai-provider';
import { type BannedCheck, createBannedCheck } from './brand-guard';
import { type BusinessCopy, businessCopy } from './copy/business';
import type { ContentTypeCopy } from './copy/content-type-copy';
import { type ToneCopy, toneCopy } from './copy/tones';
import { toHashtag } from './hashtags';
import { type CampaignTopics, extractAudience, extractCampaignTopics, subjectOf } from './phrases';
import { capitalise, contentTypeCopy, renderTemplate, type Slots } from './templates';

/** Everything the composer knows about one request, worked out once per batch. */
export interface ComposerContext {
  request: GenerationRequest;
  business: BusinessCopy;
  copy: ContentTypeCopy;
  tone: ToneCopy;
  topics: CampaignTopics;
  /** The values templates fill in, all free of banned words. */
  slots: Slots;
  brandName: string | null;
  keywords: string[];
  requiredHashtags: string[];
  emojiPolicy: EmojiPolicy;
  isBanned: BannedCheck;
  /** 'Free shipping, until Friday.'; null when the campaign states neither. */
  offerLine: string | null;
  link: string | null;
  hashtagPools: { primary: string[]; related: string[]; broad: string[] };
}

const irregularPlurals = new Set(['people', 'children', 'men', 'women', 'feet', 'teeth', 'mice', 'geese']);

/** Whether a noun phrase is plural, judged by its last word ('handmade candles', not 'fitness'). */
export function isPlural(phrase: string): boolean {
  const word = phrase.trim().split(/\s+/).at(-1) ?? '';
  const head = word.toLowerCase();
  if (irregularPlurals.has(head) || /^\p{Lu}{2,}s$/u.test(word)) return true;
  return /[^s']s$/.test(head) && !/(?:us|is|news|ics)$/.test(head);
}

const contentTypeHashtags: Record<ContentType, (business: BusinessCopy) => string | null> = {
  promotional: () => null,
  educational: (business) => business.tipsHashtag,
  'behind-the-scenes': () => 'BehindTheScenes',
  'user-generated': () => 'CustomerLove',
  inspirational: () => 'Motivation',
  'news-updates': () => 'Announcement',
};

function offerLineOf(topics: CampaignTopics): string | null {
  if (topics.offer && topics.when) return `${capitalise(topics.offer)}, ${topics.when}.`;
  if (topics.offer) return `Right now: ${topics.offer}.`;
  if (topics.when) return `Available ${topics.when}.`;
  return null;
}

/** The audience without where they are or what they want, for a hashtag ('small business owners'). */
function audienceCore(audience: string): string {
  return audience.split(/\s+(?:in|from|at|near|across|around|who|with|of|for)\s+/i)[0] ?? audience;
}

export function buildComposerContext(input: IdeaRequest): ComposerContext {
  const { request, brandKit } = input;
  const isBanned = createBannedCheck(brandKit?.bannedWords ?? []);
  const safe = (value: string | null | undefined) => (value && !isBanned(value) ? value : null);
  const business = businessCopy[request.businessType];
  const topics = extractCampaignTopics(request.campaignDescription);
  const brandName = safe(brandKit?.brandName.trim());

  const ownTopic = safe(topics.topic) ?? topics.phrases.map(safe).find(Boolean) ?? null;
  const topic = ownTopic ?? safe(business.defaultTopic) ?? 'work';
  const headline = ownTopic && ownTopic === topics.topic ? (safe(topics.headline) ?? topic) : topic;
  const ownFeature = safe(topics.feature);
  // 'Expect {feature}' needs a plural ('bottomless mimosas'); a lone 'big garden' would read badly.
  const feature =
    ownFeature && isPlural(ownFeature) && !headline.toLowerCase().includes(ownFeature.toLowerCase())
      ? ownFeature
      : business.defaultFeature;
  const ownAudience =
    safe(extractAudience(request.targetAudience)) ?? safe(extractAudience(brandKit?.audience ?? ''));
  const audience = ownAudience ?? safe(topics.beneficiary) ?? business.defaultAudience;

  const plural = isPlural(topic);
  const slots: Slots = {
    headline,
    // Openings that are not about the offer itself talk about the thing: 'our handmade candles'.
    topic: safe(subjectOf(topic, ownFeature)) ?? topic,
    feature: safe(feature),
    // When the headline already says who it is for, '… for first-time founders', no sentence repeats it.
    audience: headline.toLowerCase().includes(audience.toLowerCase()) ? null : safe(audience),
    product: ownFeature ?? topic,
    customers: business.customers,
    action: business.action,
    atPlace: brandName ? `at ${brandName}` : business.atPlace,
    inOffering: business.inOffering,
    team: brandName ? `the ${brandName} team` : 'our team',
    fromUs: brandName ?? 'our team',
    brand: brandName,
    // Agreement with the headline, whose head is the topic's: 'our candles are', 'we built them'.
    is: plural ? 'are' : 'is',
    has: plural ? 'have' : 'has',
    it: plural ? 'them' : 'it',
    itIs: plural ? "they're" : "it's",
    itHas: plural ? 'they have' : 'it has',
  };
  const offerLine = safe(offerLineOf(topics));
  const keywords = (brandKit?.keywords ?? [])
    .map((word) => word.trim())
    .filter((word) => word && !isBanned(word));
  const tagOf = (phrase: string | null) => (phrase ? toHashtag(phrase) : null);
  const present = (tags: Array<string | null>) => tags.filter((tag): tag is string => Boolean(tag));

  return {
    request,
    business,
    copy: contentTypeCopy[request.contentType],
    tone: toneCopy[request.tone],
    topics,
    slots,
    brandName,
    keywords,
    requiredHashtags: brandKit?.requiredHashtags ?? [],
    emojiPolicy: brandKit?.emojiPolicy ?? 'sparing',
    isBanned,
    offerLine,
    link: safe(topics.link),
    hashtagPools: {
      primary: present([tagOf(topic)]),
      related: present([
        tagOf(ownFeature),
        ...topics.phrases.slice(1, 3).map((phrase) => tagOf(safe(phrase))),
        tagOf(ownAudience && audienceCore(ownAudience)),
        contentTypeHashtags[request.contentType](business),
      ]),
      broad: present([...business.hashtags, ...keywords.map(tagOf)]),
    },
  };
}

/** Fills a template with the context's slots plus any extra ones; null when it cannot be filled or is banned. */
export function renderSafe(ctx: ComposerContext, template: string, extra: Slots = {}): string | null {
  const text = renderTemplate(template, { ...ctx.slots, ...extra });
  return text && !ctx.isBanned(text) ? text : null;
}
