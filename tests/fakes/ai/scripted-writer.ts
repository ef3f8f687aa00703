import type {
  AiProvider,
  CallOptions,
  GeneratedIdea,
  GenerateOptions,
  IdeaRequest,
  ReplyRequest,
  RewriteOptions,
  RewriteRequest,
  RewriteResult,
  VariantRequest,
  WrittenVariant,
} from '../../../src/server/integrations/ai/ai-provider';

type Script<Input, Output> = (input: Input) => Output | Error;

/**
 * An AI writer whose next answers a test sets: ideas built by a function of the request, or a
 * failure. Each call is recorded. Streams ideas through onIdea (and rewrites through onText, in
 * two halves) like a real provider. Unscripted calls get a plain answer.
 */
export class ScriptedWriter implements AiProvider {
  readonly name = 'scripted writer';
  readonly sandbox = false;
  readonly calls: IdeaRequest[] = [];
  readonly rewriteCalls: RewriteRequest[] = [];
  readonly variantCalls: VariantRequest[] = [];
  readonly replyCalls: ReplyRequest[] = [];
  private next: Array<Script<IdeaRequest, GeneratedIdea[]>> = [];
  private nextRewrite: Array<Script<RewriteRequest, RewriteResult>> = [];
  private nextVariants: Array<Script<VariantRequest, WrittenVariant[]>> = [];
  private nextReplies: Array<Script<ReplyRequest, string[]>> = [];

  /** Answers the next call with `build(input)`, or throws what it returns. */
  answer(build: Script<IdeaRequest, GeneratedIdea[]>) {
    this.next.push(build);
    return this;
  }

  answerRewrite(build: Script<RewriteRequest, RewriteResult>) {
    this.nextRewrite.push(build);
    return this;
  }

  answerVariants(build: Script<VariantRequest, WrittenVariant[]>) {
    this.nextVariants.push(build);
    return this;
  }

  answerReplies(build: Script<ReplyRequest, string[]>) {
    this.nextReplies.push(build);
    return this;
  }

  async generateIdeas(input: IdeaRequest, options: GenerateOptions = {}): Promise<GeneratedIdea[]> {
    this.calls.push(input);
    const result = (this.next.shift() ?? ideasFor)(input);
    if (result instanceof Error) throw result;
    for (const idea of result) options.onIdea?.(idea);
    return result;
  }

  async rewriteText(input: RewriteRequest, options: RewriteOptions = {}): Promise<RewriteResult> {
    this.rewriteCalls.push(input);
    const result = (
      this.nextRewrite.shift() ?? ((request) => ({ text: request.text, hashtags: request.hashtags }))
    )(input);
    if (result instanceof Error) throw result;
    const half = Math.ceil(result.text.length / 2);
    options.onText?.(result.text.slice(0, half));
    options.onText?.(result.text.slice(half));
    return result;
  }

  async writeVariants(input: VariantRequest, _options: CallOptions = {}): Promise<WrittenVariant[]> {
    this.variantCalls.push(input);
    const plain = (request: VariantRequest) =>
      request.platforms.map((platform) => ({
        platform,
        content: request.text,
        hashtags: request.hashtags,
        thread: [],
      }));
    const result = (this.nextVariants.shift() ?? plain)(input);
    if (result instanceof Error) throw result;
    return result;
  }

  async suggestReplies(input: ReplyRequest, _options: CallOptions = {}): Promise<string[]> {
    this.replyCalls.push(input);
    const plain = () => ['Thank you!', 'Thanks for your comment.', 'We are glad you wrote.'];
    const result = (this.nextReplies.shift() ?? plain)(input);
    if (result instanceof Error) throw result;
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
