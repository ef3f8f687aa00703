import type { ReplyBody, ReplyResponse } from '../../../contracts/ai-rewrite';
import { aiRewriteMessages } from '../../../contracts/ai-rewrite';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { AppContext } from '../../context';
import type { ReplyRequest } from '../../integrations/ai/ai-provider';
import { AppError } from '../../lib/app-error';
import { loadBrandKit } from '../brand-kit';
import { type PostActor, requirePost } from '../posts';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { askWriter } from './ai-writer-call';
import { gateText } from './quality-gate';
import { loadVoiceExamples } from './voice-examples.repository';

/**
 * Three reply suggestions to a comment (issue 30): no credits, rate-limited per user, an API only
 * (the inbox is a later issue). Each reply passes the quality gate; when one fails, the three are
 * asked for once more with the reasons, and what still fails is shown with its problems.
 */
export async function suggestRepliesForWorkspace(
  ctx: AppContext,
  actor: PostActor,
  body: ReplyBody,
  signal?: AbortSignal,
): Promise<ReplyResponse> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.aiAssist, actor.userId);
  const post = await commentedPost(ctx, actor, body);
  const kit = await loadBrandKit(db, actor.workspaceId);
  const request: ReplyRequest = {
    comment: { text: body.comment.text, ...(body.comment.author && { author: body.comment.author }) },
    post,
    brandKit: kit,
    examples: await loadVoiceExamples(db, actor.workspaceId),
  };
  const gate = (replies: string[]) =>
    replies.map((text) => ({
      text,
      problems: gateText(kit, { platform: post.platform, content: text, hashtags: [] }).problems,
    }));
  const write = (input: ReplyRequest) => askWriter(ctx, () => ctx.ai.suggestReplies(input, { signal }));
  let replies = gate(await write(request));
  const fix = [...new Set(replies.flatMap((reply) => reply.problems))];
  if (fix.length > 0) replies = gate(await write({ ...request, fix }));
  return { replies, generator: ctx.ai.name, sandbox: ctx.ai.sandbox };
}

/** The post the comment is on: one of this workspace's by id (another's is a 404), or as sent. */
async function commentedPost(
  ctx: AppContext,
  actor: PostActor,
  body: ReplyBody,
): Promise<{ platform: PublishingPlatform; content: string }> {
  if (body.postId) {
    const row = await requirePost(ctx.database.db, actor, body.postId);
    return { platform: row.platform, content: row.content };
  }
  if (body.post) return body.post;
  throw new AppError('bad_request', aiRewriteMessages.postNeeded);
}
