import { generateText, NoObjectGeneratedError, NoOutputGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { adaptForPlatform } from '../../../contracts/adapt-for-platform';
import { hashtag } from '../../../contracts/content-options';
import { generationMessages } from '../../../contracts/generation';
import { publishingPlatform } from '../../../contracts/platforms';
import { AiGenerationError, type CallOptions, type VariantRequest, type WrittenVariant } from './ai-provider';
import { callDeadline, type SdkWriter, throwIfStopped, unavailableError } from './sdk-call';
import { buildVariantsPrompt } from './variants-prompt';

/** Twelve 3,000-character versions and their JSON, with room. */
const MAX_OUTPUT_TOKENS = 16_000;

const rawVariant = z.object({
  platform: publishingPlatform,
  content: z.string(),
  hashtags: z.array(z.string()),
});
type RawVariant = z.infer<typeof rawVariant>;

const variantsOutput = Output.array({
  element: rawVariant,
  name: 'platform_variants',
  description: 'One version of the post per network, in the order listed.',
});

/**
 * Issue 30: one text adapted for each network on an AI SDK model, in one structured answer. The
 * model writes the voice; the rules a model gets wrong are applied after it by adapt-for-platform
 * (links out of Instagram, TikTok and Pinterest texts, X's numbered thread when it wrote long, the
 * length cut). A network the model left out is adapted from the text itself.
 */
export async function sdkVariants(
  writer: SdkWriter,
  input: VariantRequest,
  options: CallOptions,
): Promise<WrittenVariant[]> {
  const { options: settings } = writer;
  const { timeout, signal } = callDeadline(writer, options.signal);
  const prompt = buildVariantsPrompt(input);
  let elements: RawVariant[];
  try {
    const result = await generateText({
      model: settings.model,
      system: prompt.system,
      prompt: prompt.user,
      output: variantsOutput,
      // Our timeout covers the call; the service's one gate retry is the only retry.
      maxRetries: 0,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      abortSignal: signal,
    });
    elements = result.output;
  } catch (error) {
    throwIfStopped(writer, error, options.signal, timeout);
    if (isOutputError(error)) {
      settings.log.warn({ writer: writer.name }, 'The AI writer answered unusable variants');
      throw new AiGenerationError('invalid-output', generationMessages.failed, { cause: error });
    }
    throw unavailableError(writer, error);
  }
  return input.platforms.map((platform) => {
    const raw = elements.find((element) => element.platform === platform && element.content.trim());
    const tags = raw ? raw.hashtags.flatMap((tag) => hashtag.safeParse(tag).data ?? []) : input.hashtags;
    const adapted = adaptForPlatform(platform, raw?.content.trim() ?? input.text, tags);
    return { platform, ...adapted };
  });
}

/** The answer was no JSON of the asked shape. */
function isOutputError(error: unknown): boolean {
  return NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error);
}
