import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/*
 * A loopback OpenAI Chat Completions server (POST /v1/chat/completions), as documented at
 * platform.openai.com/docs/api-reference/chat: Bearer auth, JSON or, with `stream: true`, server-sent
 * events of `chat.completion.chunk` objects ending in `data: [DONE]`; errors as
 * `{error: {message, type, param, code}}`. OpenAI-compatible servers (Ollama, vLLM, LM Studio) speak
 * the same protocol, so it stands in for them too. Each request gets the next scripted reply.
 *
 * Also POST /v1/images/generations (platform.openai.com/docs/api-reference/images/create): any
 * scripted `{text}` reply answers one real PNG of the requested size as `b64_json`.
 */

/** What the fake answers to one request. Shared with the Anthropic fake. */
export type FakeReply =
  /** The model writes this text, in `chunks` pieces, `gapMs` apart. */
  | { text: string; chunks?: number; gapMs?: number }
  /** Sends nothing for `ms`, then 200 with the text (longer than any timeout in the tests). */
  | { stallMs: number; text: string }
  /** An HTTP error in the provider's error shape. */
  | { status: number; message: string; code?: string };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON body, read by the tests' assertions
  body: any;
  /** Pieces of the scripted text written so far: proves a client read them while they came. */
  chunksSent: number;
}

