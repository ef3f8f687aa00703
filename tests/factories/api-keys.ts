import type { FastifyInstance } from 'fastify';
import type { ApiKeyRole, CreatedApiKey } from '../../src/contracts/integrations';
import { asUser } from './posts';
import { randomIp } from './users';

/** Calls the API as another tool would: `Authorization: Bearer <key>`, no cookie. */
export function asKey(app: FastifyInstance, key: string) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
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

/** A key made in Settings › API by the signed-in member `cookie` (an owner or admin). */
export async function createApiKey(
  app: FastifyInstance,
  cookie: string,
  role: ApiKeyRole,
  overrides: Partial<{ name: string; expiresAt: string | null }> = {},
): Promise<CreatedApiKey> {
  const response = await asUser(app, cookie).post('/api/api-keys', {
    name: `${role} key`,
    role,
    ...overrides,
  });
  if (response.statusCode !== 201)
    throw new Error(`creating a key failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
