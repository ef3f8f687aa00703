import type { BrandKit } from '../../../contracts/brand-kit';
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
