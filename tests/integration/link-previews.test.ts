import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPreviewFor } from '../../src/server/modules/link-previews';
import { asUser } from '../factories/posts';
import { addMember } from '../factories/team';
import { signUp } from '../factories/users';
import { html, hugePage, redirect, slowPage, startWebPages, type WebPages } from '../fakes/web/web-pages';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * GET /api/link-preview through the real app, against a loopback web server on 127.0.0.2. The app
 * `open` may reach that one address (OUTBOUND_ALLOW_PRIVATE=127.0.0.2/32), as a test stands in for
 * a public site; the app `strict` has the default setting (public addresses only) and must refuse
 * every loopback or private address without connecting.
 */

const ARTICLE = `<!doctype html><html><head>
  <meta charset="utf-8"><title>Autumn collection | Glow</title>
  <meta property="og:title" content="Autumn candles are here &amp; they smell great">
  <meta property="og:description" content="Hand-poured soy candles in five autumn scents.">
  <meta property="og:image" content="/img/autumn.jpg">
  <meta property="og:site_name" content="Glow Candles">
</head><body><h1>Autumn</h1></body></html>`;

describe.each(databaseKinds)('link previews on %s', (kind) => {
  let web: WebPages;
  let open: TestApp;
  let strict: TestApp;
  let openCookie: string;
  let strictCookie: string;

  beforeAll(async () => {
    web = await startWebPages('127.0.0.2');
    web.page('/article', html(ARTICLE));
    web.page(
      '/plain',
      html(
        '<html><head><title>Just a title</title><meta name="description" content="And a line."></head></html>',
      ),
    );
    web.page('/no-tags', html('<html><body>Nothing to show</body></html>'));
    web.page('/moved', redirect('/article', 301));
    web.page('/to-loopback', redirect(`http://127.0.0.1:${web.port}/article`));
    web.page(
      '/huge',
      hugePage('<head><meta property="og:title" content="Big page"></head><body>', 50 * 1024 * 1024),
    );
    web.page('/huge-no-head', hugePage('<!doctype html>', 50 * 1024 * 1024));
    web.page('/slow', slowPage(8_000));
    web.page('/image.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100));
    });
    web.page('/gone', (_request, response) => response.writeHead(410, { 'content-type': 'text/html' }).end());
    const ports = { OUTBOUND_ALLOWED_PORTS: String(web.port) };
    open = await buildTestApp(kind, { ...ports, OUTBOUND_ALLOW_PRIVATE: '127.0.0.2/32' });
    strict = await buildTestApp(kind, ports);
    openCookie = (await signUp(open.app)).cookie;
    strictCookie = (await signUp(strict.app)).cookie;
  });
  afterAll(async () => {
    await open?.close();
    await strict?.close();
    await web?.close();
  });

  const preview = (t: TestApp, cookie: string, url: string) =>
    asUser(t.app, cookie).get(`/api/link-preview?${new URLSearchParams({ url })}`);
  const page = (path: string) => `${web.origin}${path}`;

  it("answers the page's Open Graph card, with the image made absolute", async () => {
    const answer = await preview(open, openCookie, page('/article'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      url: page('/article'),
      title: 'Autumn candles are here & they smell great',
      description: 'Hand-poured soy candles in five autumn scents.',
      imageUrl: page('/img/autumn.jpg'),
      siteName: 'Glow Candles',
      unavailable: null,
    });
    expect(web.requests.at(-1)?.headers['user-agent']).toMatch(/KitepostBot/);
    expect(web.requests.at(-1)?.headers.cookie).toBeUndefined();
  });

  it('falls back to <title> and the meta description; a page without either answers nulls', async () => {
    expect((await preview(open, openCookie, page('/plain'))).json()).toMatchObject({
      title: 'Just a title',
      description: 'And a line.',
      imageUrl: null,
      unavailable: null,
    });
    expect((await preview(open, openCookie, page('/no-tags'))).json()).toEqual({
      url: page('/no-tags'),
      title: null,
      description: null,
      imageUrl: null,
      siteName: null,
      unavailable: null,
    });
  });

  it('follows a redirect and names the final page', async () => {
    const answer = (await preview(open, openCookie, page('/moved'))).json();
    expect(answer).toMatchObject({
      url: page('/article'),
      title: 'Autumn candles are here & they smell great',
    });
  });

  it('keeps a preview for a while: the page is fetched once', async () => {
    const before = web.requests.filter((seen) => seen.path === '/plain').length;
    await preview(open, openCookie, page('/plain'));
    await preview(open, openCookie, page('/plain'));
    expect(web.requests.filter((seen) => seen.path === '/plain').length).toBe(before);
  });

  it('refuses loopback and private addresses with the default setting, without connecting', async () => {
    const before = web.requests.length;
    for (const url of [
      `http://localhost:${web.port}/article`,
      page('/article'),
      `http://2130706434:${web.port}/article`,
      `http://[::ffff:127.0.0.2]:${web.port}/article`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const answer = await preview(strict, strictCookie, url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json(), url).toMatchObject({
        title: null,
        imageUrl: null,
        unavailable: 'blocked_address',
      });
    }
    expect(web.requests.length).toBe(before);
  });

  it('refuses a redirect to 127.0.0.1 even where the first address was allowed', async () => {
    const answer = await preview(open, openCookie, page('/to-loopback'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ title: null, unavailable: 'blocked_address' });
  });

  it('reads only the start of a huge page: the card from its head, the download cut off', async () => {
    const answer = await preview(open, openCookie, page('/huge'));
    expect(answer.json()).toMatchObject({ title: 'Big page', unavailable: null });
    const headless = await preview(open, openCookie, page('/huge-no-head'));
    expect(headless.json()).toMatchObject({ title: null, unavailable: 'too_large' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // 50 MB offered each; the reader stopped after 1 MB (plus what the sockets had buffered).
    expect(web.bytesSent.get('/huge')).toBeLessThan(8 * 1024 * 1024);
    expect(web.bytesSent.get('/huge-no-head')).toBeLessThan(8 * 1024 * 1024);
  });

  it('gives up on a slow page after five seconds', async () => {
    const started = Date.now();
    const answer = await preview(open, openCookie, page('/slow'));
    expect(answer.json()).toMatchObject({ title: null, unavailable: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(7_500);
  });

  it('answers why for a non-HTML answer and an error status', async () => {
    expect((await preview(open, openCookie, page('/image.png'))).json()).toMatchObject({
      unavailable: 'unsupported_content_type',
    });
    expect((await preview(open, openCookie, page('/gone'))).json()).toMatchObject({
      unavailable: 'http_error',
    });
    expect((await preview(open, openCookie, `http://127.0.0.2:${web.port + 1}/x`)).json()).toMatchObject({
      unavailable: 'blocked_port',
    });
  });

  it('refuses what is not an http(s) link with a 400', async () => {
    for (const url of [
      'ftp://example.com/a',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a link',
      '',
      'https://',
    ]) {
      const answer = await preview(open, openCookie, url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.code, url).toBe('validation_failed');
    }
    const api = asUser(open.app, openCookie);
    expect((await api.get('/api/link-preview')).statusCode).toBe(400);
    expect((await api.get(`/api/link-preview?url=${page('/article')}&extra=1`)).statusCode).toBe(400);
    expect((await preview(open, openCookie, `https://example.com/${'a'.repeat(2100)}`)).statusCode).toBe(400);
  });

  it('is for signed-in writers only', async () => {
    const signedOut = await open.app.inject({
      method: 'GET',
      url: `/api/link-preview?url=${page('/article')}`,
    });
    expect(signedOut.statusCode).toBe(401);
    const viewer = await addMember(open.app, openCookie, 'viewer');
    expect((await preview(open, viewer.cookie, page('/article'))).statusCode).toBe(403);
    const editor = await addMember(open.app, openCookie, 'editor');
    expect((await preview(open, editor.cookie, page('/article'))).statusCode).toBe(200);
  });

  it('limits how often one user asks (60 a minute)', async () => {
    const { cookie } = await signUp(open.app);
    for (let i = 0; i < 60; i += 1) {
      expect((await preview(open, cookie, page('/article'))).statusCode).toBe(200);
    }
    const refused = await preview(open, cookie, page('/article'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('gives the publishing pipeline the first link of a text with its card, or null', async () => {
    expect(await linkPreviewFor(open.ctx, `New scents! ${page('/article')}. Come by.`)).toEqual({
      url: page('/article'),
      title: 'Autumn candles are here & they smell great',
      description: 'Hand-poured soy candles in five autumn scents.',
      imageUrl: page('/img/autumn.jpg'),
    });
    expect(await linkPreviewFor(open.ctx, 'No link in this one.')).toBeNull();
    // Unreadable (here: not public): still the link, for the platform to read itself.
    expect(await linkPreviewFor(strict.ctx, `See http://10.0.0.1/promo`)).toEqual({
      url: 'http://10.0.0.1/promo',
      title: null,
      description: null,
      imageUrl: null,
    });
  });
});
