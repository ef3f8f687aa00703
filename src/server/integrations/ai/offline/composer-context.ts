import type { EmojiPolicy } from '../../../../contracts/brand-kit';
import type { ContentType } from '../../../../contracts/content-options';
import type { GenerationRequest } from '../../../../contracts/generation';
import type { IdeaRequest } from '../ai-provider';
import { type BannedCheck, createBannedCheck } from './brand-guard';
import { isOccasion, isPlace, productOf, subjectOf, withProduct } from './campaign-subject';
import { type BusinessCopy, businessCopy } from './copy/business';
import type { ContentTypeCopy } from './copy/content-type-copy';
import { type ToneCopy, toneCopy } from './copy/tones';
import { toHashtag } from './hashtags';
import { type CampaignTopics, extractAudience, extractCampaignTopics } from './phrases';
import { seasonOf } from './seasons';
import { capitalise, contentTypeCopy, renderTemplate, type Slots } from './templates';

/** Everything the composer knows about one request, worked out once per batch. */
export interface ComposerContext {
  request: GenerationRequest;
  business: BusinessCopy;
  copy: ContentTypeCopy;
  tone: ToneCopy;
  topics: CampaignTopics;
  /**
   * The product or service the description names ('hand-poured soy candles'), which every post
   * names; null when it names none (or only an occasion, 'holiday sale').
   */
  product: string | null;
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
  // 'Available until Friday', but 'Mark your calendar: Saturday 2–4pm' (not 'Available Saturday').
  if (topics.when && /^(?:until|till|through|throughout|before|all)\b/i.test(topics.when)) {
    return `Available ${topics.when}.`;
  }
  if (topics.when) return `Mark your calendar: ${topics.when.replace(/^on /i, '')}.`;
  return null;
}

/** A thing as a picture's subject: 'hand-poured soy candles', 'the 6am HIIT class'. */
function asSubject(phrase: string): string {
  const head = phrase.split(' ').at(-1)?.toLowerCase() ?? '';
  // A camera cannot show a menu or a collection, only what is in it.
  if (head === 'menu' || head === 'menus') return `dishes from the ${phrase}`;
  if (/^(?:collection|range|line|line-up|lineup|catalogue|catalog)s?$/.test(head)) {
    return `pieces from the ${phrase}`;
  }
  return isPlural(phrase) ? phrase : `the ${phrase}`;
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
  const product = ownTopic ? safe(productOf(topics)) : null;
  const ownHeadline = ownTopic && ownTopic === topics.topic ? (safe(topics.headline) ?? topic) : topic;
  const headline = safe(withProduct(ownHeadline, topic, product)) ?? ownHeadline;
  const ownFeature = safe(topics.feature);
  // Openings that are not about the offer itself talk about the thing: 'our handmade candles'.
  // An occasion with nothing to show but where it is: 'our open house at 12 Oak Street'.
  const ownSubject = safe(subjectOf(topic, product ?? ownFeature)) ?? topic;
  const subject = !product && isOccasion(ownSubject) && ownHeadline !== topic ? ownHeadline : ownSubject;
  // 'Expect {feature}' needs a plural ('bottomless mimosas'), not what the headline or subject says.
  const feature =
    ownFeature &&
    isPlural(ownFeature) &&
    ownFeature !== subject &&
    !headline.toLowerCase().includes(ownFeature.toLowerCase())
      ? ownFeature
      : business.defaultFeature;
  const ownAudience =
    safe(extractAudience(request.targetAudience)) ?? safe(extractAudience(brandKit?.audience ?? ''));
  const audience = ownAudience ?? safe(topics.beneficiary) ?? business.defaultAudience;
  const place = topics.phrases.find((phrase) => isPlace(phrase) && /^\p{N}/u.test(phrase)) ?? null;
  // What a picture shows: the product, else what the campaign is about, else the business's own.
  // A special is its dish, served with the product: 'the weekend brunch with bottomless mimosas'.
  const withDish = product && /\bspecials?$/i.test(topic) && ownSubject !== product;
  const thing = product ?? (ownTopic && !isOccasion(ownSubject) ? ownSubject : null);
  const pictured =
    (withDish && `${asSubject(ownSubject)} with ${product}`) ||
    (thing && asSubject(thing)) ||
    (place && renderTemplate(business.image.atPlace, { place })) ||
    business.image.defaultThing;

  const plural = isPlural(topic);
  // Pronouns stand for the thing the sentences around them are about: 'our candles… we love them'.
  const pluralSubject = isPlural(subject);
  const slots: Slots = {
    headline,
    topic: subject,
    feature: safe(feature),
    // When the headline already says who it is for, '… for first-time founders', no sentence repeats it.
    audience: headline.toLowerCase().includes(audience.toLowerCase()) ? null : safe(audience),
    product: product ?? subject,
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
    it: pluralSubject ? 'them' : 'it',
    itIs: pluralSubject ? "they're" : "it's",
    itHas: pluralSubject ? 'they have' : 'it has',
    // For image prompts: the campaign as a picture, and the season to style it for.
    thing: safe(pictured),
    // The hero shot shows the campaign itself when it is a thing ('the brunch special with mimosas').
    spread: safe(ownTopic && !isOccasion(topic) ? `the ${headline}` : pictured),
    season: safe(seasonOf(request.campaignDescription)),
    when: safe(topics.when),
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
    product,
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
        tagOf(product ?? ownFeature),
        // An address makes a poor hashtag ('#12OakStreet').
        ...topics.phrases
          .slice(1, 3)
          .filter((phrase) => !/^\p{N}/u.test(phrase) || !isPlace(phrase))
          .map((phrase) => tagOf(safe(phrase))),
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
