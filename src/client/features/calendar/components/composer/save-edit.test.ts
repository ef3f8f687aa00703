import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../../contracts/posts';
import { samplePost } from '../../../../test-support/sample-post';
import { saveEdit } from './save-edit';

const id = '7d4f9c2e-1111-4a2b-9c3d-000000000001';

function post(overrides: Partial<Post>): Post {
  return samplePost({ id, content: 'Hello', ...overrides });
}

/** Answers every call with the post (plus warnings), and records method, path and body. */
function recordCalls(answer: Post) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        path: url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(
        JSON.stringify({ ...answer, warnings: ['No LinkedIn account is connected yet.'] }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const changes = {
  content: 'Hello again',
  hashtags: [],
  mediaIds: [],
  platform: 'linkedin' as const,
  socialAccountId: null,
};
const at = '2026-12-12T13:00:00Z';

describe('saveEdit', () => {
  it('moves a scheduled post in the same PATCH when its time changed, and only then', async () => {
    const scheduled = post({ status: 'scheduled', scheduledAt: '2026-12-12T12:00:00.000Z' });
    let calls = recordCalls(scheduled);
    await saveEdit({ post: scheduled, changes, action: 'schedule', scheduledAt: at });
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/posts/${id}`, body: { ...changes, scheduledAt: at } },
    ]);

    calls = recordCalls(scheduled);
    await saveEdit({ post: scheduled, changes, action: 'schedule', scheduledAt: '2026-12-12T12:00:00Z' });
    expect(calls).toEqual([{ method: 'PATCH', path: `/api/posts/${id}`, body: changes }]);
  });

  it('saves a draft, then schedules it and passes on the warnings', async () => {
    const calls = recordCalls(post({ status: 'scheduled', scheduledAt: at }));
    const answer = await saveEdit({ post: post({}), changes, action: 'schedule', scheduledAt: at });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PATCH /api/posts/${id}`,
      `POST /api/posts/${id}/schedule`,
    ]);
    expect(calls[1]?.body).toEqual({ scheduledAt: at, socialAccountId: null });
    expect(answer.warnings).toEqual(['No LinkedIn account is connected yet.']);
  });

  it('publishes a failed post again at the chosen time', async () => {
    const calls = recordCalls(post({ status: 'scheduled', scheduledAt: at }));
    await saveEdit({ post: post({ status: 'failed' }), changes, action: 'schedule', scheduledAt: at });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PATCH /api/posts/${id}`,
      `POST /api/posts/${id}/retry`,
    ]);
    expect(calls[1]?.body).toEqual({ scheduledAt: at });
  });

  it('only changes a post waiting for approval (moving it when its time changed): it keeps waiting', async () => {
    const waiting = post({ status: 'pending_approval', scheduledAt: '2026-12-12T12:00:00.000Z' });
    const calls = recordCalls(waiting);
    const answer = await saveEdit({ post: waiting, changes, action: 'schedule', scheduledAt: at });
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/posts/${id}`, body: { ...changes, scheduledAt: at } },
    ]);
    expect(answer.post.status).toBe('pending_approval');
  });

  it('only saves when kept as a draft', async () => {
    const calls = recordCalls(post({}));
    await saveEdit({ post: post({}), changes, action: 'draft', scheduledAt: at });
    expect(calls.map((call) => call.method)).toEqual(['PATCH']);
  });

  it('edits this and all future posts of a series, then moves this one alone', async () => {
    const series = {
      id: '7d4f9c2e-1111-4a2b-9c3d-0000000000aa',
      every: 1,
      unit: 'week' as const,
      occurrence: 2,
    };
    const occurrence = post({ status: 'scheduled', scheduledAt: '2026-12-12T12:00:00.000Z', series });
    const calls = recordCalls(occurrence);
    await saveEdit({ post: occurrence, changes, action: 'schedule', scheduledAt: at, scope: 'future' });
    const { platform: _platform, socialAccountId: _account, ...content } = changes;
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/posts/${id}?scope=future`, body: content },
      { method: 'PATCH', path: `/api/posts/${id}`, body: { scheduledAt: at } },
    ]);
  });

  it('makes a scheduled post repeat after saving it', async () => {
    const scheduled = post({ status: 'scheduled', scheduledAt: at });
    const calls = recordCalls(scheduled);
    const repeat = { every: 1, unit: 'month' as const, count: 3, timeZone: 'UTC' };
    await saveEdit({ post: scheduled, changes, action: 'schedule', scheduledAt: at, repeat });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PATCH /api/posts/${id}`,
      `PUT /api/posts/${id}/repeat`,
    ]);
    expect(calls[1]?.body).toEqual(repeat);
  });
});
