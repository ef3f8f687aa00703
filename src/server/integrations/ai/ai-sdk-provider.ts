import { APICallError, Output, parsePartialJson, streamText } from 'ai';
import { z } from 'zod';
import { hashtag } from '../../../contracts/content-options';
import { generationMessages } from '../../../contracts/generation';
import { type PublishingPlatform, platformRules, publishingPlatform } from '../../../contracts/platforms';
import { checkPostFits } from '../../../contracts/post-text';
import {
  AiGenerationError,
  type AiProvider,
  type CallOptions,
  type GeneratedIdea,
  type GenerateOptions,
  type IdeaRequest,
  type ReplyRequest,
  type RewriteOptions,
  type RewriteRequest,
  type RewriteResult,
  type VariantRequest,
  type WrittenVariant,
} from './ai-provider';
import { type BannedCheck, createBannedCheck, hashtagWords } from './offline/brand-guard';
import { buildIdeaPrompt } from './prompt';
import { type AiSdkProviderOptions, callDeadline, throwIfStopped, unavailableError } from './sdk-call';
import { sdkReplies } from './sdk-replies';
import { sdkRewrite } from './sdk-rewrite';
import { sdkVariants } from './sdk-variants';

/** The most tokens one request may write: ten 3,000-character posts and their JSON, with room. */
const MAX_OUTPUT_TOKENS = 16_000;

/** The shape the model is asked for; what a schema cannot say is checked by `checkIdea`. */
const ideaSchema = z.object({
  platform: publishingPlatform,
  content: z.string(),
  hashtags: z.array(z.string()),
  suggestedImagePrompt: z.string(),
});
type RawIdea = z.infer<typeof ideaSchema>;

// Sent as the provider's structured-output format: {"elements": [idea, ...]}. Only plain types and
// an enum, which OpenAI's strict mode and Anthropic's output_config.format both accept.
const ideasOutput = Output.array({
  element: ideaSchema,
  name: 'post_ideas',
  description: 'One social media post idea per slot, in slot order.',
});

/**
 * An AI writer on any AI SDK language model. It streams, hands each idea to `onIdea` the moment it
 * is complete and valid, and keeps it: when a batch goes wrong half way, the one retry asks only for
 * the slots still missing. So `onIdea` sees every idea of the result exactly once, in slot order.
 */
export class AiSdkProvider implements AiProvider {
  readonly name: string;
  readonly sandbox = false;
  #sendSchema = true;

  constructor(readonly options: AiSdkProviderOptions) {
    this.name = options.name;
  }

  async generateIdeas(input: IdeaRequest, options: GenerateOptions = {}): Promise<GeneratedIdea[]> {
    const { timeout, signal } = callDeadline(this, options.signal);
    const ideas: GeneratedIdea[] = [];
    const keep = (idea: GeneratedIdea) => {
      ideas.push(idea);
      options.onIdea?.(idea);
    };
    try {
      for (let attempt = 1; ; attempt++) {
        const problem = await this.#writeMissing(input, ideas, keep, signal);
        if (problem === undefined) return ideas;
        this.options.log.warn(
          { writer: this.name, attempt, problem },
          'The AI writer answered unusable ideas',
        );
        if (attempt === 2) throw new AiGenerationError('invalid-output', generationMessages.failed);
      }
    } catch (error) {
      throwIfStopped(this, error, options.signal, timeout, { written: ideas.length });
      throw error;
    }
  }

  rewriteText(input: RewriteRequest, options: RewriteOptions = {}): Promise<RewriteResult> {
    return sdkRewrite(this, input, options);
  }

  writeVariants(input: VariantRequest, options: CallOptions = {}): Promise<WrittenVariant[]> {
    return sdkVariants(this, input, options);
  }

  suggestReplies(input: ReplyRequest, options: CallOptions = {}): Promise<string[]> {
    return sdkReplies(this, input, options);
  }

  /** One request for the slots not written yet. Resolves to what was wrong, or undefined. */
  async #writeMissing(
    input: IdeaRequest,
    written: GeneratedIdea[],
    keep: (idea: GeneratedIdea) => void,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const slots = input.slots.slice(written.length);
    const prompt = buildIdeaPrompt(missingPart(input, written));
    // Stops the request as soon as the answer is known to be unusable.
    const stop = new AbortController();
    const result = streamText({
      model: this.options.model,
      system: prompt.system,
      prompt: prompt.user,
      ...(this.#sendSchema && { output: ideasOutput }),
      // Our timeout covers the whole call and our single retry is the only one: the SDK's own
      // retries (which honour Retry-After up to a minute) would make both unpredictable.
      maxRetries: 0,
      // Ten long LinkedIn posts fit in well under this; the SDK's default for some models is 64k.
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      abortSignal: AbortSignal.any([signal, stop.signal]),
      // Errors are read from the stream below; the default handler would print them to the console.
      onError: () => undefined,
    });
    let text = '';
    let taken = 0;
    const brand = brandRulesOf(input);
    // Checks and keeps the complete elements not taken yet; any past the last slot are ignored.
    const take = (elements: unknown[], count: number): string | undefined => {
      for (; taken < Math.min(count, slots.length); taken++) {
        const slot = slots[taken] as PublishingPlatform;
        const verdict = checkIdea(elements[taken], slot, brand);
        if ('problem' in verdict) return `idea ${written.length + 1}: ${verdict.problem}`;
        keep(verdict.idea);
      }
      return undefined;
    };
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          text += part.text;
          // An element can only have been completed by a chunk holding its closing brace.
          if (!part.text.includes('}')) continue;
          const partial = await readPartialElements(text);
          const problem = partial && take(partial.elements, partial.complete);
          if (problem || taken === slots.length) return problem;
        } else if (part.type === 'error') {
          if (signal.aborted) throw signal.reason;
          if (this.#refusesFormat(part.error)) return this.#writeMissing(input, written, keep, signal);
          throw this.unavailable(part.error);
        } else if (part.type === 'abort') {
          throw signal.reason;
        }
      }
      const elements = readElements(text);
      if (!elements) return 'the answer is not a JSON object with an "elements" array';
      return (
        take(elements, elements.length) ??
        (taken < slots.length ? `only ${taken} of ${slots.length} ideas` : undefined)
      );
    } finally {
      stop.abort();
    }
  }

  #refusesFormat(error: unknown): boolean {
    if (!this.options.dropRefusedFormat || !this.#sendSchema) return false;
    if (!APICallError.isInstance(error) || error.statusCode !== 400) return false;
    if (!`${error.responseBody ?? ''} ${error.message}`.includes('response_format')) return false;
    this.#sendSchema = false;
    this.options.log.warn(
      { writer: this.name },
      'The AI server refused the JSON schema response_format; asking with instructions only from now on',
    );
    return true;
  }

  /** A provider failure as the user's error, with the operator's reason logged (never the key). */
  unavailable(error: unknown): AiGenerationError {
    return unavailableError(this, error);
  }
}

