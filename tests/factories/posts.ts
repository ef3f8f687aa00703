import type { FastifyInstance } from 'fastify';
import type { Post } from '../../src/contracts/posts';
import { randomIp } from './users';

/** Calls the API as a signed-in browser would (cookie, own address). */
export function asUser(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      remoteAddress: randomIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

export async function createPost(
  app: FastifyInstance,
  cookie: string,
  overrides: Partial<{ platform: string; content: string; hashtags: string[] }> = {},
): Promise<Post> {
  const response = await asUser(app, cookie).post('/api/posts', {
    platform: 'linkedin',
    content: 'Our new spring menu is here.',
    hashtags: ['SpringMenu'],
    ...overrides,
  });
  if (response.statusCode !== 201)
    throw new Error(`create post failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** An ISO time `days` from now. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
