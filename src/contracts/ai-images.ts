import { z } from 'zod';
import { graphicTemplates, imageAspectValues } from './ai-studio';
import { safeString } from './common';
import { media } from './media';
import { publishingPlatform } from './platforms';

/*
 * POST /api/ai/images (issue 30, decision 094): an AI image from a prompt, or an offline branded
 * graphic (a template in the brand's colours, logo and font). Either way the result is stored in
 * the media library and counts against the plan's monthly image allowance (aiStudioByPlan).
 */

export const MAX_IMAGE_PROMPT = 1000;
export const MAX_GRAPHIC_HEADLINE = 120;
export const MAX_GRAPHIC_DETAILS = 240;

const imageKinds = ['auto', 'graphic'] as const;

export const aiImageBody = z.object({
  /** What to picture (AI image), or the graphic's text when no headline or post text is given. */
  prompt: safeString().trim().min(3).max(MAX_IMAGE_PROMPT),
  /** Default: the ratio the platform shows best (imageAspectFor), else 1:1. */
  aspectRatio: z.enum(imageAspectValues).optional(),
  platform: publishingPlatform.optional(),
  /** 'auto': the AI image model when one is configured, else a branded graphic. */
  kind: z.enum(imageKinds).default('auto'),
  /** A graphic's layout; picked from the text when absent. */
  template: z.enum(graphicTemplates).optional(),
  headline: safeString().trim().max(MAX_GRAPHIC_HEADLINE).optional(),
  details: safeString().trim().max(MAX_GRAPHIC_DETAILS).optional(),
  /** The post the image is for: its first sentence becomes the graphic's headline. */
  postText: safeString().max(5000).optional(),
  /** A draft of this workspace to attach the new image to. */
  postId: z.uuid({ message: 'Not a post id' }).optional(),
});
export type AiImageBody = z.infer<typeof aiImageBody>;
export type AiImageBodyInput = z.input<typeof aiImageBody>;

export const aiImageResponse = z.object({
  media,
  /** Which maker produced it: 'openai gpt-image-1' or 'offline renderer' (sandbox). */
  generator: z.object({ name: z.string(), sandbox: z.boolean() }),
  /** Images left this month after this one; null when the plan has no monthly limit. */
  imagesLeft: z.number().int().nullable(),
});
export type AiImageResponse = z.infer<typeof aiImageResponse>;

export const aiImageMessages = {
  /** `date` as the user reads it: 'December 1'. */
  allowanceUsed: (limit: number, date: string) =>
    `You have made all ${limit} AI images of your plan this month. Upgrade for more, or wait until ${date}.`,
  scriptNotCovered:
    'Branded graphics can show Latin, Greek, Cyrillic and Vietnamese letters for now. Shorten the text or use an AI image.',
  refused: 'The image service refused this prompt. Try describing it differently.',
  failed: 'The image service could not make this image. Please try again in a moment.',
  timedOut: 'The image service took too long. Please try again.',
  postNotDraft: 'Images can be added to drafts of this workspace only.',
} as const;
