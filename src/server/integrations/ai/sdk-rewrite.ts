import { streamText } from 'ai';
import { z } from 'zod';
import { aiRewriteMessages } from '../../../contracts/ai-rewrite';
import { hashtag } from '../../../contracts/content-options';
import { platformRules } from '../../../contracts/platforms';
import {
  AiGenerationError,
  type RewriteOptions,
  type RewriteRequest,
  type RewriteResult,
} from './ai-provider';
import { buildRewritePrompt } from './rewrite-prompt';
import { callDeadline, type SdkWriter, throwIfStopped, unavailableError } from './sdk-call';
import { structuredAnswer } from './sdk-structured';

/** A post of 10,000 characters and room to spare; a rewrite is never much longer than its text. */
const MAX_OUTPUT_TOKENS = 8_000;

const hashtagAnswer = z.object({ hashtags: z.array(z.string()) });

/**
 * Issue 30: a composer action on an AI SDK model. The text streams as plain text, each delta to
 * `onText` the moment it arrives; 'hashtags' is a structured answer instead (nothing to stream).
 * No SDK retries (the quality gate's one retry is the service's), AI_TIMEOUT_SECONDS for the call.
 */
export async function sdkRewrite(
  writer: SdkWriter,
  input: RewriteRequest,
  options: RewriteOptions,
): Promise<RewriteResult> {
  if (input.action === 'hashtags') return suggestHashtags(writer, input, options.signal);
  const settings = writer.options;
  const { timeout, signal } = callDeadline(writer, options.signal);
  const prompt = buildRewritePrompt(input);
  const result = streamText({
    model: settings.model,
    system: prompt.system,
    prompt: prompt.user,
    maxRetries: 0,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    abortSignal: signal,
    // Errors are read from the stream below; the default handler would print them to the console.
    onError: () => undefined,
  });
  let text = '';
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        options.onText?.(part.text);
      } else if (part.type === 'error') {
        if (signal.aborted) throw signal.reason;
        throw unavailableError(writer, part.error);
      } else if (part.type === 'abort') {
        throw signal.reason;
      }
    }
  } catch (error) {
    throwIfStopped(writer, error, options.signal, timeout);
    throw error;
  }
  const answer = cleanAnswer(text);
  if (!answer) {
    settings.log.warn({ writer: writer.name, action: input.action }, 'The AI writer answered no text');
    throw new AiGenerationError('invalid-output', aiRewriteMessages.rewriteFailed);
  }
  return { text: answer, hashtags: input.hashtags };
}

/**
 * The post text alone: models sometimes wrap it in a code fence or quotation marks, or put a
 * "Here is the rewritten post:" line before it, although the prompt asks them not to.
 */
export function cleanAnswer(text: string): string {
  let answer = text.trim();
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(answer);
  if (fenced) answer = (fenced[1] ?? '').trim();
  answer = answer.replace(/^(?:here(?:'s| is)[^\n]*:)\s*\n+/i, '');
  const quoted = /^(["“])([\s\S]*)(["”])$/.exec(answer);
  if (quoted && !(quoted[2] ?? '').includes(quoted[1] === '“' ? '”' : '"')) answer = (quoted[2] ?? '').trim();
  return answer;
}

async function suggestHashtags(
  writer: SdkWriter,
  input: RewriteRequest,
  signal: AbortSignal | undefined,
): Promise<RewriteResult> {
  const answer = await structuredAnswer(
    writer,
    { prompt: buildRewritePrompt(input), schema: hashtagAnswer, name: 'hashtags' },
    signal,
  );
  if (!answer) {
    writer.options.log.warn({ writer: writer.name }, 'The AI writer answered unusable hashtags');
    throw new AiGenerationError('invalid-output', aiRewriteMessages.rewriteFailed);
  }
  // The brand's required hashtags first, then the post's own, then the suggestions; each once, valid.
  const max = input.platform ? platformRules[input.platform].maxHashtags : 30;
  const seen = new Set<string>();
  const hashtags: string[] = [];
  for (const candidate of [
    ...(input.brandKit?.requiredHashtags ?? []),
    ...input.hashtags,
    ...answer.hashtags,
  ]) {
    const parsed = hashtag.safeParse(candidate);
    if (!parsed.success || seen.has(parsed.data.toLowerCase())) continue;
    seen.add(parsed.data.toLowerCase());
    hashtags.push(parsed.data);
  }
  return { text: input.text, hashtags: hashtags.slice(0, max) };
}
