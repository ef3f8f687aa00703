import { z } from 'zod';
import { rewriteActions } from './ai-studio';
import { safeString } from './common';
import { contentLanguageValues } from './content-languages';
import { hashtag, tone } from './content-options';
import { errorCodes } from './error-codes';
import { publishingPlatform } from './platforms';

/*
 * Issue 30 (decision 094): the composer's AI actions (POST /api/ai/rewrite) and reply suggestions
 * (POST /api/ai/replies). Imported by the server and lazy client chunks only, never the landing.
 */

/** 'Shorten' keeps at most this share of the text's characters (decision 094). */
export const SHORTEN_SHARE = 0.6;

/** The texts these routes answer with. */
export const aiRewriteMessages = {
  toneNeeded: 'Choose the tone to rewrite the text in.',
  platformNeeded: 'Choose the network to fit the text to.',
  languageNeeded: 'Choose the language to translate the text into.',
  /** 502: after the one retry the writer still used a banned word; nothing is applied. */
  bannedWordKept: (word: string) =>
    `The AI writer kept using a banned word ("${word}"). Your text was left as it was.`,
  /** 503: the offline writer writes English only. */
  translateOffline:
    "Translating needs an AI service, and none is connected: Kitepost's built-in writer only writes English.",
  /** 400: the 'emojis' action against the brand kit's emoji policy 'none'. */
  noEmoji: 'Your brand kit says no emoji.',
  /** 502: the writer's answer was unusable twice (empty, or not the JSON asked for). */
  rewriteFailed: 'The AI writer could not rework this text. Please try again in a moment.',
  repliesFailed: 'The AI writer could not suggest replies. Please try again in a moment.',
  postNeeded: 'Send the post the comment is on: postId or post.',
} as const;

/** POST /api/ai/rewrite: the text to change, and how. */
export const rewriteBody = z
  .object({
    text: safeString().trim().min(1, 'Write or paste a text first.').max(10_000),
    /** Without '#' once parsed. */
    hashtags: z.array(hashtag).max(30).default([]),
    action: z.enum(rewriteActions),
    /** Required for 'tone'. */
    tone: tone.optional(),
    /** Required for 'fit'; its length and hashtag limits apply to every action. */
    platform: publishingPlatform.optional(),
    /** One of the content languages; required for 'translate'. */
    language: z.enum(contentLanguageValues).optional(),
  })
  .superRefine((body, check) => {
    const need = (ok: boolean, path: 'tone' | 'platform' | 'language', message: string) => {
      if (!ok) check.addIssue({ code: 'custom', path: [path], message });
    };
    if (body.action === 'tone') need(body.tone !== undefined, 'tone', aiRewriteMessages.toneNeeded);
    if (body.action === 'fit') {
      need(body.platform !== undefined, 'platform', aiRewriteMessages.platformNeeded);
    }
    if (body.action === 'translate') {
      need(body.language !== undefined, 'language', aiRewriteMessages.languageNeeded);
    }
  });
export type RewriteBody = z.infer<typeof rewriteBody>;

const writer = {
  /** The writer's name: 'offline composer', 'openai gpt-4.1-mini'. */
  generator: z.string(),
  /** True for the offline writer: the UI labels the result "Sandbox". */
  sandbox: z.boolean(),
};

export const rewriteResult = z.object({
  text: z.string(),
  /** Without '#'. */
  hashtags: z.array(z.string()),
  /** What the quality gate still found after the one retry (too long, a required hashtag missing). */
  problems: z.array(z.string()),
  ...writer,
});
export type RewriteResultBody = z.infer<typeof rewriteResult>;

/**
 * The NDJSON events (`Accept: application/x-ndjson`): text deltas as they are written; 'retry'
 * when the first answer failed the quality gate (the client clears what it showed); then 'done'
 * with the result, or 'error'.
 */
export const rewriteStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({ type: z.literal('retry'), reason: z.string() }),
  z.object({ type: z.literal('done'), result: rewriteResult }),
  z.object({
    type: z.literal('error'),
    status: z.number().int(),
    code: z.enum(errorCodes),
    message: z.string(),
  }),
]);
export type RewriteStreamEvent = z.infer<typeof rewriteStreamEvent>;

/** POST /api/ai/replies: a comment, and the post it is on (one of this workspace's, or given). */
export const replyBody = z.object({
  comment: z.object({
    text: safeString().trim().min(1, 'Paste the comment to reply to.').max(2000),
    author: safeString().trim().max(100).optional(),
  }),
  postId: z.uuid({ message: 'Not a post id' }).optional(),
  post: z
    .object({
      platform: publishingPlatform,
      content: safeString().trim().max(5000),
    })
    .optional(),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const replyResponse = z.object({
  /** Three different replies, each within the network's length, without hashtags. */
  replies: z.array(
    z.object({
      text: z.string(),
      /** What the quality gate still found after the one retry. */
      problems: z.array(z.string()),
    }),
  ),
  ...writer,
});
export type ReplyResponse = z.infer<typeof replyResponse>;
