import type { ContentType } from '../../../../contracts/content-options';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { BusinessCopy } from './copy/business';
import { capitalise, renderTemplate, type Slots } from './templates';

/** The feed format each platform shows best (platforms.md: Instagram takes 4:5 to 1.91:1). */
const formats: Record<PublishingPlatform, string> = {
  instagram: 'Portrait 4:5 (1080 × 1350 px) for the Instagram feed.',
  twitter: 'Landscape 16:9 (1600 × 900 px) for X.',
  linkedin: 'Landscape 1.91:1 (1200 × 627 px) for the LinkedIn feed.',
  facebook: 'Landscape 1.91:1 (1200 × 630 px) for Facebook.',
};

/** What the picture shows, by content type. Graphics carry their words; photos carry none. */
const scenes: Record<ContentType, { scene: string; graphic: boolean }> = {
  promotional: {
    scene: 'Hero photo of {subject} {setting}, styled simply so it is the star of the shot',
    graphic: false,
  },
  educational: {
    scene:
      'Clean tip-card graphic titled "{Topic}: tips" with three short numbered tips in large, readable type, and a small photo of {subject} in one corner',
    graphic: true,
  },
  'behind-the-scenes': {
    scene:
      'Candid behind-the-scenes photo of the team at work in {workplace}, hands in motion, documentary style',
    graphic: false,
  },
  'user-generated': {
    scene:
      "A customer's own photo of {customerScene}, reposted with their permission; authentic phone-camera look, lightly edited",
    graphic: false,
  },
  inspirational: {
    scene: 'Airy, uplifting photo of {uplifting} in soft morning light, with clear space for a short quote',
    graphic: false,
  },
  'news-updates': {
    scene: 'Bold announcement graphic with the headline "{Headline}" over a photo of {subject}',
    graphic: true,
  },
};

/** For when the concrete prompt would carry a banned word. */
export function genericImagePrompt(platform: PublishingPlatform): string {
  return `A bright, natural-light photo that fits the post, no text in the image. ${formats[platform]}`;
}

export interface ImagePromptInput {
  platform: PublishingPlatform;
  contentType: ContentType;
  business: BusinessCopy;
  /** The post's slots: headline, topic, product (see compose-post.ts). */
  slots: Slots;
  brandName: string | null;
}

/** A concrete picture to go with a post: what it shows, how it looks, and the platform's format. */
export function suggestImagePrompt(input: ImagePromptInput): string {
  const { image } = input.business;
  const fill = (template: string) => renderTemplate(template, input.slots) ?? '';
  const sceneSlots: Slots = {
    ...input.slots,
    subject: fill(image.subject),
    setting: image.setting,
    workplace: image.workplace,
    customerScene: fill(image.customerScene),
    uplifting: fill(image.uplifting),
  };
  const { scene, graphic } = scenes[input.contentType];
  const colours = input.brandName
    ? `${input.brandName}'s brand colours`
    : 'a warm, consistent colour palette';
  const style = graphic
    ? `Simple layout in ${colours}, plenty of white space.`
    : `Natural light, ${colours}, no text in the image.`;
  return `${capitalise(renderTemplate(scene, sceneSlots) ?? '')}. ${style} ${formats[input.platform]}`;
}
