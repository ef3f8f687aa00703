import type {
  AiProvider,
  GeneratedIdea,
  GenerateOptions,
  IdeaRequest,
} from '../../../src/server/integrations/ai/ai-provider';

/**
 * An AI writer whose next answers a test sets: ideas built by a function of the request, or a
 * failure. Each call is recorded. Streams ideas through onIdea like a real provider.
 */
export class ScriptedWriter implements AiProvider {
  readonly name = 'scripted writer';
  readonly sandbox = false;
  readonly calls: IdeaRequest[] = [];
  private next: Array<(input: IdeaRequest) => GeneratedIdea[] | Error> = [];

  /** Answers the next call with `build(input)`, or throws what it returns. */
  answer(build: (input: IdeaRequest) => GeneratedIdea[] | Error) {
    this.next.push(build);
    return this;
  }

  async generateIdeas(input: IdeaRequest, options: GenerateOptions = {}): Promise<GeneratedIdea[]> {
    this.calls.push(input);
    const result = (this.next.shift() ?? ideasFor)(input);
    if (result instanceof Error) throw result;
    for (const idea of result) options.onIdea?.(idea);
    return result;
  }
}

/** One plain idea per slot. */
export function ideasFor(
  input: IdeaRequest,
  content = (i: number) => `Idea ${i + 1} for ${input.request.businessType}`,
) {
  return input.slots.map((platform, i) => ({
    platform,
    content: content(i),
    hashtags: ['SmallBusiness'],
    suggestedImagePrompt: 'A bright photo of the shop front',
  }));
}
