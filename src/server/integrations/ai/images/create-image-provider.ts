import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiImagesConfig } from '../../../config';
import type { AiLog } from '../sdk-call';
import { AiSdkImageProvider } from './ai-sdk-image-provider';
import { type GraphicRenderer, offlineImageProvider } from './graphics/graphic-renderer';
import type { ImageProvider } from './image-provider';

/**
 * The image maker chosen by configuration (AI_IMAGE_MODEL, AI_IMAGE_BASE_URL, OPENAI_API_KEY; see
 * config.ts): the model through the AI SDK, else the offline renderer (labelled Sandbox).
 *
 * | flavour           | request (POST {base}/images/generations)       | answer               |
 * |-------------------|------------------------------------------------|----------------------|
 * | openai            | model, prompt, n, size; response_format only   | b64_json             |
 * |                   | for dall-e (gpt-image always answers base64)   |                      |
 * | openai-compatible | model, prompt, n, size, response_format b64    | b64_json, or a `url` |
 * |                   |                                                | the SDK downloads    |
 */
export function createImageProvider(
  config: AiImagesConfig | undefined,
  deps: { graphics: GraphicRenderer; log: AiLog },
): ImageProvider {
  if (!config) return offlineImageProvider(deps.graphics);
  const fetch = originPinnedFetch(config.baseUrl);
  const model =
    config.flavour === 'openai'
      ? createOpenAI({ apiKey: config.apiKey ?? '', baseURL: config.baseUrl, fetch }).image(config.model)
      : createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: config.baseUrl,
          // Local servers usually need no key; the header is sent only when one is set.
          apiKey: config.apiKey,
          fetch,
        }).imageModel(config.model);
  return new AiSdkImageProvider({
    name: `${config.flavour === 'openai' ? 'openai' : 'openai-compatible'} ${config.model}`,
    modelId: config.model,
    model,
    timeoutMs: config.timeoutMs,
    secrets: config.apiKey ? [config.apiKey] : [],
    log: deps.log,
  });
}

/**
 * A fetch that reaches the image service's own origin only. A compatible server may answer a `url`
 * rather than the image, and the SDK downloads it: a server (or whoever controls its answer) must
 * not make Kitepost fetch addresses inside its network (SSRF).
 */
function originPinnedFetch(baseUrl: string): typeof globalThis.fetch {
  const origin = new URL(baseUrl).origin;
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== origin) {
      return Promise.reject(new Error(`Refused to fetch ${url.origin}: the image service is at ${origin}`));
    }
    return globalThis.fetch(input, init);
  };
}
