import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generationMessages, generationRequest } from '../../src/contracts/generation';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import type { AiConfig } from '../../src/server/config';
import {
  AiGenerationError,
  type AiProvider,
  type GeneratedIdea,
  type IdeaRequest,
} from '../../src/server/integrations/ai/ai-provider';
import { createAiProvider } from '../../src/server/integrations/ai/create-ai-provider';
import type { AiLog } from '../../src/server/integrations/ai/sdk-call';
import { ScriptedWriter } from '../fakes/ai/scripted-writer';
import { startAnthropicFake } from '../fakes/anthropic/anthropic-fake';
import { type LoopbackFake, type RecordedRequest, startOpenAiFake } from '../fakes/openai/openai-fake';

const KEY = 'sk-test-4f9c2a7e1b6d8305c7e2';
const WRONG_KEY = 'sk-wrong-a81d5be0c93f2e7146';
const TIMEOUT_MS = 300;
const CAMPAIGN = 'Spring menu launch at Luna Bakery: rhubarb tarts from 3 April';

interface Adapter {
  name: string;
  start(): Promise<LoopbackFake>;
  config: Omit<AiConfig, 'baseUrl' | 'timeoutMs'>;
  keySetting: string;
  /** The key as the provider documents it is sent, and the structured-output request expected. */
  sent(request: RecordedRequest): { key: unknown; format: unknown };
  expected: { key: string; format: string };
}

const chatAdapter = (provider: 'openai' | 'openai-compatible', model: string): Adapter => ({
  name: provider,
  start: () => startOpenAiFake({ apiKey: KEY }),
  config: { provider, model, apiKey: KEY },
  keySetting: 'OPENAI_API_KEY',
  sent: (r) => ({ key: r.headers.authorization, format: r.body.response_format?.type }),
  expected: { key: `Bearer ${KEY}`, format: 'json_schema' },
});
const anthropicAdapter = (model: string, format: 'json_schema' | 'json'): Adapter => ({
  name: `anthropic ${model}`,
  start: () => startAnthropicFake({ apiKey: KEY }),
  config: { provider: 'anthropic', model, apiKey: KEY },
  keySetting: 'ANTHROPIC_API_KEY',
  // Native structured output (output_config.format), or a forced tool named `json` on older models.
  sent: (r) => ({
    key: r.headers['x-api-key'],
    format: r.body.output_config?.format?.type ?? (r.body.tool_choice && r.body.tools?.[0]?.name),
  }),
  expected: { key: KEY, format },
});
const adapters = [
  chatAdapter('openai', 'gpt-4.1-mini'),
  chatAdapter('openai-compatible', 'llama3.1:8b'),
  anthropicAdapter('claude-haiku-4-5', 'json_schema'),
  anthropicAdapter('claude-3-haiku-20240307', 'json'),
];

const SLOTS: PublishingPlatform[] = ['linkedin', 'instagram', 'twitter', 'facebook', 'linkedin'];
const input: IdeaRequest = {
  request: generationRequest.parse({
    businessType: 'restaurant',
    targetAudience: 'Families in the neighbourhood',
    campaignDescription: CAMPAIGN,
    contentType: 'promotional',
    tone: 'casual',
    count: SLOTS.length,
  }),
  slots: SLOTS,
  brandKit: null,
  language: 'english',
  seed: 1,
};

const ideaFor = (platform: PublishingPlatform, n: number) => ({
  platform,
  content: `Idea ${n}: our rhubarb tarts are back, baked fresh at dawn. #Rhubarb`,
  hashtags: ['#Bakery', 'bakery', 'spring menu', 'rhubarb', '##LocalFood'],
  suggestedImagePrompt: ' Rhubarb tarts on a wooden counter in morning light ',
});
const answer = (ideas: object[]) => JSON.stringify({ elements: ideas });
const validAnswer = (slots = SLOTS) => answer(slots.map((platform, i) => ideaFor(platform, i + 1)));

function recordingLog() {
  const entries: { level: string; details: object; message: string }[] = [];
  const log: AiLog = {
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
  return { log, entries };
}

async function failureOf(promise: Promise<unknown>): Promise<AiGenerationError> {
  const error: unknown = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AiGenerationError);
  return error as AiGenerationError;
}

