import type { ContentType } from '../../../../contracts/content-options';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { BusinessCopy } from './copy/business';
import { graphicLayouts, imageShots, photoLights, type Shot } from './copy/image-shots';
import { capitalise, renderTemplate, type Slots } from './templates';

/** The feed format each platform shows best (platforms.md: Instagram takes 4:5 to 1.91:1). */
const formats: Record<PublishingPlatform, string> = {
  instagram: 'Portrait 4:5 (1080 × 1350 px) for the Instagram feed.',
  twitter: 'Landscape 16:9 (1600 × 900 px) for X.',
  linkedin: 'Landscape 1.91:1 (1200 × 627 px) for the LinkedIn feed.',
  facebook: 'Landscape 1.91:1 (1200 × 630 px) for Facebook.',
  bluesky: 'Landscape 16:9 (1600 × 900 px) for Bluesky.',
  mastodon: 'Landscape 16:9 (1600 × 900 px) for Mastodon.',
  threads: 'Portrait 4:5 (1080 × 1350 px) for the Threads feed.',
  pinterest: 'Portrait 2:3 (1000 × 1500 px) for a Pin.',
  linkedin_page: 'Landscape 1.91:1 (1200 × 627 px) for the LinkedIn feed.',
  youtube: 'Landscape 16:9 (1280 × 720 px) for a YouTube thumbnail.',
  tiktok: 'Portrait 9:16 (1080 × 1920 px) for TikTok.',
  google_business: 'Landscape 4:3 (1200 × 900 px) for a Google Business Profile update.',
};

/** For when the concrete prompt would carry a banned word. */
export function genericImagePrompt(platform: PublishingPlatform): string {
  return `A bright, natural-light photo that fits the post, no text in the image. ${formats[platform]}`;
}

export interface ImagePromptInput {
  platform: PublishingPlatform;
  contentType: ContentType;
  business: BusinessCopy;
  /**
   * The post's slots (composer-context.ts): `thing` is what the picture shows ('hand-poured soy
   * candles'), `spread` the hero's subject, `season` its styling; without them, `product` or `topic`.
   */
  slots: Slots;
  brandName: string | null;
  /** The shot to frame; the content type's first when not given. */
  shot?: Shot;
  /** A photo's light ('Soft window light') or a graphic's layout; the first when not given. */
  style?: string;
}

/** The business's scenes filled with the campaign's thing; worked out once per batch (its slots). */
const sceneCache = new WeakMap<Slots, Map<BusinessCopy, Slots>>();

function sceneSlotsOf(business: BusinessCopy, slots: Slots): Slots {
  const cached = sceneCache.get(slots)?.get(business);
  if (cached) return cached;
  const { image } = business;
  const thing = slots.thing ?? slots.product ?? slots.topic ?? image.defaultThing;
  const base: Slots = { ...slots, thing, spread: slots.spread ?? slots.headline ?? thing };
  const fill = (template: string) => renderTemplate(template, base);
  const sceneSlots: Slots = {
    ...base,
    show: fill(image.show),
    hero: fill(image.hero),
    detail: fill(image.detail),
    flatLay: fill(image.flatLay),
    inUse: fill(image.inUse),
    atWork: fill(image.atWork),
    customer: fill(image.customer),
    workplace: fill(image.workplace),
    uplifting: fill(image.uplifting),
  };
  const forSlots = sceneCache.get(slots) ?? new Map<BusinessCopy, Slots>();
  forSlots.set(business, sceneSlots);
  sceneCache.set(slots, forSlots);
  return sceneSlots;
}

/**
 * A concrete picture to go with a post: what it shows (the campaign's product, in the given
 * shot), how it looks, and the platform's format. Null when the shot needs what the campaign does
 * not have (a season, a date).
 */
export function renderImagePrompt(input: ImagePromptInput): string | null {
  const shot = input.shot ?? (imageShots[input.contentType][0] as Shot);
  const scene = renderTemplate(shot.scene, sceneSlotsOf(input.business, input.slots));
  if (!scene) return null;
  const colours = input.brandName
    ? `${input.brandName}'s brand colours`
    : 'a warm, consistent colour palette';
  const style = shot.graphic
    ? (renderTemplate(input.style ?? (graphicLayouts[0] as string), { colours }) ?? '')
    : `${input.style ?? photoLights[0]}, ${colours}, no text in the image.`;
  return `${capitalise(scene)}. ${style} ${formats[input.platform]}`;
}

/** The prompt of `renderImagePrompt`, or a plain one when the shot cannot be filled. */
export function suggestImagePrompt(input: ImagePromptInput): string {
  return renderImagePrompt(input) ?? genericImagePrompt(input.platform);
}
