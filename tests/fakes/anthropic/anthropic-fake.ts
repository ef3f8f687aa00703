import type { ServerResponse } from 'node:http';
import {
  type FakeReply,
  type LoopbackFake,
  type RecordedRequest,
  sendJson,
  sleep,
  splitText,
  stall,
  startLoopbackFake,
} from '../openai/openai-fake';

/*
 * A loopback Anthropic Messages server (POST /v1/messages), as documented at
 * docs.anthropic.com/en/api/messages and /en/docs/build-with-claude/streaming: `x-api-key` and
 * `anthropic-version` headers, `max_tokens` required, and with `stream: true` the event sequence
 * message_start, content_block_start, (ping,) content_block_delta..., content_block_stop,
 * message_delta, message_stop. Errors are `{type: 'error', error: {type, message}}`.
 *
 * Structured output comes back the way it was asked for: as text when the request carries
 * `output_config.format` (native structured outputs), or as the input of a `tool_use` block,
 * streamed as `input_json_delta`, when it forces a tool (the SDK's `json` tool on older models).
 */

export interface AnthropicFakeOptions {
  apiKey: string;
}

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function startAnthropicFake(options: AnthropicFakeOptions): Promise<LoopbackFake> {
  return startLoopbackFake((request, nextReply, res) => answerMessages(options, request, nextReply, res));
}

async function answerMessages(
  options: AnthropicFakeOptions,
  request: RecordedRequest,
  nextReply: () => FakeReply | undefined,
  res: ServerResponse,
): Promise<void> {
  const { path, headers, body } = request;
  const fail = (status: number, message: string) =>
    sendJson(res, status, { type: 'error', error: { type: errorTypes[status] ?? 'api_error', message } });
  if (path !== '/v1/messages') return fail(404, `Not found: ${path}`);
  if (headers['x-api-key'] !== options.apiKey) return fail(401, 'invalid x-api-key');
  if (typeof headers['anthropic-version'] !== 'string')
    return fail(400, 'anthropic-version: header is required');
  const problem = messagesRequestProblem(body);
  if (problem) return fail(400, problem);
  const reply = nextReply();
  if (!reply) return fail(500, 'The fake has no scripted reply for this request');
  if ('status' in reply) return fail(reply.status, reply.message);
  if ('stallMs' in reply) await stall(res, reply.stallMs);
  if (res.destroyed) return;

  // A forced tool: `any` (the SDK's choice) or one named tool.
  const forced = body.tool_choice?.type;
  const tool =
    forced === 'any'
      ? body.tools[0]
      : forced === 'tool'
        ? body.tools.find((t: { name: string }) => t.name === body.tool_choice.name)
        : undefined;
  const message = {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [] as unknown[],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 25, output_tokens: 1 },
  };
  const stopReason = tool ? 'tool_use' : 'end_turn';
  if (!body.stream) {
    message.content = [
      tool
        ? { type: 'tool_use', id: 'toolu_fake', name: tool.name, input: JSON.parse(reply.text) }
        : { type: 'text', text: reply.text },
    ];
    return sendJson(res, 200, {
      ...message,
      stop_reason: stopReason,
      usage: { input_tokens: 25, output_tokens: 50 },
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: object) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', { type: 'message_start', message });
  send('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: tool
      ? { type: 'tool_use', id: 'toolu_fake', name: tool.name, input: {} }
      : { type: 'text', text: '' },
  });
  send('ping', { type: 'ping' });
  for (const piece of splitText(reply.text, 'chunks' in reply ? reply.chunks : 1)) {
    if (res.destroyed) return;
    const delta = tool
      ? { type: 'input_json_delta', partial_json: piece }
      : { type: 'text_delta', text: piece };
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta });
    request.chunksSent++;
    if ('gapMs' in reply && reply.gapMs) await sleep(reply.gapMs);
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 50 },
  });
  send('message_stop', { type: 'message_stop' });
  res.end();
}

/** What the Messages API would refuse with a 400. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON body
function messagesRequestProblem(body: any): string | undefined {
  if (typeof body?.model !== 'string' || body.model === '') return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return 'messages: at least one message is required';
  if (body.messages[0].role !== 'user') return 'messages: first message must use the "user" role';
  for (const message of body.messages) {
    if (!['user', 'assistant'].includes(message?.role)) return `messages: unexpected role "${message?.role}"`;
  }
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) {
    return 'system: Input should be a valid string or list of text blocks';
  }
  const format = body.output_config?.format;
  if (format !== undefined && (format.type !== 'json_schema' || format.schema?.type !== 'object')) {
    return 'output_config.format: must be a json_schema with an object schema';
  }
  if (body.tool_choice !== undefined) {
    if (!Array.isArray(body.tools) || body.tools.length === 0) return 'tool_choice: requires tools';
    for (const tool of body.tools) {
      if (typeof tool.name !== 'string' || tool.input_schema?.type !== 'object') return 'tools: invalid tool';
    }
  }
  return undefined;
}
