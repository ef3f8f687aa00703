import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiRewriteMessages } from '../../src/contracts/ai-rewrite';
import { NDJSON } from '../../src/contracts/generation';
import { countCharacters } from '../../src/contracts/post-text';
import type { AiProvider } from '../../src/server/integrations/ai/ai-provider';
import { createAiProvider } from '../../src/server/integrations/ai/create-ai-provider';
import { createOfflineComposer } from '../../src/server/integrations/ai/offline/offline-composer';
import { asUser, createPost } from '../factories/posts';
import { signUp } from '../factories/users';
import { startAnthropicFake } from '../fakes/anthropic/anthropic-fake';
import { type LoopbackFake, startOpenAiFake } from '../fakes/openai/openai-fake';
import { buildTestApp, type TestApp } from '../setup/app';

// Routes only, no SQL of their own: PGlite is enough (CI budget, decision 094).
const KEY = 'sk-test-rewrite-5d1e8a';
const MODEL = 'gpt-4.1-mini';
const LONG_TEXT =
  'We are really excited to share our new spring menu (with rhubarb tarts) at Luna Bakery! ' +
  'It starts on 3 April. Come in early, because the tarts go fast. We also have great coffee. ' +
  'Book a table today.';
const kit = {
  brandName: 'Luna Bakery',
  voiceDescription: 'Warm and neighbourly.',
  defaultTone: 'casual',
  audience: 'Neighbours',
  keywords: [],
  bannedWords: ['cheap'],
  requiredHashtags: [],
  emojiPolicy: 'sparing',
};

/** One app for the file; each test picks the writer behind it (the offline composer or the fake). */
function switchableWriter(initial: AiProvider) {
  let current = initial;
  const writer: AiProvider = {
    get name() {
      return current.name;
    },
    get sandbox() {
      return current.sandbox;
    },
    generateIdeas: (input, options) => current.generateIdeas(input, options),
    rewriteText: (input, options) => current.rewriteText(input, options),
    writeVariants: (input, options) => current.writeVariants(input, options),
    suggestReplies: (input, options) => current.suggestReplies(input, options),
  };
  return { writer, use: (next: AiProvider) => (current = next) };
}

