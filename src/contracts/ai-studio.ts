import { z } from 'zod';
import type { PlanId } from './plans';
import type { PublishingPlatform } from './platforms';

/*
 * Issue 30, the AI studio (decision 094): what every part shares. Each part's requests, answers
 * and texts live in its own file: ai-images.ts, ai-rewrite.ts (composer actions, reply
 * suggestions), ai-plan.ts (platform variants, plan a month), ai-voice.ts. Never imported by the
 * landing or the app shell: only lazy feature chunks and the server read these files.
 */

/** What a `generations` row counts: post credits ('posts', 'variants', 'plan') or AI images. */
export const generationKinds = ['posts', 'variants', 'plan', 'image'] as const;
export type GenerationKind = (typeof generationKinds)[number];

/** Where a media item came from. */
export const mediaSources = ['upload', 'import', 'ai_image', 'ai_graphic'] as const;
export type MediaSource = (typeof mediaSources)[number];

/** The offline branded graphics' layouts. */
export const graphicTemplates = ['quote', 'announcement', 'offer', 'event'] as const;
export type GraphicTemplate = (typeof graphicTemplates)[number];

/** Aspect ratios an AI image or graphic is made at, with the pixel size of each. */
export const imageAspects = {
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
  '16:9': { width: 1600, height: 900 },
  '9:16': { width: 1080, height: 1920 },
  '2:3': { width: 1000, height: 1500 },
  '4:3': { width: 1200, height: 900 },
  '1.91:1': { width: 1200, height: 628 },
} as const;
export type ImageAspect = keyof typeof imageAspects;
export const imageAspectValues = Object.keys(imageAspects) as [ImageAspect, ...ImageAspect[]];

/** The ratio each network shows best in its feed, used when the request names none. */
const aspectByPlatform: Record<PublishingPlatform, ImageAspect> = {
  instagram: '4:5',
  threads: '4:5',
  facebook: '1:1',
  linkedin: '1:1',
  linkedin_page: '1:1',
  twitter: '16:9',
  bluesky: '16:9',
  mastodon: '16:9',
  youtube: '16:9',
  pinterest: '2:3',
  tiktok: '9:16',
  google_business: '4:3',
};

export function imageAspectFor(platform: PublishingPlatform | undefined): ImageAspect {
  return platform ? aspectByPlatform[platform] : '1:1';
}

/**
 * What each plan includes beyond post credits (decision 094). Images are counted apart from post
 * credits; offline branded graphics count too, so the sandbox behaves as production does. null:
 * no monthly limit.
 */
export const aiStudioByPlan: Record<PlanId, { imagesPerMonth: number | null; monthPlan: boolean }> = {
  free: { imagesPerMonth: 5, monthPlan: false },
  starter: { imagesPerMonth: 30, monthPlan: true },
  professional: { imagesPerMonth: 100, monthPlan: true },
  enterprise: { imagesPerMonth: null, monthPlan: true },
};

/** GET /api/ai/capabilities: which writer and image maker answer, for the menus' Sandbox labels. */
export const aiCapabilities = z.object({
  writer: z.object({ name: z.string(), sandbox: z.boolean() }),
  images: z.object({ name: z.string(), sandbox: z.boolean() }),
  /** Translating needs a real AI service: the offline writer only writes English. */
  translate: z.boolean(),
  imagesPerMonth: z.number().int().nullable(),
  monthPlan: z.boolean(),
});
export type AiCapabilities = z.infer<typeof aiCapabilities>;

/** The composer's AI actions (POST /api/ai/rewrite). */
export const rewriteActions = [
  'rewrite',
  'shorten',
  'expand',
  'tone',
  'fit',
  'hashtags',
  'emojis',
  'grammar',
  'translate',
] as const;
export type RewriteAction = (typeof rewriteActions)[number];
