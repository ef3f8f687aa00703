import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import {
  SANDBOX_DELAY_HEADER,
  SANDBOX_FAULT_HEADER,
  type SandboxFault,
} from '../../src/server/integrations/social/simulator';
import { TEST_APP_URL } from '../setup/app';

/** Reading the platform simulator's server-rendered pages, as a browser would. */

export const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = decodeEntities(match[2] as string);
  }
  return fields;
}

/** What the OAuth popup page reports (its data attributes). */
export function popupResult(page: string): Record<string, string> {
  const main = page.match(/<main ([^>]*)>/)?.[1] ?? '';
  const result: Record<string, string> = {};
  for (const match of main.matchAll(/data-([a-z-]+)="([^"]*)"/g)) {
    result[match[1] as string] = decodeEntities(match[2] as string);
  }
  return result;
}

const handle = () => `shop_${randomBytes(4).toString('hex')}`;

/**
 * The popup flow as the browser runs it, against a platform's simulator: the app's popup start,
 * the simulator's consent page and form (with `fields`), then the app's callback. `checkAuthorize`
 * asserts what the platform's authorize URL must carry. Answers the final popup page.
 */
export async function connectThroughSimulator(
  app: FastifyInstance,
  cookie: string,
  platform: PublishingPlatform,
  options: {
    fields: Record<string, string>;
    checkAuthorize?: (authorize: URL) => void;
    /** The popup's first URL (default `/api/auth/social/<platform>`). */
    start?: string;
    /** Where the consent page is (default the app's origin; see SANDBOX_AUTHORIZE_ORIGIN). */
    authorizeOrigin?: string;
  },
) {
  const start = await app.inject({
    method: 'GET',
    url: options.start ?? `/api/auth/social/${platform}`,
    headers: { cookie },
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(options.authorizeOrigin ?? TEST_APP_URL);
  options.checkAuthorize?.(authorize);
  // The browser's popup carries the Kitepost session to the simulator (same origin): the identity
  // it signs in as is the session's workspace's.
  const page = await app.inject({
    method: 'GET',
    url: `${authorize.pathname}${authorize.search}`,
    headers: { cookie },
  });
  expect(page.statusCode).toBe(200);
  const consent = await app.inject({
    method: 'POST',
    url: authorize.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL, cookie },
    payload: new URLSearchParams({ ...hiddenFields(page.body), ...options.fields }).toString(),
  });
  expect(consent.statusCode).toBe(302);
  const callback = new URL(String(consent.headers.location));
  expect(callback.pathname).toBe(`/api/auth/social/${platform}/callback`);
  // A fragment the platform appends (Instagram's `#_`) is never sent by a browser.
  const callbackUrl = `${callback.pathname}${callback.search}`;
  const done = await app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
  expect(done.headers['content-type']).toContain('text/html');
  return { page: done.body, result: popupResult(done.body), callbackUrl };
}

/** Connects a new (or the named) X sandbox account through the popup flow. */
export async function connectX(app: FastifyInstance, cookie: string, username = handle()) {
  const done = await connectThroughSimulator(app, cookie, 'twitter', {
    fields: { account: '__new__', username, decision: 'authorize' },
    checkAuthorize: (authorize) => expect(authorize.searchParams.get('code_challenge_method')).toBe('S256'),
  });
  return { ...done, username };
}

/** A fetch that asks the simulator for a fault, on every request or on those whose URL matches. */
export function withFault(
  base: typeof fetch,
  fault: SandboxFault | string,
  options: { delayMs?: number; only?: RegExp } = {},
): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (options.only && !options.only.test(url)) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set(SANDBOX_FAULT_HEADER, fault);
    if (options.delayMs !== undefined) headers.set(SANDBOX_DELAY_HEADER, String(options.delayMs));
    return base(input, { ...init, headers });
  };
}

/** Awaits a promise that must fail with `kind`, and answers the error. */
export async function expectError<E extends Error>(
  promise: Promise<unknown>,
  kind: new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => {
      throw new Error(`expected ${kind.name}, but it resolved`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}
