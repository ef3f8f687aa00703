import { z } from 'zod';
import { safeString } from './common';
import { businessType, contentType, tone } from './content-options';
import { errorCodes } from './error-codes';
import { publishingPlatform, publishingPlatforms, specPlatforms } from './platforms';
import { post } from './posts';

export const MIN_IDEAS = 5;
export const MAX_IDEAS = 10;
export const DEFAULT_IDEAS = 6;
/** The generator shows at most this many ideas at once (spec §9). */
export const SHOWN_IDEAS = 6;

/**
 * The generation request (spec §3) plus optional knobs the spec's form does not send:
 * which platforms to write for (default: the spec's four), how many ideas (5–10, default 6), and the
 * posts already shown, so that 'Generate More' does not repeat them.
 */
export const generationRequest = z.object({
  businessType: businessType.default('other'),
  targetAudience: safeString().trim().max(300).default(''),
  campaignDescription: safeString().trim().max(2000).default(''),
  contentType: contentType.default('promotional'),
  tone: tone.default('professional'),
  platforms: z
    .array(publishingPlatform)
    .min(1)
    .max(publishingPlatforms.length)
    .default([...specPlatforms]),
  count: z.number().int().min(MIN_IDEAS).max(MAX_IDEAS).default(DEFAULT_IDEAS),
  previousPosts: z.array(safeString().max(4000)).max(30).default([]),
});
export type GenerationRequest = z.infer<typeof generationRequest>;
export type GenerationRequestInput = z.input<typeof generationRequest>;

/** Spec §3: `{posts}`. Signed out, ids start with `ai_` and nothing is saved. */
export const generationResponse = z.object({
  posts: z.array(post),
  /** Which writer produced them, e.g. 'offline composer' or 'openai gpt-4o-mini'. */
  generator: z.object({ name: z.string(), sandbox: z.boolean() }),
  /**
   * Something the user must know about these posts, shown with them: the offline writer wrote
   * English although their content language is another (generationMessages.englishOnly).
   */
  notice: z.string().optional(),
});
export type GenerationResponse = z.infer<typeof generationResponse>;

/**
 * With `Accept: application/x-ndjson` both generation endpoints stream one JSON line per event
 * as the provider writes: `{type:'post', post}` for each idea, then one `{type:'done', ...}` with
 * the whole answer, or `{type:'error', status, code, message}` (the error answer's status and code).
 */
export const generationStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), post }),
  z.object({ type: z.literal('done'), response: generationResponse }),
  z.object({
    type: z.literal('error'),
    status: z.number().int(),
    code: z.enum(errorCodes),
    message: z.string(),
  }),
]);
export type GenerationStreamEvent = z.infer<typeof generationStreamEvent>;
export const NDJSON = 'application/x-ndjson';

export const generationMessages = {
  failed: 'The AI writer could not produce usable posts. Please try again in a moment.',
  timedOut: 'The AI writer took too long to answer. Please try again.',
  unavailable: 'The AI writer is not available right now. Please try again in a moment.',
  creditsExhausted:
    'You have used all AI credits of your plan this month. Upgrade your plan for more posts, or wait until your credits reset.',
  /** `language` as the user knows it: 'Spanish'. */
  englishOnly: (language: string) =>
    `These posts are in English, not ${language}: no AI service is connected yet, and Kitepost's built-in offline writer only writes English. Once an AI provider key is set up, your posts are written in ${language}.`,
} as const;
