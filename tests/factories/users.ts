import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A distinct client address per caller, so rate limits of one test never touch another. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/**
 * One Cookie header from several (a browser's cookies and later answers' cookieFrom): later
 * values win, and a cookie an answer cleared (empty value) is dropped, as a browser drops it.
 */
export function mergeCookies(...cookieHeaders: string[]): string {
  const jar = new Map<string, string>();
  for (const header of cookieHeaders) {
    for (const pair of header.split('; ').filter(Boolean)) {
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '') jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  const body = {
    email: uniqueEmail(),
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    remoteAddress: randomIp(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { ...body, cookie: cookieFrom(response), user: response.json().user as { id: string } };
}
