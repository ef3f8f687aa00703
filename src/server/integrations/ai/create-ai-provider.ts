import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiConfig } from '../../config';
import type { AiProvider } from './ai-provider';
import { AiSdkProvider } from './ai-sdk-provider';
import type { AiLog } from './sdk-call';

export interface AiProviderDeps {
  /** The offline composer's factory (it lives in ./offline and is built only when chosen). */
  offline: () => AiProvider;
  log: AiLog;
}

/*
 * The SDK factories read OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL
 * from the environment when a setting is missing. config.ts is the only reader of the environment, so
 * every setting is passed here, defaults included.
 */
const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';

/**
 * The AI writer chosen by configuration (AI_PROVIDER, AI_MODEL, AI_BASE_URL, the keys; see
 * config.ts). Every real provider speaks through the AI SDK with the same prompt, schema, checks,
 * timeout and single retry (ai-sdk-provider.ts); only the wire protocol differs:
 *
 * | provider          | endpoint                      | structured output sent                      |
 * |-------------------|-------------------------------|---------------------------------------------|
 * | openai            | POST {base}/chat/completions  | response_format json_schema, strict         |
 * | anthropic         | POST {base}/messages          | output_config.format json_schema, or a      |
 * |                   |                               | forced `json` tool on models without it     |
 * | openai-compatible | POST {base}/chat/completions  | response_format json_schema, dropped for    |
 * |                   |                               | good if the server answers 400 about it     |
 *
 * OpenAI goes through Chat Completions, not the Responses API: it is the protocol every
 * OpenAI-compatible server (Ollama, vLLM, LM Studio) speaks too, so both adapters share one
 * request shape and one test fake; it is stateless (the Responses API keeps responses on OpenAI's
 * side unless told not to), and it has everything this needs (streaming, strict JSON schema).
 *
 * OpenAI-compatible servers get the JSON schema rather than JSON mode (`json_object`, the SDK's
 * default) because LM Studio refuses `json_object` with a 400, while Ollama (0.5 and later), vLLM
 * and llama.cpp accept a schema. A server that refuses the schema is asked again, then and from
 * then on, with no response_format at all: the prompt describes the same JSON, and the reader
 * tolerates a code fence or a sentence around it.
 */
export function createAiProvider(config: AiConfig, deps: AiProviderDeps): AiProvider {
  const common = {
    timeoutMs: config.timeoutMs,
    secrets: config.apiKey ? [config.apiKey] : [],
    log: deps.log,
  };
  switch (config.provider) {
    case 'offline':
      return deps.offline();
    case 'openai': {
      const model = required(config.model, 'AI_MODEL');
      const openai = createOpenAI({
        apiKey: required(config.apiKey, 'OPENAI_API_KEY'),
        baseURL: config.baseUrl ?? OPENAI_BASE_URL,
      });
      return new AiSdkProvider({
        ...common,
        name: `openai ${model}`,
        model: openai.chat(model),
        keySetting: 'OPENAI_API_KEY',
      });
    }
    case 'anthropic': {
      const model = required(config.model, 'AI_MODEL');
      const anthropic = createAnthropic({
        apiKey: required(config.apiKey, 'ANTHROPIC_API_KEY'),
        baseURL: config.baseUrl ?? ANTHROPIC_BASE_URL,
      });
      return new AiSdkProvider({
        ...common,
        name: `anthropic ${model}`,
        model: anthropic.messages(model),
        keySetting: 'ANTHROPIC_API_KEY',
      });
    }
    case 'openai-compatible': {
      const model = required(config.model, 'AI_MODEL');
      const server = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: required(config.baseUrl, 'AI_BASE_URL'),
        // Local servers usually need no key; the header is sent only when one is set.
        apiKey: config.apiKey,
        supportsStructuredOutputs: true,
      });
      return new AiSdkProvider({
        ...common,
        name: `openai-compatible ${model}`,
        model: server.chatModel(model),
        keySetting: 'OPENAI_API_KEY',
        dropRefusedFormat: true,
      });
    }
    default: {
      const unknown: never = config.provider;
      throw new Error(`Unknown AI provider: ${String(unknown)}`);
    }
  }
}

/** config.ts refuses to start without these; this keeps a hand-made AiConfig honest too. */
function required(value: string | undefined, setting: string): string {
  if (!value) throw new Error(`${setting} is required for this AI provider`);
  return value;
}
