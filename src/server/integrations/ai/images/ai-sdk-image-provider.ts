import { APICallError, generateImage, type ImageModel, NoImageGeneratedError, RetryError } from 'ai';
import { aiImageMessages } from '../../../../contracts/ai-images';
import type { AiLog } from '../sdk-call';
import {
  type CreatedImage,
  ImageGenerationError,
  type ImageProvider,
  type ImageRequest,
} from './image-provider';
import { loadSharp } from './load-sharp';
import { modelSizeFor } from './model-size';

export interface AiSdkImageOptions {
  /** 'openai gpt-image-1'. */
  name: string;
  modelId: string;
  model: ImageModel;
  timeoutMs: number;
  /** Values never logged: the API key. */
  secrets: string[];
  log: AiLog;
}

// A 400 naming one of these is the service's content filter: the user can change the prompt.
// OpenAI answers `moderation_blocked` (gpt-image) or `content_policy_violation` (dall-e).
const moderationWords = /moderation|content[_ ]policy|safety|unsafe|blocked/i;

/**
 * An AI image model through the AI SDK's `generateImage`, asked for the size closest to the wanted
 * ratio (model-size.ts) and cropped to the exact pixels with sharp's attention strategy (it keeps
 * the busiest part of the picture, usually its subject). One attempt: a retry costs the operator
 * a second image and the user another wait of up to AI_IMAGE_TIMEOUT_SECONDS.
 */
export class AiSdkImageProvider implements ImageProvider {
  readonly name: string;
  readonly sandbox = false;

  constructor(private readonly options: AiSdkImageOptions) {
    this.name = options.name;
  }

  async createImage(request: ImageRequest, options: { signal?: AbortSignal } = {}): Promise<CreatedImage> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let bytes: Uint8Array;
    try {
      const result = await generateImage({
        model: this.options.model,
        prompt: request.prompt,
        n: 1,
        size: modelSizeFor(this.options.modelId, request.width, request.height),
        maxRetries: 0,
        abortSignal: signal,
      });
      bytes = result.image.uint8Array;
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted) {
        this.options.log.warn(
          { images: this.name, timeoutMs: this.options.timeoutMs },
          'The image model took longer than AI_IMAGE_TIMEOUT_SECONDS',
        );
        throw new ImageGenerationError('timeout', aiImageMessages.timedOut, { cause: error });
      }
      throw this.#failure(error);
    }
    const sharp = await loadSharp();
    try {
      const png = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .resize(request.width, request.height, { fit: 'cover', position: sharp.strategy.attention })
        .png()
        .toBuffer();
      return { bytes: png, mediaType: 'image/png' };
    } catch (error) {
      this.options.log.warn(
        { images: this.name, detail: error instanceof Error ? error.message : String(error) },
        'The image model answered something that is not an image',
      );
      throw new ImageGenerationError('failed', aiImageMessages.failed, { cause: error });
    }
  }

  /** The user's error; the operator's reason is logged without the key (or the prompt's image). */
  #failure(error: unknown): ImageGenerationError {
    const cause = RetryError.isInstance(error) ? error.lastError : error;
    const call = APICallError.isInstance(cause) ? cause : undefined;
    const status = call?.statusCode;
    const body = call?.responseBody ?? '';
    if (status === 400 && moderationWords.test(`${call?.message ?? ''} ${body}`)) {
      this.options.log.warn({ images: this.name, status }, 'The image model refused the prompt');
      return new ImageGenerationError('refused', aiImageMessages.refused, { cause: error });
    }
    const reason = !call
      ? NoImageGeneratedError.isInstance(cause)
        ? 'The image model answered no image.'
        : 'The image model failed while answering.'
      : status === undefined
        ? `Could not reach the image model at ${call.url.split('?')[0]}.`
        : status === 401 || status === 403
          ? `The image model refused the request (${status}). Check OPENAI_API_KEY.`
          : status === 404
            ? `The image service answered 404 for ${call.url.split('?')[0]}. Check AI_IMAGE_MODEL and AI_IMAGE_BASE_URL.`
            : `The image model failed (${status}).`;
    const detail = redact(cause instanceof Error ? cause.message : String(cause), this.options.secrets);
    const misconfigured = status !== undefined && status >= 400 && status < 500 && status !== 429;
    const log = misconfigured ? this.options.log.error : this.options.log.warn;
    log.call(this.options.log, { images: this.name, status, detail }, redact(reason, this.options.secrets));
    return new ImageGenerationError('failed', aiImageMessages.failed, { cause: new Error(reason) });
  }
}

function redact(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((result, secret) => result.replaceAll(secret, '[redacted]'), text);
}
