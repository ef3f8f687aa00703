import { APICallError, generateText, NoObjectGeneratedError, Output } from 'ai';
import type { z } from 'zod';
import { AiGenerationError } from './ai-provider';
import type { IdeaPrompt } from './prompt';
import { callDeadline, type SdkWriter, throwIfStopped, unavailableError } from './sdk-call';

/** Short JSON answers (hashtags, three replies): far below this. */
const MAX_OUTPUT_TOKENS = 4_000;

/**
 * One structured answer (not streamed: nothing is shown before it is complete), with the AI SDK's
 * retries off (our one retry is the quality gate's) and AI_TIMEOUT_SECONDS for the whole call.
 * Resolves to undefined when the answer does not match `schema`: the caller decides what that costs.
 * A server that refuses `response_format` is asked again with the prompt alone, which spells out the
 * same shape (`dropRefusedFormat`, OpenAI-compatible servers).
 */
export async function structuredAnswer<T>(
  writer: SdkWriter,
  request: { prompt: IdeaPrompt; schema: z.ZodType<T>; name: string },
  signal: AbortSignal | undefined,
): Promise<T | undefined> {
  const { options } = writer;
  const { timeout, signal: abortSignal } = callDeadline(writer, signal);
  const call = async (withFormat: boolean): Promise<T | undefined> => {
    const base = {
      model: options.model,
      system: request.prompt.system,
      prompt: request.prompt.user,
      maxRetries: 0,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      abortSignal,
    };
    if (!withFormat) return parseJsonAnswer((await generateText(base)).text, request.schema);
    const result = await generateText({
      ...base,
      output: Output.object({ schema: request.schema, name: request.name }),
    });
    return result.output;
  };
  try {
    try {
      return await call(true);
    } catch (error) {
      if (!refusesFormat(writer, error)) throw error;
      return await call(false);
    }
  } catch (error) {
    throwIfStopped(writer, error, signal, timeout);
    if (NoObjectGeneratedError.isInstance(error)) return undefined;
    if (error instanceof AiGenerationError) throw error;
    throw unavailableError(writer, error);
  }
}

function refusesFormat(writer: SdkWriter, error: unknown): boolean {
  if (!writer.options.dropRefusedFormat) return false;
  if (!APICallError.isInstance(error) || error.statusCode !== 400) return false;
  return `${error.responseBody ?? ''} ${error.message}`.includes('response_format');
}

/** A JSON object somewhere in a plain answer (models wrap it in a fence or a sentence). */
function parseJsonAnswer<T>(text: string, schema: z.ZodType<T>): T | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
