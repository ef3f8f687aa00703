import { z } from 'zod';
import { publishingPlatform } from './platforms';

/*
 * Issue 30, the learned voice (decision 094): the published posts the AI writer is shown as
 * examples of the brand's voice. Pinned posts always count; with the brand kit's
 * `learnFromResults` on, the best-performing recent posts fill the rest. Never imported by the
 * landing or the app shell: only the settings chunk and the server read this file.
 */

/** Examples given to the writer at most, and posts a workspace may pin at most. */
export const VOICE_EXAMPLES_MAX = 5;
/** An example's text is cut to this many characters. */
export const VOICE_EXCERPT_MAX = 1000;

/** A published post, as the voice list shows it. */
const voicePost = z.object({
  postId: z.string(),
  platform: publishingPlatform,
  /** The post's text (without hashtags), cut at VOICE_EXCERPT_MAX characters. */
  excerpt: z.string(),
  publishedAt: z.string(),
  /** Percent with two decimals (contracts/analytics engagementRate); null: not measured. */
  engagementRate: z.number().nullable(),
});

/** One example the writer is given: pinned by the user, or picked automatically by its results. */
export const voiceExample = voicePost.extend({ state: z.enum(['pinned', 'auto']) });
export type VoiceExample = z.infer<typeof voiceExample>;

/** GET /api/ai/voice. */
export const voiceResponse = z.object({
  /** Whether the best posts are picked automatically now: the switch is on and enough are measured. */
  learning: z.boolean(),
  /** Published posts of the last 180 days with a reading and a rate. */
  measured: z.number().int(),
  /** Measured posts the automatic pick waits for. */
  needed: z.number().int(),
  /** The examples the writer is given, in order: pinned first, then by engagement rate. */
  examples: z.array(voiceExample),
  /** Posts the user excluded from the examples, newest first. */
  excluded: z.array(voicePost),
});
export type VoiceResponse = z.infer<typeof voiceResponse>;

export const voicePostParams = z.object({ postId: z.uuid({ message: 'Not a post id' }) });

/** PUT /api/ai/voice/:postId: pin a post, exclude it, or give it back to the automatic pick. */
export const voiceStateBody = z.object({ state: z.enum(['pinned', 'excluded', 'auto']) });
export type VoiceStateBody = z.infer<typeof voiceStateBody>;
export type VoiceState = VoiceStateBody['state'];

export const aiVoiceMessages = {
  postNotFound: 'That post is not a published post of this workspace.',
  tooManyPinned: `You can pin up to ${VOICE_EXAMPLES_MAX} posts. Unpin one first.`,
} as const;