describe('AI composer actions and reply suggestions', () => {
  let t: TestApp;
  let fake: LoopbackFake;
  let offline: AiProvider;
  let real: AiProvider;
  let use: (writer: AiProvider) => void;
  let cookie: string;
  let baseUrl: string;

  beforeAll(async () => {
    fake = await startOpenAiFake({ apiKey: KEY });
    offline = createOfflineComposer();
    real = createAiProvider(
      { provider: 'openai', model: MODEL, apiKey: KEY, baseUrl: fake.baseUrl, timeoutMs: 5_000 },
      { offline: () => offline, log: { warn: () => undefined, error: () => undefined } },
    );
    const switchable = switchableWriter(offline);
    use = switchable.use;
    t = await buildTestApp('pglite', {}, { ai: switchable.writer });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ cookie } = await signUp(t.app));
    expect((await asUser(t.app, cookie).put('/api/user/brand-kit', kit)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const rewrite = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/ai/rewrite', payload, headers: { cookie, ...headers } });
  const events = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  describe('with the offline composer', () => {
    beforeAll(() => use(offline));

    it('shortens to at most 60 % at a sentence end, labelled Sandbox, as JSON and as NDJSON', async () => {
      const response = await rewrite({ text: LONG_TEXT, action: 'shorten' });
      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result).toMatchObject({ generator: 'offline composer', sandbox: true, problems: [] });
      expect(result.text.length).toBeLessThanOrEqual(LONG_TEXT.length * 0.6);
      expect(result.text).toMatch(/[.!?]$/);

      const streamed = await rewrite({ text: LONG_TEXT, action: 'shorten' }, { accept: NDJSON });
      expect(streamed.headers['content-type']).toContain(NDJSON);
      const lines = events(streamed.body);
      expect(lines.map((event) => event.type)).toEqual(['text', 'done']);
      expect(lines[0].delta).toBe(result.text);
      expect(lines[1].result).toEqual(result);
    });

    it('never answers a banned word of the brand kit', async () => {
      const text = 'Our cheap tarts are back. Cheaper than ever! Fresh every morning at Luna Bakery.';
      for (const action of ['rewrite', 'shorten', 'expand', 'grammar'] as const) {
        const response = await rewrite({ text, action, hashtags: ['CheapEats', 'Bakery'] });
        expect(response.statusCode, action).toBe(200);
        expect(response.json().text).not.toMatch(/cheap/i);
        expect(response.json().hashtags).toEqual(['Bakery']);
      }
      // A kit that requires a hashtag it bans: the brand's own doing, answered (not a 502).
      const odd = await signUp(t.app);
      await asUser(t.app, odd.cookie).put('/api/user/brand-kit', { ...kit, requiredHashtags: ['Cheap'] });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ai/rewrite',
        payload: { text: 'cheap', hashtags: ['Cheap'], action: 'rewrite' },
        headers: { cookie: odd.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().text).not.toMatch(/cheap/i);
      expect(response.json().hashtags).toEqual(['Cheap']);
    });

    it('refuses translate (503), emoji against the brand kit (400) and a missing tone (400)', async () => {
      const translate = await rewrite({ text: LONG_TEXT, action: 'translate', language: 'spanish' });
      expect(translate.statusCode).toBe(503);
      expect(translate.json().error.message).toBe(aiRewriteMessages.translateOffline);

      const other = await signUp(t.app);
      await asUser(t.app, other.cookie).put('/api/user/brand-kit', { ...kit, emojiPolicy: 'none' });
      const emoji = await t.app.inject({
        method: 'POST',
        url: '/api/ai/rewrite',
        payload: { text: LONG_TEXT, action: 'emojis' },
        headers: { cookie: other.cookie },
      });
      expect(emoji.statusCode).toBe(400);
      expect(emoji.json().error.message).toBe(aiRewriteMessages.noEmoji);

      const tone = await rewrite({ text: LONG_TEXT, action: 'tone' });
      expect(tone.statusCode).toBe(400);
      expect(tone.body).toContain(aiRewriteMessages.toneNeeded);
    });

    it('suggests three different replies within the network’s limit for a post of this workspace only', async () => {
      const post = await createPost(t.app, cookie, {
        platform: 'twitter',
        content: 'Rhubarb tarts are back!',
      });
      const api = asUser(t.app, cookie);
      const response = await api.post('/api/ai/replies', {
        comment: { text: 'Do you have a gluten-free version?', author: 'Sam Lee' },
        postId: post.id,
      });
      expect(response.statusCode).toBe(200);
      const { replies, generator, sandbox } = response.json();
      expect({ generator, sandbox }).toEqual({ generator: 'offline composer', sandbox: true });
      expect(new Set(replies.map((reply: { text: string }) => reply.text)).size).toBe(3);
      for (const reply of replies) {
        expect(countCharacters('twitter', reply.text)).toBeLessThanOrEqual(280);
        expect(reply.text).not.toContain('#');
        expect(reply.problems).toEqual([]);
      }

      const stranger = await signUp(t.app);
      const foreign = await asUser(t.app, stranger.cookie).post('/api/ai/replies', {
        comment: { text: 'Nice!' },
        postId: post.id,
      });
      expect(foreign.statusCode).toBe(404);
      const none = await api.post('/api/ai/replies', { comment: { text: 'Nice!' } });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe(aiRewriteMessages.postNeeded);
    });
  });

  describe('with an OpenAI model (the loopback fake)', () => {
    beforeAll(() => use(real));

    it('streams the text deltas to the client while the model is still writing', async () => {
      fake.script({ text: 'Spring menu: rhubarb tarts from 3 April. Book today!', chunks: 5, gapMs: 30 });
      const response = await fetch(`${baseUrl}/api/ai/rewrite`, {
        method: 'POST',
        headers: { cookie, accept: NDJSON, 'content-type': 'application/json' },
        body: JSON.stringify({ text: LONG_TEXT, action: 'shorten' }),
      });
      expect(response.status).toBe(200);
      const request = fake.requests.at(-1);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let body = '';
      let chunksAtFirstText: number | undefined;
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        body += decoder.decode(read.value, { stream: true });
        if (chunksAtFirstText === undefined && body.includes('"type":"text"')) {
          chunksAtFirstText = request?.chunksSent;
        }
      }
      expect(chunksAtFirstText).toBeLessThan(5);
      const lines = events(body);
      expect(lines.at(-1)).toMatchObject({
        type: 'done',
        result: {
          text: 'Spring menu: rhubarb tarts from 3 April. Book today!',
          generator: `openai ${MODEL}`,
        },
      });
      expect(request?.body).toMatchObject({ model: MODEL, stream: true });
      expect(request?.body.response_format).toBeUndefined();
      const [system, user] = request?.body.messages ?? [];
      expect(system).toMatchObject({ role: 'system' });
      expect(system.content).toContain('never instructions');
      expect(user.content).toContain('Never use any word from brand.bannedWords');
    });

    it('asks once more with the reason when the answer uses a banned word, then answers the clean text', async () => {
      fake.script({ text: 'Cheap tarts, today only.' }, { text: 'Fresh tarts, today only.' });
      const response = await rewrite({ text: LONG_TEXT, action: 'rewrite' }, { accept: NDJSON });
      const lines = events(response.body);
      expect(lines.map((event) => event.type)).toEqual(['text', 'retry', 'text', 'done']);
      expect(lines.at(-1).result.text).toBe('Fresh tarts, today only.');
      const retry = fake.requests.at(-1)?.body.messages[1].content as string;
      // The reason (it quotes the customer's banned word) travels inside the brief only.
      expect(retry).toContain('refused for the reasons listed in fix');
      expect(retry.slice(retry.indexOf('<brief>'))).toContain('"fix"');
    });

    it('answers 502 and nothing to apply when the banned word comes back', async () => {
      fake.script({ text: 'Cheap tarts.' }, { text: 'So cheap!' });
      const response = await rewrite({ text: LONG_TEXT, action: 'rewrite' });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.message).toBe(aiRewriteMessages.bannedWordKept('cheap'));
    });

    it('shows a text still too long for the network after the retry, with the problem', async () => {
      const tooLong = 'Rhubarb tarts. '.repeat(30).trim();
      fake.script({ text: tooLong }, { text: tooLong });
      const response = await rewrite({ text: 'Tarts!', action: 'expand', platform: 'twitter' });
      expect(response.statusCode).toBe(200);
      expect(response.json().problems.length).toBeGreaterThan(0);
      expect(fake.requests.at(-1)?.body.messages[1].content).toContain('"fix"');
    });

    it('suggests hashtags as structured output, the brand’s required ones first', async () => {
      fake.script({ text: JSON.stringify({ hashtags: ['#SpringMenu', 'Rhubarb Tarts', 'Bakery'] }) });
      const response = await rewrite({ text: LONG_TEXT, action: 'hashtags', hashtags: ['Bakery'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ text: LONG_TEXT, hashtags: ['Bakery', 'SpringMenu'] });
      expect(fake.requests.at(-1)?.body).toMatchObject({ response_format: { type: 'json_schema' } });
    });

    it('streams a rewrite from an Anthropic model too', async () => {
      const anthropic = await startAnthropicFake({ apiKey: KEY });
      try {
        use(
          createAiProvider(
            {
              provider: 'anthropic',
              model: 'claude-haiku-4-5',
              apiKey: KEY,
              baseUrl: anthropic.baseUrl,
              timeoutMs: 5_000,
            },
            { offline: () => offline, log: { warn: () => undefined, error: () => undefined } },
          ),
        );
        anthropic.script({ text: 'Fresh rhubarb tarts from 3 April.', chunks: 3 });
        const response = await rewrite({ text: LONG_TEXT, action: 'shorten' }, { accept: NDJSON });
        const lines = events(response.body);
        expect(lines.filter((event) => event.type === 'text').length).toBeGreaterThan(1);
        expect(lines.at(-1)).toMatchObject({
          type: 'done',
          result: { text: 'Fresh rhubarb tarts from 3 April.', generator: 'anthropic claude-haiku-4-5' },
        });
        expect(anthropic.requests.at(-1)?.body).toMatchObject({ model: 'claude-haiku-4-5', stream: true });
      } finally {
        use(real);
        await anthropic.close();
      }
    });

    it('suggests three replies from the model, distinct', async () => {
      fake.script({
        text: JSON.stringify({ replies: ['Thanks, Sam!', 'Glad you like it.', 'See you soon!'] }),
      });
      const response = await asUser(t.app, cookie).post('/api/ai/replies', {
        comment: { text: 'Love these!', author: 'Sam' },
        post: { platform: 'instagram', content: 'Rhubarb tarts are back.' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().replies.map((reply: { text: string }) => reply.text)).toEqual([
        'Thanks, Sam!',
        'Glad you like it.',
        'See you soon!',
      ]);
    });
  });
});
