import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { takesIdempotencyKey } from './idempotency';

const route = (overrides: Partial<RouteOptions> & Pick<RouteOptions, 'url'>): RouteOptions => ({
  method: 'POST',
  handler: async () => null,
  ...overrides,
});

describe('which routes take Idempotency-Key', () => {
  it('takes the signed-in JSON POST routes of the API', () => {
    expect(takesIdempotencyKey(route({ url: '/api/posts' }))).toBe(true);
    expect(takesIdempotencyKey(route({ url: '/api/feeds', config: { access: 'optional' } }))).toBe(true);
    expect(takesIdempotencyKey(route({ url: '/api/x', schema: { consumes: ['application/json'] } }))).toBe(
      true,
    );
  });

  it('leaves out other methods, public, admin, hidden, multipart and opted-out routes', () => {
    expect(takesIdempotencyKey(route({ url: '/api/posts/:id', method: 'PATCH' }))).toBe(false);
    expect(takesIdempotencyKey(route({ url: '/api/auth/signup', config: { access: 'public' } }))).toBe(false);
    expect(takesIdempotencyKey(route({ url: '/api/admin/users' }))).toBe(false);
    expect(takesIdempotencyKey(route({ url: '/api/uploads', schema: { hide: true } }))).toBe(false);
    expect(
      takesIdempotencyKey(route({ url: '/api/media', schema: { consumes: ['multipart/form-data'] } })),
    ).toBe(false);
    expect(takesIdempotencyKey(route({ url: '/api/api-keys', config: { idempotent: false } }))).toBe(false);
    expect(takesIdempotencyKey(route({ url: '/health' }))).toBe(false);
  });
});
