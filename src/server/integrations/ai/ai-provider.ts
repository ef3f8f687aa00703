import type { RewriteAction } from '../../../contracts/ai-studio';
import type { BrandKit } from '../../../contracts/brand-kit';
import type { ContentType, Tone } from '../../../contracts/content-options';
import type { GenerationRequest } from '../../../contracts/generation';
import type { PublishingPlatform } from '../../../contracts/platforms';

/** What a writer is asked for: one idea per slot, for that slot's platform, in order. */
export interface IdeaRequest {
  request: GenerationRequest;
  /** The platform of each idea to write; its length is how many ideas to write. */
  slots: PublishingPlatform[];
  /** The workspace's brand kit, or null when it has none yet. */
  brandKit: BrandKit | null;
  /**
   * The language to write the posts in: the requesting user's Settings › Content language as
   * stored ('spanish'), free text through the API, so customer input. 'english' for visitors.
   */
  language: string;
  /** Makes the offline composer deterministic; real providers may ignore it. */
  seed: number;
  /**
   * Issue 30, plan a month: what each slot is for (same length as `slots`), and the texts already
   * written that the new ones must not repeat.
   */
  slotNotes?: SlotNote[];
  previousPosts?: string[];
  /** The workspace's best-performing or pinned posts, to match their voice (never to copy). */
  examples?: WriterExample[];
  /** The quality gate's reasons from the first answer, for the one retry. */
  fix?: string[];
}

export interface SlotNote {
  contentType: ContentType;
  /** 'Tuesday 8 December', in the plan's time zone. */
  dateLabel: string;
  /** The offer or date that matters the post is about. */
  occasion?: string;
}

/** A published post given to the writer as an example of the brand's voice. */
export interface WriterExample {
  platform: PublishingPlatform;
  text: string;
}

/** Issue 30, the composer's actions: the text to change and how. */
export interface RewriteRequest {
  text: string;
  hashtags: string[];
  action: RewriteAction;
  /** Required for 'tone'. */
  tone?: Tone;
  /** Required for 'fit'; its limits apply to every action. */
  platform?: PublishingPlatform;
  /** A content language ('spanish'); required for 'translate'. */
  language?: string;
  brandKit: BrandKit | null;
  examples?: WriterExample[];
  fix?: string[];
}

export interface RewriteResult {
  text: string;
  /** Without '#'. */
  hashtags: string[];
}

export interface RewriteOptions {
  signal?: AbortSignal;
  /** The text as it streams in, delta by delta (real providers only). */
  onText?: (delta: string) => void;
}

/** Issue 30: one text adapted for each network. */
export interface VariantRequest {
  text: string;
  hashtags: string[];
  platforms: PublishingPlatform[];
  brandKit: BrandKit | null;
  examples?: WriterExample[];
  fix?: string[];
}

export interface WrittenVariant {
  platform: PublishingPlatform;
  content: string;
  hashtags: string[];
  /** X's thread when the text is long: each item one post, the first equal to `content`. */
  thread: string[];
  /** Pinterest's pin link, moved out of the text. */
  link?: string;
}

/** Issue 30: replies to a comment on a post, in the brand's voice. */
export interface ReplyRequest {
  comment: { text: string; author?: string };
  post: { platform: PublishingPlatform; content: string };
  brandKit: BrandKit | null;
  examples?: WriterExample[];
  fix?: string[];
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** One written idea. Hashtags without '#', and not repeated inside `content`. */
export interface GeneratedIdea {
  platform: PublishingPlatform;
  content: string;
  hashtags: string[];
  suggestedImagePrompt: string;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Called once per idea as soon as it is complete, when the provider streams. */
  onIdea?: (idea: GeneratedIdea) => void;
}

/** The port every AI writer implements: the offline composer and the AI SDK providers. */
export interface AiProvider {
  /** For /api/health and the UI label, e.g. 'offline composer' or 'openai gpt-4.1-mini'. */
  readonly name: string;
  /**
   * True for the offline composer: the UI labels its output. It also writes English only, whatever
   * `language` asks, which the generation answer tells the user (generation.service.ts).
   */
  readonly sandbox: boolean;
  generateIdeas(input: IdeaRequest, options?: GenerateOptions): Promise<GeneratedIdea[]>;
  rewriteText(input: RewriteRequest, options?: RewriteOptions): Promise<RewriteResult>;
  writeVariants(input: VariantRequest, options?: CallOptions): Promise<WrittenVariant[]>;
  /** Three different replies. */
  suggestReplies(input: ReplyRequest, options?: CallOptions): Promise<string[]>;
}

export type AiFailureKind = 'invalid-output' | 'timeout' | 'unavailable';

/** A writer could not deliver; the message is safe to show to the user. */
export class AiGenerationError extends Error {
  override name = 'AiGenerationError';
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
