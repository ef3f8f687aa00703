import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  hugePage,
  redirect,
  slowPage,
  startWebPages,
  type WebPages,
} from '../../../../tests/fakes/web/web-pages';
import {
  checkFetchTarget,
  type Resolve,
  SAFE_FETCH_USER_AGENT,
  type SafeFetchPolicy,
  safeFetch,
} from './safe-fetch';

const HTML = ['text/html', 'application/xhtml+xml'];
const request = { accept: HTML, maxBytes: 64 * 1024, timeoutMs: 2_000 };

/** A name server the test controls: each name's answers, in order of asking. */
function nameServer(answers: Record<string, string[][]>) {
  const asked: string[] = [];
  const resolve: Resolve = async (hostname) => {
    asked.push(hostname);
    const next = answers[hostname]?.shift();
    if (!next) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

describe('safeFetch', () => {
  let web: WebPages;
  let allowed: SafeFetchPolicy;
  const strict = (web: WebPages): SafeFetchPolicy => ({ privateAllowList: [], extraPorts: [web.port] });

  beforeAll(async () => {
    web = await startWebPages('127.0.0.1');
    allowed = { privateAllowList: ['127.0.0.1/32'], extraPorts: [web.port] };
    web.page('/page', html('<title>Hello</title>'));
    web.page('/gzip', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(gzipSync('<title>zipped</title>'));
    });
    web.page('/bomb', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.alloc(10 * 1024 * 1024, ' ')));
    });
    web.page('/json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    web.page('/untyped', (_request, response) => {
      response.writeHead(200).end('<title>x</title>');
    });
    web.page('/missing', (_request, response) => response.writeHead(404).end());
    web.page('/to-page', redirect('/page'));
    web.page('/to-loopback', redirect(`http://127.0.0.1:${web.port}/page`));
    web.page('/to-ftp', redirect('ftp://example.com/'));
    web.page('/loop', redirect('/loop', 301));
    web.page('/huge', hugePage('<title>big</title>', 50 * 1024 * 1024));
    web.page('/slow', slowPage(10_000));
    web.page('/validated', (incoming, response) => {
      if (incoming.headers['if-none-match'] === '"v1"') return void response.writeHead(304).end();
      response.writeHead(200, {
        'content-type': 'text/html',
        etag: '"v1"',
        'last-modified': 'Thu, 01 Oct 2026 08:00:00 GMT',
      });
      response.end('<title>v1</title>');
    });
  });
  afterAll(() => web.close());

  it('answers the validators, and a conditional GET answered 304 as not modified (304 otherwise an error)', async () => {
    const first = await safeFetch(`${web.origin}/validated`, allowed, request);
    expect(first).toMatchObject({
      ok: true,
      notModified: false,
      etag: '"v1"',
      lastModified: 'Thu, 01 Oct 2026 08:00:00 GMT',
    });
    const again = await safeFetch(`${web.origin}/validated`, allowed, {
      ...request,
      conditional: { etag: '"v1"', lastModified: null },
    });
    expect(again).toMatchObject({ ok: true, status: 304, notModified: true });
    expect(again.ok && again.body.length).toBe(0);
    expect(web.requests.at(-1)?.headers['if-modified-since']).toBeUndefined();
    web.page('/always-304', (_incoming, response) => void response.writeHead(304).end());
    expect(await safeFetch(`${web.origin}/always-304`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'http_error',
      status: 304,
    });
  });

  it('reads a page on an allowed address, with its media type and charset', async () => {
    const result = await safeFetch(`${web.origin}/page`, allowed, request);
    expect(result).toMatchObject({ ok: true, status: 200, mediaType: 'text/html', charset: 'utf-8' });
    expect(result.ok && result.body.toString()).toBe('<title>Hello</title>');
    const seen = web.requests.at(-1);
    expect(seen?.headers['user-agent']).toBe(SAFE_FETCH_USER_AGENT);
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it('never sends the credentials written in a URL', async () => {
    const url = `http://user:secret@127.0.0.1:${web.port}/page`;
    expect((await safeFetch(url, allowed, request)).ok).toBe(true);
    expect(web.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('refuses loopback, private and link-local addresses without connecting', async () => {
    const before = web.requests.length;
    for (const url of [
      `${web.origin}/page`,
      `http://2130706433:${web.port}/page`,
      `http://0x7f000001:${web.port}/page`,
      `http://0177.0.0.1:${web.port}/page`,
      `http://[::ffff:127.0.0.1]:${web.port}/page`,
      `http://[::1]:${web.port}/page`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
    ]) {
      const result = await safeFetch(url, strict(web), request);
      expect(result, url).toMatchObject({ ok: false, reason: 'blocked_address' });
    }
    expect(web.requests.length).toBe(before);
  });

  it('refuses a name that resolves to a loopback address (DNS rebinding), or to one among public ones', async () => {
    const dns = nameServer({
      'rebind.example': [['127.0.0.1']],
      'mixed.example': [['93.184.216.34', '10.0.0.5']],
      'mapped.example': [['::ffff:127.0.0.1']],
    });
    const options = { ...request, resolve: dns.resolve };
    expect(await safeFetch(`http://rebind.example:${web.port}/page`, strict(web), options)).toMatchObject({
      ok: false,
      reason: 'blocked_address',
      detail: 'rebind.example resolves to 127.0.0.1, a loopback address',
    });
    expect(await safeFetch('http://mixed.example/', strict(web), options)).toMatchObject({
      ok: false,
      reason: 'blocked_address',
      detail: 'mixed.example resolves to 10.0.0.5, a private address',
    });
    expect(await safeFetch('http://mapped.example/', strict(web), options)).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
  });

  it('connects to the address it checked: the name is not looked up again', async () => {
    // A second lookup would answer 10.255.255.1 (nothing listens there): the fetch would hang.
    const dns = nameServer({ 'pinned.example': [['127.0.0.1'], ['10.255.255.1']] });
    const result = await safeFetch(`http://pinned.example:${web.port}/page`, allowed, {
      ...request,
      resolve: dns.resolve,
    });
    expect(result.ok).toBe(true);
    expect(dns.asked).toEqual(['pinned.example']);
    expect(web.requests.at(-1)?.headers.host).toBe(`pinned.example:${web.port}`);
  });

  it('checks every redirect again: a public page sending to 127.0.0.1 is refused', async () => {
    // The name stands for a public site (its address is allowed here), the redirect for a private one.
    const dns = nameServer({ 'public.example': [['127.0.0.2']] });
    const pages = await startWebPages('127.0.0.2');
    const policy = { privateAllowList: ['127.0.0.2/32'], extraPorts: [web.port, pages.port] };
    pages.page('/go', redirect(`http://127.0.0.1:${web.port}/page`));
    try {
      const before = web.requests.length;
      const result = await safeFetch(`http://public.example:${pages.port}/go`, policy, {
        ...request,
        resolve: dns.resolve,
      });
      expect(result).toMatchObject({ ok: false, reason: 'blocked_address' });
      expect(pages.requests.map((seen) => seen.path)).toEqual(['/go']);
      expect(web.requests.length).toBe(before);
    } finally {
      await pages.close();
    }
  });

  it('follows allowed redirects and reports the final URL', async () => {
    const result = await safeFetch(`${web.origin}/to-page`, allowed, request);
    expect(result).toMatchObject({ ok: true, url: `${web.origin}/page` });
  });

  it('stops after five redirects, and refuses a redirect to another scheme', async () => {
    expect(await safeFetch(`${web.origin}/loop`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'too_many_redirects',
    });
    expect(web.requests.filter((seen) => seen.path === '/loop')).toHaveLength(6);
    expect(await safeFetch(`${web.origin}/to-ftp`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'blocked_scheme',
    });
  });

  it('refuses other schemes and ports that are not allowed', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://example.com/',
      'data:text/html,hi',
    ]) {
      expect(await safeFetch(url, allowed, request), url).toMatchObject({
        ok: false,
        reason: 'blocked_scheme',
      });
    }
    expect(await safeFetch('http://example.com:22/', allowed, request)).toMatchObject({
      ok: false,
      reason: 'blocked_port',
    });
    expect(await safeFetch('not a url', allowed, request)).toMatchObject({
      ok: false,
      reason: 'invalid_url',
    });
  });

  it('POSTs a body with its headers; answering every status, it follows no redirect (webhooks)', async () => {
    const bodies: string[] = [];
    web.page('/receive', (incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        bodies.push(`${incoming.method} ${incoming.headers['x-sig']} ${Buffer.concat(chunks).toString()}`);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(10_000));
      });
    });
    const webhook = {
      accept: 'any' as const,
      maxBytes: 100,
      overLimit: 'truncate' as const,
      timeoutMs: 2_000,
      answerEveryStatus: true,
      post: { body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-sig': 't=1' } },
    };
    const anyPort: SafeFetchPolicy = { privateAllowList: ['127.0.0.1/32'], extraPorts: 'any' };
    const answered = await safeFetch(`${web.origin}/receive`, anyPort, webhook);
    expect(answered).toMatchObject({ ok: true, status: 500, truncated: true, mediaType: 'text/plain' });
    expect(answered.ok && answered.body.length).toBe(100);
    expect(bodies).toEqual(['POST t=1 {"a":1}']);

    const redirected = await safeFetch(`${web.origin}/to-page`, anyPort, webhook);
    expect(redirected).toMatchObject({ ok: true, status: 302, url: `${web.origin}/to-page` });
    expect(web.requests.filter((seen) => seen.path === '/page' && seen.headers['x-sig'])).toEqual([]);
  });

  it('checks a target without connecting: scheme, port and every address of the name', async () => {
    const dns = nameServer({ 'hooks.example': [['93.184.216.34']], 'inside.example': [['10.0.0.7']] });
    const options = { timeoutMs: 1_000, resolve: dns.resolve };
    const policy: SafeFetchPolicy = { privateAllowList: [], extraPorts: 'any' };
    expect(await checkFetchTarget('https://hooks.example:8443/in', policy, options)).toEqual({ ok: true });
    expect(await checkFetchTarget('https://inside.example/in', policy, options)).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
    expect(await checkFetchTarget('https://nowhere.example/in', policy, options)).toMatchObject({
      ok: false,
      reason: 'unresolvable',
    });
  });

  it('reads only the declared content types', async () => {
    expect(await safeFetch(`${web.origin}/json`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'unsupported_content_type',
    });
    expect(await safeFetch(`${web.origin}/untyped`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'unsupported_content_type',
    });
    expect(await safeFetch(`${web.origin}/missing`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'http_error',
      status: 404,
    });
  });

  it('cuts a huge answer off at the cap, refusing it or keeping its start', async () => {
    expect(await safeFetch(`${web.origin}/huge`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    const kept = await safeFetch(`${web.origin}/huge`, allowed, { ...request, overLimit: 'truncate' });
    expect(kept).toMatchObject({ ok: true, truncated: true });
    expect(kept.ok && kept.body.length).toBe(64 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The server stopped far before its 50 MB: the connection was closed, not drained.
    expect(web.bytesSent.get('/huge')).toBeLessThan(2 * 5 * 1024 * 1024);
  });

  it('decompresses, and counts the cap after decompression (a gzip bomb is refused)', async () => {
    const zipped = await safeFetch(`${web.origin}/gzip`, allowed, request);
    expect(zipped.ok && zipped.body.toString()).toBe('<title>zipped</title>');
    expect(await safeFetch(`${web.origin}/bomb`, allowed, request)).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });

  it('gives up on a slow answer after the time limit', async () => {
    const started = Date.now();
    const result = await safeFetch(`${web.origin}/slow`, allowed, { ...request, timeoutMs: 500 });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a name that does not resolve, within the time limit', async () => {
    const dns = nameServer({});
    expect(
      await safeFetch('http://nowhere.example/', allowed, { ...request, resolve: dns.resolve }),
    ).toMatchObject({
      ok: false,
      reason: 'unresolvable',
    });
    const hanging: Resolve = () => new Promise(() => {});
    expect(
      await safeFetch('http://hangs.example/', allowed, { ...request, timeoutMs: 300, resolve: hanging }),
    ).toMatchObject({
      ok: false,
      reason: 'timeout',
    });
  });
});
