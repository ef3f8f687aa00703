/**
 * The image maker port (issue 30): an AI image model, or the offline renderer wrapped as one.
 * `width` and `height` are the exact pixels wanted; a model that makes other sizes is cropped.
 */
export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
}

export interface CreatedImage {
  bytes: Buffer;
  mediaType: string;
}

export interface ImageProvider {
  /** For /api/health and the UI: 'openai gpt-image-1', 'offline renderer'. */
  readonly name: string;
  /** True for the offline renderer, which makes branded graphics rather than pictures. */
  readonly sandbox: boolean;
  createImage(request: ImageRequest, options?: { signal?: AbortSignal }): Promise<CreatedImage>;
}

/** 'refused': the service's moderation said no (the prompt can be changed); the rest: try again. */
export type ImageFailureKind = 'refused' | 'failed' | 'timeout';

export class ImageGenerationError extends Error {
  override name = 'ImageGenerationError';
  constructor(
    readonly kind: ImageFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
