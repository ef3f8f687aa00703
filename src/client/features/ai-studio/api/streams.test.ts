import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiPlan, AiPlanItem } from '../../../../contracts/ai-plan';
import { failureCode, failureMessage } from '../../../lib/api-client';
import { PLAN_CUT_MESSAGE, planMonth } from './plan-month';
import { rewriteText } from './rewrite-text';

/** An NDJSON answer delivered in the given chunks (split anywhere, even inside a line). */
function ndjson(lines: unknown[], cut = 7): Response {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < text.length; at += cut)
        controller.enqueue(encoder.encode(text.slice(at, at + cut)));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}

function answerWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const result = {
  text: 'Short.',
  hashtags: ['Cafe'],
  problems: [],
  generator: 'offline composer',
  sandbox: true,
};

describe('rewriteText', () => {
  it('hands over each piece of text, clears on a retry, and returns the result', async () => {
    const fetchMock = answerWith(
      ndjson([
        { type: 'text', delta: 'Too ' },
        { type: 'retry', reason: 'Too long for X' },
        { type: 'text', delta: 'Short.' },
        { type: 'done', result },
      ]),
    );
    const seen: string[] = [];
    const answer = await rewriteText({
      body: { action: 'shorten', text: 'A long text.' },
      onText: (delta) => seen.push(delta),
      onRetry: (reason) => seen.push(`retry: ${reason}`),
    });
    expect(answer).toEqual(result);
    expect(seen).toEqual(['Too ', 'retry: Too long for X', 'Short.']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/ai/rewrite');
    expect(new Headers(init?.headers).get('accept')).toBe('application/x-ndjson');
  });

  it('turns an error told inside the stream into the same failure as a plain one', async () => {
    answerWith(
      ndjson([
        { type: 'text', delta: 'Buy cheap' },
        {
          type: 'error',
          status: 502,
          code: 'upstream_failed',
          message: 'The AI writer kept using a banned word ("cheap"). Your text was left as it was.',
        },
      ]),
    );
    const failure = await rewriteText({ body: { action: 'rewrite', text: 'x' } }).catch((error) => error);
    expect(failureCode(failure)).toBe('upstream_failed');
    expect(failureMessage(failure, '')).toContain('banned word ("cheap")');
  });

  it('reads a plain JSON answer too', async () => {
    answerWith(Response.json(result));
    await expect(rewriteText({ body: { action: 'grammar', text: 'x' } })).resolves.toEqual(result);
  });
});

const item = (position: number): AiPlanItem => ({
  id: `00000000-0000-4000-8000-00000000000${position}`,
  position,
  platform: 'twitter',
  socialAccountId: null,
  plannedAt: `2026-12-0${position}T10:00:00Z`,
  contentType: 'educational',
  occasion: null,
  content: `Post ${position}`,
  hashtags: [],
  thread: [],
  suggestedImagePrompt: '',
  problems: [],
  brandFindings: [],
  postId: null,
});

describe('planMonth', () => {
  const body = {
    goal: 'Fill the classes',
    startsOn: '2026-12-01',
    weeks: 1,
    networks: [{ platform: 'twitter' as const, postsPerWeek: 2 }],
  };

  it('reports each item and the progress, then returns the plan', async () => {
    const plan: AiPlan = {
      id: 'plan-1',
      status: 'ready',
      startsOn: '2026-12-01',
      weeks: 1,
      timeZone: 'Europe/Berlin',
      plannedCount: 2,
      writtenCount: 2,
      notice: null,
      generator: 'offline composer',
      sandbox: true,
      items: [item(1), item(2)],
    };
    answerWith(
      ndjson([
        { type: 'item', item: item(1) },
        { type: 'progress', written: 1, total: 2 },
        { type: 'item', item: item(2) },
        { type: 'progress', written: 2, total: 2 },
        { type: 'done', plan },
      ]),
    );
    const events: string[] = [];
    const answer = await planMonth({
      body,
      onItem: (written) => events.push(written.content),
      onProgress: (written, total) => events.push(`${written}/${total}`),
    });
    expect(answer.items).toHaveLength(2);
    expect(events).toEqual(['Post 1', '1/2', 'Post 2', '2/2']);
  });

  it('says the plan was cut when the stream ends before the last line', async () => {
    answerWith(ndjson([{ type: 'item', item: item(1) }]));
    const failure = await planMonth({ body }).catch((error) => error);
    expect(failureMessage(failure, '')).toBe(PLAN_CUT_MESSAGE);
  });
});