function missingPart(input: IdeaRequest, written: GeneratedIdea[]): IdeaRequest {
  if (written.length === 0) return input;
  const previousPosts = [...input.request.previousPosts, ...written.map((idea) => idea.content)];
  return { ...input, slots: input.slots.slice(written.length), request: { ...input.request, previousPosts } };
}

/** What `checkIdea` holds an idea to from the brand kit: its banned words (issue 30). */
interface IdeaBrandRules {
  isBanned: BannedCheck;
  /** Required hashtags are the brand's own: never refused as banned. */
  required: Set<string>;
}

function brandRulesOf(input: IdeaRequest): IdeaBrandRules {
  return {
    isBanned: createBannedCheck(input.brandKit?.bannedWords ?? []),
    required: new Set((input.brandKit?.requiredHashtags ?? []).map((tag) => tag.toLowerCase())),
  };
}

/**
 * Validates one element for its slot and normalises it. An idea using one of the brand kit's
 * banned words is refused like one that is too long, so the one retry asks for it again.
 */
export function checkIdea(
  raw: unknown,
  platform: PublishingPlatform,
  brand?: IdeaBrandRules,
): { idea: GeneratedIdea } | { problem: string } {
  const parsed = ideaSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `wrong shape at ${issue?.path.join('.') || 'the idea'}: ${issue?.message}` };
  }
  if (parsed.data.platform !== platform) {
    return { problem: `written for ${parsed.data.platform}, the slot is ${platform}` };
  }
  const idea = normaliseIdea(parsed.data);
  if (!idea.content) return { problem: 'empty content' };
  // As published: the text, a blank line and the hashtags, counted the platform's way (X weighs).
  const fit = checkPostFits(platform, idea.content, idea.hashtags);
  if (!fit.fits) return { problem: `${fit.length} characters, ${platform} allows ${fit.max}` };
  if (fit.tooManyHashtags) return { problem: `more hashtags in the text than ${platform} allows` };
  const bannedTag = idea.hashtags.some(
    (tag) => !brand?.required.has(tag.toLowerCase()) && brand?.isBanned(hashtagWords(tag)),
  );
  // The word itself is customer text: the operator log names the problem, not the word.
  if (brand?.isBanned(idea.content) || bannedTag) return { problem: 'uses a banned word of the brand kit' };
  return { idea };
}

/**
 * Hashtags lose their '#'; those that are no hashtag (spaces, punctuation), repeats and those the
 * content already carries are dropped; the list is cut to what the platform accepts with the
 * content's own hashtags.
 */
export function normaliseIdea(raw: RawIdea): GeneratedIdea {
  const content = raw.content.trim();
  const inContent = new Set(
    Array.from(content.matchAll(/#([\p{L}\p{N}_]+)/gu), (match) => match[1]?.toLowerCase()),
  );
  const hashtags: string[] = [];
  for (const candidate of raw.hashtags) {
    const parsed = hashtag.safeParse(candidate);
    if (!parsed.success) continue;
    const key = parsed.data.toLowerCase();
    if (inContent.has(key) || hashtags.some((kept) => kept.toLowerCase() === key)) continue;
    hashtags.push(parsed.data);
  }
  return {
    platform: raw.platform,
    content,
    hashtags: hashtags.slice(0, Math.max(0, platformRules[raw.platform].maxHashtags - inContent.size)),
    suggestedImagePrompt: raw.suggestedImagePrompt.trim(),
  };
}

// Models without a response format sometimes wrap the JSON in a code fence or a sentence.
const jsonStart = (text: string) => text.search(/[[{]/);

function elementsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && 'elements' in value && Array.isArray(value.elements)) {
    return value.elements;
  }
  return undefined;
}

/** The elements so far, and how many of them are complete (a repaired parse's last one may not be). */
async function readPartialElements(text: string) {
  const start = jsonStart(text);
  if (start < 0) return undefined;
  const { value, state } = await parsePartialJson(text.slice(start));
  const elements = elementsOf(value);
  if (!elements) return undefined;
  const complete = state === 'successful-parse' ? elements.length : Math.max(0, elements.length - 1);
  return { elements, complete };
}

function readElements(text: string): unknown[] | undefined {
  const start = jsonStart(text);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start < 0 || end < start) return undefined;
  try {
    return elementsOf(JSON.parse(text.slice(start, end + 1)));
  } catch {
    return undefined;
  }
}