export interface LoopbackFake {
  /** The base URL an adapter is configured with, ending in /v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues replies for the next requests; a request with none queued gets a 500. */
  script(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

export interface OpenAiFakeOptions {
  /** The key the fake accepts; undefined accepts requests without Authorization (local servers). */
  apiKey?: string;
  /** Answers 400 to any response_format, like a server without structured outputs. */
  refuseResponseFormat?: boolean;
}

export function startOpenAiFake(options: OpenAiFakeOptions = {}): Promise<LoopbackFake> {
  return startLoopbackFake((request, nextReply, res) => answerChat(options, request, nextReply, res));
}

async function answerChat(
  options: OpenAiFakeOptions,
  request: RecordedRequest,
  nextReply: () => FakeReply | undefined,
  res: ServerResponse,
): Promise<void> {
  const { path, headers, body } = request;
  const fail = (status: number, message: string, type: string, code: string | null = null) =>
    sendJson(res, status, { error: { message, type, param: null, code } });
  const images = path === '/v1/images/generations';
  if (path !== '/v1/chat/completions' && !images) {
    return fail(404, `Unknown path ${path}`, 'invalid_request_error');
  }
  if (options.apiKey !== undefined && headers.authorization !== `Bearer ${options.apiKey}`) {
    const sent = headers.authorization?.replace(/^Bearer /, '') ?? '';
    // OpenAI names the key it got in this message; the adapter must not pass it on.
    return fail(401, `Incorrect API key provided: ${sent}.`, 'invalid_request_error', 'invalid_api_key');
  }
  if (images) return answerImage(request, nextReply, res);
  const problem = chatRequestProblem(body);
  if (problem) return fail(400, problem, 'invalid_request_error');
  if (options.refuseResponseFormat && body.response_format) {
    return fail(400, "Unsupported parameter: 'response_format'", 'invalid_request_error');
  }
  // Requests refused above take no scripted reply: a refused one and its resend get the same.
  const reply = nextReply();
  if (!reply) return fail(500, 'The fake has no scripted reply for this request', 'server_error');
  if ('status' in reply)
    return fail(reply.status, reply.message, reply.status >= 500 ? 'server_error' : 'error');
  if ('stallMs' in reply) await stall(res, reply.stallMs);
  if (res.destroyed) return;

  const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model };
  if (!body.stream) {
    return sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finishReason: string | null = null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });
  const send = (data: object | string) =>
    res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  send(chunk({ role: 'assistant', content: '' }));
  for (const piece of splitText(reply.text, 'chunks' in reply ? reply.chunks : 1)) {
    if (res.destroyed) return;
    send(chunk({ content: piece }));
    request.chunksSent++;
    if ('gapMs' in reply && reply.gapMs) await sleep(reply.gapMs);
  }
  send(chunk({}, 'stop'));
  if (body.stream_options?.include_usage) {
    send({
      ...base,
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  }
  send('[DONE]');
  res.end();
}

/** The sizes each OpenAI image model takes (the API reference's `size`); other models: any WxH. */
const imageSizes: Array<[RegExp, string[]]> = [
  [/^(gpt-image-|chatgpt-image-)/, ['1024x1024', '1536x1024', '1024x1536', 'auto']],
  [/^dall-e-3/, ['1024x1024', '1792x1024', '1024x1792']],
  [/^dall-e-2/, ['256x256', '512x512', '1024x1024']],
];

async function answerImage(
  request: RecordedRequest,
  nextReply: () => FakeReply | undefined,
  res: ServerResponse,
): Promise<void> {
  const { body } = request;
  const fail = (status: number, message: string, code: string | null = null) =>
    sendJson(res, status, {
      error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code },
    });
  if (typeof body?.model !== 'string' || body.model === '')
    return fail(400, 'you must provide a model parameter');
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') return fail(400, "'prompt' is required");
  if (body.n !== undefined && body.n !== 1) return fail(400, 'The fake makes one image per request (n = 1)');
  const allowed = imageSizes.find(([pattern]) => pattern.test(body.model))?.[1];
  const size = /^(\d+)x(\d+)$/.exec(String(body.size ?? '1024x1024'));
  if (!size || (allowed && !allowed.includes(String(body.size ?? '1024x1024')))) {
    return fail(400, `Invalid value for 'size': ${body.size}. Supported: ${allowed?.join(', ')}`);
  }
  // gpt-image models always answer base64 and refuse the parameter.
  if (/^(gpt-image-|chatgpt-image-)/.test(body.model) && body.response_format !== undefined) {
    return fail(400, "Unknown parameter: 'response_format'.", 'unknown_parameter');
  }
  const reply = nextReply();
  if (!reply) return fail(500, 'The fake has no scripted reply for this request');
  if ('status' in reply) return fail(reply.status, reply.message, reply.code ?? null);
  if ('stallMs' in reply) await stall(res, reply.stallMs);
  if (res.destroyed) return;
  const png = await sharp({
    create: { width: Number(size[1]), height: Number(size[2]), channels: 3, background: '#3b82f6' },
  })
    .png()
    .toBuffer();
  sendJson(res, 200, {
    created: Math.floor(Date.now() / 1000),
    data: [{ b64_json: png.toString('base64') }],
  });
}

/** What OpenAI's API would refuse with a 400; an adapter that sends it fails its test. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON body
function chatRequestProblem(body: any): string | undefined {
  if (typeof body?.model !== 'string' || body.model === '') return 'you must provide a model parameter';
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return "'messages' must be a non-empty array";
  for (const message of body.messages) {
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(message?.role))
      return 'invalid message role';
    if (typeof message.content !== 'string' && !Array.isArray(message.content))
      return 'invalid message content';
  }
  const format = body.response_format;
  if (format === undefined) return undefined;
  if (format.type === 'json_object' || format.type === 'text') return undefined;
  if (format.type !== 'json_schema') return `Invalid value for 'response_format.type': ${format.type}`;
  const { name, schema } = format.json_schema ?? {};
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return 'Invalid json_schema.name';
  if (schema?.type !== 'object') return 'json_schema.schema must be an object schema';
  if (format.json_schema.strict === true && schema.additionalProperties !== false) {
    return "In strict mode, 'additionalProperties' must be false";
  }
  return undefined;
}

/** The HTTP plumbing both fakes share: listen on 127.0.0.1:0, record, hand out scripted replies. */
export async function startLoopbackFake(
  answer: (
    request: RecordedRequest,
    nextReply: () => FakeReply | undefined,
    res: ServerResponse,
  ) => Promise<void>,
): Promise<LoopbackFake> {
  const queue: FakeReply[] = [];
  const server = createServer(async (req, res) => {
    const request: RecordedRequest = {
      path: new URL(req.url ?? '/', 'http://fake').pathname,
      headers: req.headers,
      body: await readJson(req),
      chunksSent: 0,
    };
    fake.requests.push(request);
    try {
      await answer(request, () => queue.shift(), res);
    } finally {
      if (!res.writableEnded) res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: LoopbackFake = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: [],
    script: (...replies) => {
      queue.length = 0;
      queue.push(...replies);
      fake.requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function splitText(text: string, pieces = 1): string[] {
  const size = Math.ceil(text.length / Math.max(1, pieces)) || 1;
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits `ms` before answering, or until the client hangs up. */
export function stall(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
