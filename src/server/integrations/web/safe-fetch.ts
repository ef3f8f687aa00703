import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, isInAnyCidr } from './public-address';
import { parseContentType, readCapped } from './safe-fetch-answer';

/*
 * The one outbound fetch for URLs a user (or a page) chose: link previews, RSS feeds, media by URL and
 * webhook deliveries (architecture §11). What it guarantees, because the URL is hostile:
 * - http and https only, on their default ports unless the caller's policy lists another port;
 * - the host is resolved once, every address it resolves to must be public (public-address.ts),
 *   and the connection goes to the checked address (a pinned `lookup`), so a name cannot resolve
 *   to a public address for the check and to 127.0.0.1 for the connection (DNS rebinding);
 * - redirects are followed by hand, at most `maxRedirects`, each new URL checked like the first;
 * - one time limit covers everything (DNS, connects, redirects, the body);
 * - the body is streamed and capped (after decompression, so a small gzip bomb cannot grow);
 * - only the declared content types are read;
 * - no cookies, no credentials (a URL's user:password is dropped), no keep-alive shared between
 *   hosts (no agent), and a User-Agent that says who we are.
 * It never throws for what the remote side does: every failure is a `reason` the caller maps.
 */

export const SAFE_FETCH_USER_AGENT = 'Mozilla/5.0 (compatible; KitepostBot/1.0; link previews)';

export type SafeFetchFailure =
  | 'invalid_url'
  | 'blocked_scheme'
  | 'blocked_port'
  | 'blocked_address'
  | 'unresolvable'
  | 'unreachable'
  | 'timeout'
  | 'too_many_redirects'
  | 'http_error'
  | 'unsupported_content_type'
  | 'too_large';

/** What the deployment allows (config.outbound): the same for every caller. */
export interface SafeFetchPolicy {
  /**
   * Non-public addresses that may be fetched anyway, as CIDR blocks (OUTBOUND_ALLOW_PRIVATE; empty
   * by default): tests, local development, or an intranet a self-hoster chooses.
   */
  privateAllowList: readonly string[];
  /** Ports allowed besides 80 (http) and 443 (https); 'any': every port (webhook receivers choose theirs). */
  extraPorts: readonly number[] | 'any';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A host name's addresses (DNS); tests pass their own to play a rebinding name server. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchRequest {
  /**
   * Media types read, e.g. ['text/html', 'application/xhtml+xml']; anything else is refused.
   * 'any': every answer is read, whatever its type (a webhook receiver's answer, kept for the log).
   */
  accept: readonly string[] | 'any';
  maxBytes: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  /** 'fail' (default): a bigger body is refused; 'truncate': its first maxBytes are kept. */
  overLimit?: 'fail' | 'truncate';
  /** Default 5. */
  maxRedirects?: number;
  resolve?: Resolve;
  /**
   * A conditional GET (a feed read again): the validators of the last answer are sent as
   * If-None-Match and If-Modified-Since, and a 304 answers `notModified` with an empty body.
   */
  conditional?: { etag: string | null; lastModified: string | null };
  /** A POST with this body (sent as is) instead of a GET; `headers` are added to ours, and win. */
  post?: { body: string | Buffer; headers: Record<string, string> };
  /**
   * Webhooks (as Stripe's): no redirect is followed and no status is refused; every answer comes
   * back `ok` with its status and its body, read like any other (`overLimit: 'truncate'` suits).
   */
  answerEveryStatus?: boolean;
}

export type SafeFetchResult =
  | {
      ok: true;
      /** After redirects. */
      url: string;
      status: number;
      mediaType: string;
      charset: string | null;
      body: Buffer;
      /** The body was longer than maxBytes and cut there ('truncate'). */
      truncated: boolean;
      /** A conditional GET's 304: nothing changed since the validators sent (body empty). */
      notModified: boolean;
      /** The answer's validators, for the next conditional GET. */
      etag: string | null;
      lastModified: string | null;
    }
  | { ok: false; reason: SafeFetchFailure; detail: string; status?: number };

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const dnsResolve: Resolve = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

