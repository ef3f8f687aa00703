import { z } from 'zod';
import { aiRewriteMessages } from '../../../contracts/ai-rewrite';
import { AiGenerationError, type CallOptions, type ReplyRequest } from './ai-provider';
import { buildRepliesPrompt, REPLY_COUNT } from './replies-prompt';
import type { SdkWriter } from './sdk-call';
import { structuredAnswer } from './sdk-structured';

const repliesAnswer = z.object({ replies: z.array(z.string()) });

/** Issue 30: three different replies to a comment on an AI SDK model (one structured answer). */
export async function sdkReplies(
  writer: SdkWriter,
  input: ReplyRequest,
  options: CallOptions,
): Promise<string[]> {
  const answer = await structuredAnswer(
    writer,
    { prompt: buildRepliesPrompt(input), schema: repliesAnswer, name: 'replies' },
    options.signal,
  );
  const replies = distinct((answer?.replies ?? []).map(withoutTrailingHashtags)).slice(0, REPLY_COUNT);
  if (replies.length < REPLY_COUNT) {
    writer.options.log.warn(
      { writer: writer.name, replies: replies.length },
      'The AI writer answered fewer than three usable replies',
    );
    throw new AiGenerationError('invalid-output', aiRewriteMessages.repliesFailed);
  }
  return replies;
}

/** A reply carries no hashtags (the prompt says so; a trailing row of them is dropped anyway). */
function withoutTrailingHashtags(reply: string): string {
  return reply.replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, '').trim();
}

function distinct(replies: string[]): string[] {
  const seen = new Set<string>();
  return replies.filter((reply) => {
    const key = reply.toLowerCase();
    if (!reply || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
