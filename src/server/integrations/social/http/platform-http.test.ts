import { describe, expect, it } from 'vitest';
import { SocialPlatformError, TransientPlatformError, UnknownOutcomeError } from '../social-provider';
import { answerReader } from './parse-answer';
import { createPlatformHttp, type PlatformHttpOptions } from './platform-http';
import type { PlatformErrors } from './transport-error';

type Operation = 'read' | 'publish';

/** A platform whose refused answers become errors that carry what the mapper was given. */
class Refused extends SocialPlatformError {
  constructor(
    readonly answer: { operation: Operation; status: number; body: unknown; retryAfter: string | null },
  ) {
    super('twitter', `refused ${answer.status}`);
  }
}
const errors: PlatformErrors<Operation> = {
  platform: 'twitter',
  name: 'Example',
  repeatable: new Set(['read']),
  fromAnswer: ({ operation, status, body, headers }) =>
    new Refused({ operation, status, body, retryAfter: headers.get('retry-after') }),
};

function client(fetch: typeof globalThis.fetch, more: Partial<PlatformHttpOptions<Operation>> = {}) {
  return createPlatformHttp({ errors, fetch, timeoutMs: 200, ...more });
}
const answering =
  (body: string, init: ResponseInit = {}) =>
  async () =>
    new Response(body, init);
/** A fetch that fails the way undici does: a TypeError whose cause carries the system code. */
const failing = (code: string) => async () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
};
const never = () => new Promise<Response>(() => {});

describe('createPlatformHttp', () => {
  it('answers the JSON body, the status and the headers', async () => {
    const call = client(answering('{"id":"1"}', { status: 201, headers: { 'x-id': 'urn:1' } }));
    const answer = await call('publish', 'https://api.example/posts', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: '1' });
    expect(answer.headers.get('x-id')).toBe('urn:1');
  });

  it('sends accept: application/json unless the call says otherwise, and never follows redirects', async () => {
    const seen: RequestInit[] = [];
    const call = client(async (_url, init) => {
      seen.push(init ?? {});
      return new Response('{}');
    });
    await call('read', 'https://api.example/me', { method: 'GET', headers: { authorization: 'Bearer t' } });
    await call('read', 'https://api.example/me', { method: 'GET', headers: { accept: 'text/plain' } });
    expect(seen[0]?.headers).toEqual({ accept: 'application/json', authorization: 'Bearer t' });
    expect(seen[1]?.headers).toEqual({ accept: 'text/plain' });
    expect(seen.every((init) => init.redirect === 'manual')).toBe(true);
  });

  it('an empty body is null, unless the platform always sends one', async () => {
    expect((await client(answering(''))('read', 'https://api.example/x', { method: 'GET' })).body).toBeNull();
    const strict = client(answering('', { status: 200 }), { bodyRequired: true });
    await expect(strict('read', 'https://api.example/x', { method: 'GET' })).rejects.toThrow(
      'Example answered 200 with a body that is not JSON',
    );
  });

  it('a success whose body is not JSON is a failure that says so', async () => {
    const call = client(answering('<html>maintenance</html>'));
    await expect(call('read', 'https://api.example/x', { method: 'GET' })).rejects.toThrow(
      'Example answered 200 with a body that is not JSON',
    );
  });

  it("hands a refused answer to the platform's mapper with its operation, status, headers and body", async () => {
    const call = client(
      answering('{"error":"slow down"}', { status: 429, headers: { 'retry-after': '30' } }),
    );
    const error = await call('publish', 'https://api.example/posts', { method: 'POST' }).catch((e) => e);
    expect(error).toBeInstanceOf(Refused);
    expect(error.answer).toEqual({
      operation: 'publish',
      status: 429,
      body: { error: 'slow down' },
      retryAfter: '30',
    });
  });

  it("a call's own accept takes a status as an answer (a 404 that means deleted)", async () => {
    const call = client(answering('', { status: 404 }));
    const answer = await call('read', 'https://api.example/posts/1', {
      method: 'GET',
      accept: (status) => status === 404,
    });
    expect(answer).toMatchObject({ status: 404, body: null });
  });

  it("the platform's own success rule can refuse an error under a 200", async () => {
    const call = client(answering('{"error":{"message":"bad"}}'), {
      succeeded: (status, body) =>
        status === 200 && !(typeof body === 'object' && body !== null && 'error' in body),
    });
    await expect(call('read', 'https://api.example/x', { method: 'GET' })).rejects.toBeInstanceOf(Refused);
  });

  it('a refused connection or an unknown host sent nothing: a retry, whatever the call was', async () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
      const error = await client(failing(code))('publish', 'https://api.example/posts', {
        method: 'POST',
      }).catch((e) => e);
      expect(error).toBeInstanceOf(TransientPlatformError);
      expect(error.message).toBe('Example could not be reached; nothing was sent.');
    }
  });

  it('a connection that broke after sending is an unknown outcome for a publish, a retry for a read', async () => {
    const call = client(failing('ECONNRESET'));
    const publish = await call('publish', 'https://api.example/posts', { method: 'POST' }).catch((e) => e);
    expect(publish).toBeInstanceOf(UnknownOutcomeError);
    expect(publish.message).toBe(
      'The connection to Example broke before it answered; it may or may not have done it.',
    );
    const read = await call('read', 'https://api.example/me', { method: 'GET' }).catch((e) => e);
    expect(read).toBeInstanceOf(TransientPlatformError);
  });

  it('times out a fetch that never answers, even one that ignores the abort signal', async () => {
    const error = await client(never)('publish', 'https://api.example/posts', { method: 'POST' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toBe('Example did not answer within 0 s; it may or may not have done it.');
  });

  it('the deadline covers the body: headers in time and a body that never ends still time out', async () => {
    const endless = async () => new Response(new ReadableStream({ start() {} }), { status: 200 });
    const error = await client(endless)('read', 'https://api.example/feed', { method: 'GET' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(TransientPlatformError);
    expect(error.message).toMatch(/did not answer within/);
  });
});

describe('answerReader', () => {
  const parse = answerReader('linkedin', 'LinkedIn');
  it('answers the parsed value, or names the platform and what did not match', async () => {
    const { z } = await import('zod');
    const schema = z.object({ id: z.string() });
    expect(parse(schema, { id: 'urn:1' }, 'post')).toEqual({ id: 'urn:1' });
    const error = (() => {
      try {
        parse(schema, { id: 1 }, 'post');
      } catch (e) {
        return e;
      }
    })() as SocialPlatformError;
    expect(error).toBeInstanceOf(SocialPlatformError);
    expect(error.platform).toBe('linkedin');
    expect(error.message).toMatch(/^LinkedIn answered with an unexpected post: /);
  });
});
