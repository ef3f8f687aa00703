import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../contracts/posts';
import { failureCode, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { samplePost } from '../../../test-support/sample-post';
import { generateContent, STREAM_CUT_MESSAGE } from './generate-content';

function post(id: string, platform: Post['platform'] = 'linkedin'): Post {
  return samplePost({
    id,
    platform,
    content: `Idea ${id}`,
    tone: 'professional',
    contentType: 'promotional',
    hashtags: ['SmallBusiness'],
    bestTimeToPost: 'Weekdays 9–11 AM',
    estimatedReach: 1200,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
}

const generator = { name: 'offline composer', sandbox: true };

/** An NDJSON answer delivered in the given chunks (split anywhere, even inside a line). */
function ndjson(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}

function answerWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('generateContent', () => {
  it('hands each streamed idea over as it arrives, then returns the whole answer', async () => {
    const a = post('ai_1');
    const b = post('ai_2', 'twitter');
    const lines = [
      JSON.stringify({ type: 'post', post: a }),
      JSON.stringify({ type: 'post', post: b }),
      JSON.stringify({ type: 'done', response: { posts: [a, b], generator } }),
    ].join('\n');
    // Cut the stream in awkward places: mid-line and mid-character.
    const fetchMock = answerWith(ndjson([lines.slice(0, 17), lines.slice(17, 400), `${lines.slice(400)}\n`]));
    const seen: string[] = [];
    const answer = await generateContent({
      request: { tone: 'casual' },
      signedIn: false,
      onPost: (p) => seen.push(p.id),
    });
    expect(seen).toEqual(['ai_1', 'ai_2']);
    expect(answer.posts.map((p) => p.id)).toEqual(['ai_1', 'ai_2']);
    expect(answer.generator).toEqual(generator);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/generate-content');
    expect(new Headers(init?.headers).get('accept')).toBe('application/x-ndjson');
  });

  it('signed in, calls the user endpoint', async () => {
    const fetchMock = answerWith(
      new Response(JSON.stringify({ posts: [post('p1')], generator }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const seen: string[] = [];
    await generateContent({ request: {}, signedIn: true, onPost: (p) => seen.push(p.id) });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/generate-content');
    // A plain JSON answer still shows its ideas.
    expect(seen).toEqual(['p1']);
  });

  it('turns an error event into a failure with its code and message', async () => {
    answerWith(
      ndjson([
        `${JSON.stringify({ type: 'post', post: post('p1') })}\n`,
        `${JSON.stringify({ type: 'error', status: 504, code: 'upstream_timeout', message: 'The AI writer took too long.' })}\n`,
      ]),
    );
    const error = await generateContent({ request: {}, signedIn: true }).catch((e: unknown) => e);
    expect(failureCode(error)).toBe('upstream_timeout');
    expect(failureMessage(error, 'fallback')).toBe('The AI writer took too long.');
  });

  it('fails when the stream ends without its last event', async () => {
    answerWith(ndjson([`${JSON.stringify({ type: 'post', post: post('p1') })}\n`]));
    const error = await generateContent({ request: {}, signedIn: true }).catch((e: unknown) => e);
    expect(failureMessage(error, 'fallback')).toBe(STREAM_CUT_MESSAGE);
    expect(failureCode(error)).toBe('upstream_failed');
  });

  it('reads the message of a refusal, and keeps 401 recognisable for the app', async () => {
    const message = 'You have used all AI credits of your plan this month.';
    answerWith(new Response(JSON.stringify({ error: { code: 'plan_limit', message } }), { status: 402 }));
    const refused = await generateContent({ request: {}, signedIn: true }).catch((e: unknown) => e);
    expect(failureCode(refused)).toBe('plan_limit');
    expect(failureMessage(refused, 'fallback')).toBe(message);

    answerWith(
      new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Please sign in.' } }), {
        status: 401,
      }),
    );
    const unauthorized = await generateContent({ request: {}, signedIn: true }).catch((e: unknown) => e);
    expect(isUnauthorized(unauthorized)).toBe(true);
  });
});