describe.each(adapters)('$name adapter against its loopback fake', (adapter) => {
  let fake: LoopbackFake;
  let provider: AiProvider;
  let logged: ReturnType<typeof recordingLog>;
  const build = (overrides: Partial<AiConfig> = {}) =>
    createAiProvider(
      { ...adapter.config, baseUrl: fake.baseUrl, timeoutMs: 5_000, ...overrides },
      { offline: () => expect.unreachable('offline composer'), log: logged.log },
    );

  beforeAll(async () => {
    fake = await adapter.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.script();
    logged = recordingLog();
    provider = build();
  });

  it('writes one valid idea per slot, platforms in slot order, hashtags normalised', async () => {
    fake.script({ text: validAnswer(), chunks: 7 });
    const ideas = await provider.generateIdeas(input);

    expect(provider).toMatchObject({
      name: `${adapter.config.provider} ${adapter.config.model}`,
      sandbox: false,
    });
    expect(ideas.map((idea) => idea.platform)).toEqual(SLOTS);
    expect(ideas[0]).toEqual<GeneratedIdea>({
      platform: 'linkedin',
      content: 'Idea 1: our rhubarb tarts are back, baked fresh at dawn. #Rhubarb',
      // '#' stripped, the repeat, the one with a space and the one already in the text dropped.
      hashtags: ['Bakery', 'LocalFood'],
      suggestedImagePrompt: 'Rhubarb tarts on a wooden counter in morning light',
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests as [RecordedRequest];
    expect(request.body.model).toBe(adapter.config.model);
    expect(request.body.stream).toBe(true);
    expect(adapter.sent(request)).toEqual(adapter.expected);
    expect(JSON.stringify(request.body.messages)).toContain(CAMPAIGN);
    expect(JSON.stringify(request.body.messages)).toContain('Slot 3: twitter');
    expect(logged.entries).toEqual([]);
  });

  it('hands each idea to onIdea as it arrives, in order, before resolving', async () => {
    fake.script({ text: validAnswer(), chunks: 12, gapMs: 20 });
    const events: string[] = [];
    const chunksSentAtEachIdea: number[] = [];
    const ideas = await provider.generateIdeas(input, {
      onIdea: (idea) => {
        events.push(idea.platform);
        chunksSentAtEachIdea.push(fake.requests[0]?.chunksSent ?? Number.NaN);
      },
    });
    events.push('resolved');
    expect(events).toEqual([...SLOTS, 'resolved']);
    expect(ideas).toHaveLength(SLOTS.length);
    // The first idea (about a fifth of the answer) is handed over long before the last piece is sent.
    expect(chunksSentAtEachIdea[0]).toBeLessThanOrEqual(5);
    expect(chunksSentAtEachIdea).toEqual([...chunksSentAtEachIdea].sort((a, b) => a - b));
  });

  it('retries once on an answer that is not JSON, then succeeds', async () => {
    fake.script({ text: 'Sure! Here are your posts: rhubarb, tarts' }, { text: validAnswer() });
    const ideas = await provider.generateIdeas(input);
    expect(ideas.map((idea) => idea.platform)).toEqual(SLOTS);
    expect(fake.requests).toHaveLength(2);
    expect(logged.entries).toMatchObject([{ level: 'warn', details: { attempt: 1 } }]);
  });

  it('keeps the ideas streamed before a bad one and asks the retry only for the rest', async () => {
    const broken = [
      ideaFor('linkedin', 1),
      ideaFor('instagram', 2),
      ideaFor('linkedin', 3),
      ideaFor('facebook', 4),
    ];
    fake.script({ text: answer(broken), chunks: 8 }, { text: validAnswer(SLOTS.slice(2)) });
    const seen: GeneratedIdea[] = [];
    const ideas = await provider.generateIdeas(input, { onIdea: (idea) => seen.push(idea) });
    expect(ideas.map((idea) => idea.platform)).toEqual(SLOTS);
    expect(seen).toEqual(ideas);
    expect(fake.requests).toHaveLength(2);
    const retry = JSON.stringify(fake.requests[1]?.body.messages);
    expect(retry).toContain('Write 3 social media posts');
    expect(retry).toContain('previousPosts');
    expect(retry).toContain('Idea 2: our rhubarb tarts');
  });

  it('counts an X post over 280 weighted characters as unusable', async () => {
    // 144 code points, but each pie emoji weighs 2 on X: 281 with the text.
    const tooLong = SLOTS.map((platform, i) => ({
      ...ideaFor(platform, i + 1),
      content: `Tarts! ${'🥧'.repeat(137)}`,
    }));
    fake.script({ text: answer(tooLong) }, { text: validAnswer(SLOTS.slice(2)) });
    const ideas = await provider.generateIdeas(input);
    expect(ideas.map((idea) => idea.platform)).toEqual(SLOTS);
    expect(logged.entries[0]?.details).toMatchObject({
      problem: expect.stringMatching(/^idea 3: \d+ characters, twitter allows 280$/),
    });
  });

  it('fails with invalid-output after two unusable answers (too few ideas, then an empty one)', async () => {
    const empty = { ...ideaFor('linkedin', 5), content: '  ' };
    fake.script({ text: validAnswer(SLOTS.slice(0, 4)) }, { text: answer([empty]) }, { text: validAnswer() });
    const error = await failureOf(provider.generateIdeas(input));
    expect(error.kind).toBe('invalid-output');
    expect(error.message).toBe(generationMessages.failed);
    expect(fake.requests).toHaveLength(2);
    expect(logged.entries.map((entry) => entry.details)).toMatchObject([
      { attempt: 1, problem: 'only 4 of 5 ideas' },
      { attempt: 2, problem: 'idea 5: empty content' },
    ]);
  });

  it('times out after AI_TIMEOUT_SECONDS with a timeout error', async () => {
    fake.script({ stallMs: 5_000, text: validAnswer() });
    const started = Date.now();
    const error = await failureOf(build({ timeoutMs: TIMEOUT_MS }).generateIdeas(input));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(generationMessages.timedOut);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('reports a refused key as unavailable, without the key in the message or the log', async () => {
    const error = await failureOf(build({ apiKey: WRONG_KEY }).generateIdeas(input));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(generationMessages.unavailable);
    const operatorMessage = `The AI provider refused the request (401). Check ${adapter.keySetting}.`;
    expect((error.cause as Error).message).toBe(operatorMessage);
    expect(logged.entries).toMatchObject([
      { level: 'error', message: operatorMessage, details: { status: 401 } },
    ]);
    expect(JSON.stringify(logged.entries) + error.message).not.toContain(WRONG_KEY);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a provider failure (500) as unavailable, without retrying it', async () => {
    fake.script({ status: 500, message: 'The server had an error' }, { text: validAnswer() });
    const error = await failureOf(provider.generateIdeas(input));
    expect(error.kind).toBe('unavailable');
    expect(logged.entries).toMatchObject([{ level: 'warn', message: 'The AI provider failed (500).' }]);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a server that cannot be reached as unavailable', async () => {
    const closedPort = await freePort();
    const error = await failureOf(
      build({ baseUrl: `http://127.0.0.1:${closedPort}/v1` }).generateIdeas(input),
    );
    expect(error.kind).toBe('unavailable');
    expect(logged.entries[0]?.message).toMatch(
      /^Could not reach the AI provider at http:\/\/127\.0\.0\.1:\d+\/v1\//,
    );
  });

  it('gives the caller its own abort reason when the caller cancels', async () => {
    fake.script({ stallMs: 5_000, text: validAnswer() });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(provider.generateIdeas(input, { signal: controller.signal })).rejects.toThrow(
      'client went away',
    );
  });
});

describe('openai-compatible server without structured outputs', () => {
  it('drops the response_format it refuses and reads the JSON from the answer text', async () => {
    const fake = await startOpenAiFake({ refuseResponseFormat: true });
    const { log, entries } = recordingLog();
    const config: AiConfig = {
      provider: 'openai-compatible',
      model: 'local-model',
      baseUrl: fake.baseUrl,
      apiKey: undefined,
      timeoutMs: 5_000,
    };
    const provider = createAiProvider(config, { offline: () => expect.unreachable(), log });
    try {
      fake.script({ text: `Here you go:\n\`\`\`json\n${validAnswer()}\n\`\`\`` }, { text: validAnswer() });
      expect(await provider.generateIdeas(input)).toHaveLength(SLOTS.length);
      expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', undefined]);
      expect(fake.requests[0]?.headers.authorization).toBeUndefined();
      expect(entries).toMatchObject([
        { level: 'warn', message: expect.stringContaining('instructions only') },
      ]);

      fake.script({ text: validAnswer() });
      expect(await provider.generateIdeas(input)).toHaveLength(SLOTS.length);
      expect(fake.requests.map((r) => r.body.response_format)).toEqual([undefined]);
    } finally {
      await fake.close();
    }
  });
});

describe('createAiProvider', () => {
  const base = { baseUrl: undefined, apiKey: undefined, timeoutMs: 1_000 };
  const offline = new ScriptedWriter() as AiProvider;
  const deps = { offline: () => offline, log: recordingLog().log };

  it('returns the offline composer for provider offline', () => {
    expect(createAiProvider({ ...base, provider: 'offline', model: undefined }, deps)).toBe(offline);
  });

  it('refuses a real provider without its key rather than reading the environment', () => {
    const config: AiConfig = { ...base, provider: 'anthropic', model: 'claude-haiku-4-5' };
    expect(() => createAiProvider(config, deps)).toThrow('ANTHROPIC_API_KEY is required');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