class Refusal extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export async function safeFetch(
  url: string,
  policy: SafeFetchPolicy,
  request: SafeFetchRequest,
): Promise<SafeFetchResult> {
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new Refusal('timeout', `no complete answer within ${request.timeoutMs} ms`)),
    request.timeoutMs,
  );
  try {
    return await follow(url, policy, request, abort.signal);
  } catch (error) {
    const refusal = abort.signal.aborted ? abort.signal.reason : error;
    if (refusal instanceof Refusal) {
      return {
        ok: false,
        reason: refusal.reason,
        detail: refusal.message,
        ...(refusal.status ? { status: refusal.status } : {}),
      };
    }
    return {
      ok: false,
      reason: 'unreachable',
      detail: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

async function follow(
  start: string,
  policy: SafeFetchPolicy,
  request: SafeFetchRequest,
  signal: AbortSignal,
): Promise<SafeFetchResult> {
  const maxRedirects = request.maxRedirects ?? 5;
  let current = parseTarget(start, policy);
  for (let hop = 0; ; hop += 1) {
    const address = await checkedAddress(current, policy, request.resolve ?? dnsResolve, signal);
    const response = await get(current, address, request, signal);
    const status = response.statusCode ?? 0;
    const validators = {
      etag: headerOf(response, 'etag'),
      lastModified: headerOf(response, 'last-modified'),
    };
    if (request.answerEveryStatus) return readAnswer(current, response, request);
    if (status === 304 && request.conditional) {
      response.destroy();
      return {
        ok: true,
        url: current.href,
        status,
        mediaType: '',
        charset: null,
        body: Buffer.alloc(0),
        truncated: false,
        notModified: true,
        ...validators,
      };
    }
    if (REDIRECTS.has(status) && response.headers.location) {
      response.destroy();
      if (hop >= maxRedirects) throw new Refusal('too_many_redirects', `more than ${maxRedirects} redirects`);
      current = parseTarget(new URL(response.headers.location, current).href, policy);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new Refusal('http_error', `the server answered ${status}`, status);
    }
    const { mediaType } = parseContentType(response.headers['content-type']);
    if (request.accept !== 'any' && !request.accept.includes(mediaType)) {
      response.destroy();
      throw new Refusal('unsupported_content_type', `the answer is ${mediaType || 'of no declared type'}`);
    }
    return readAnswer(current, response, request);
  }
}

async function readAnswer(
  url: URL,
  response: IncomingMessage,
  request: SafeFetchRequest,
): Promise<SafeFetchResult> {
  const { mediaType, charset } = parseContentType(response.headers['content-type']);
  const read = await readCapped(response, request.maxBytes, request.overLimit ?? 'fail');
  if (!read) throw new Refusal('too_large', `the answer is over ${request.maxBytes} bytes`);
  const { body, truncated } = read;
  return {
    ok: true,
    url: url.href,
    status: response.statusCode ?? 0,
    mediaType,
    charset,
    body,
    truncated,
    notModified: false,
    etag: headerOf(response, 'etag'),
    lastModified: headerOf(response, 'last-modified'),
  };
}

/**
 * Whether `url` may be fetched under `policy` (scheme, port, and every address its host resolves
 * to), without connecting: a webhook's URL is checked so when it is registered. Delivery checks
 * again (safeFetch does, each time), since a name can resolve elsewhere by then.
 */
export async function checkFetchTarget(
  url: string,
  policy: SafeFetchPolicy,
  options: { timeoutMs: number; resolve?: Resolve },
): Promise<{ ok: true } | { ok: false; reason: SafeFetchFailure; detail: string }> {
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new Refusal('timeout', `${url} did not resolve within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  try {
    await checkedAddress(parseTarget(url, policy), policy, options.resolve ?? dnsResolve, abort.signal);
    return { ok: true };
  } catch (error) {
    const refusal = abort.signal.aborted ? abort.signal.reason : error;
    if (refusal instanceof Refusal) return { ok: false, reason: refusal.reason, detail: refusal.message };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The URL if its scheme and port are allowed; its credentials are dropped, never sent. */
function parseTarget(raw: string, policy: SafeFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Refusal('invalid_url', 'not a URL');
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) throw new Refusal('blocked_scheme', `${url.protocol} URLs are not fetched`);
  const port = url.port ? Number(url.port) : defaultPort;
  if (port !== defaultPort && policy.extraPorts !== 'any' && !policy.extraPorts.includes(port)) {
    throw new Refusal('blocked_port', `port ${port} is not allowed`);
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

/**
 * The address to connect to: the URL's own when it is an IP literal (the URL parser has already
 * turned decimal, octal and hex IPv4 forms into dotted ones), else the first of the name's, after
 * every one of them was found public.
 */
async function checkedAddress(
  url: URL,
  policy: SafeFetchPolicy,
  resolve: Resolve,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const host = bareHost(url.hostname);
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await raceAbort(
        resolve(host).catch((error: unknown) => {
          throw new Refusal('unresolvable', `${host} does not resolve (${(error as Error).message})`);
        }),
        signal,
      );
  const first = addresses[0];
  if (!first) throw new Refusal('unresolvable', `${host} has no address`);
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.public && !isInAnyCidr(address, policy.privateAllowList)) {
      const where = literal ? `${address} is` : `${host} resolves to ${address},`;
      throw new Refusal('blocked_address', `${where} a ${verdict.range} address`);
    }
  }
  return first;
}

function headerOf(response: IncomingMessage, name: 'etag' | 'last-modified'): string | null {
  const value = response.headers[name];
  return typeof value === 'string' && value.length <= 512 ? value : null;
}

/** If-None-Match and If-Modified-Since from the last answer's validators, when there are any. */
function conditionalHeaders(conditional: SafeFetchRequest['conditional']): Record<string, string> {
  if (!conditional) return {};
  return {
    ...(conditional.etag ? { 'if-none-match': conditional.etag } : {}),
    ...(conditional.lastModified ? { 'if-modified-since': conditional.lastModified } : {}),
  };
}

function get(url: URL, address: ResolvedAddress, request: SafeFetchRequest, signal: AbortSignal) {
  const accept = request.accept === 'any' ? '*/*' : `${request.accept.join(', ')}, */*;q=0.1`;
  const host = bareHost(url.hostname);
  // The connection goes to the checked address whatever the name resolves to by now. Node asks
  // with `all` when it tries several families (autoSelectFamily), else for one address.
  const pinned = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolvePromise, reject) => {
    const outgoing = transport.request(
      {
        method: request.post ? 'POST' : 'GET',
        hostname: host,
        port: url.port || DEFAULT_PORTS[url.protocol],
        path: `${url.pathname}${url.search}`,
        headers: {
          host: url.host,
          'user-agent': SAFE_FETCH_USER_AGENT,
          accept,
          'accept-encoding': 'gzip, deflate, br',
          ...conditionalHeaders(request.conditional),
          ...(request.post
            ? { 'content-length': String(Buffer.byteLength(request.post.body)), ...request.post.headers }
            : {}),
        },
        agent: false,
        lookup: pinned,
        ...(isIP(host) ? {} : { servername: host }),
        signal,
      },
      resolvePromise,
    );
    outgoing.on('error', (error) => reject(signal.aborted ? signal.reason : error));
    outgoing.end(request.post?.body);
  });
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
