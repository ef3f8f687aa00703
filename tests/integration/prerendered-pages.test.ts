import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPaths, renderPageHtml } from '../../src/client/entry-server';
import { projectRoot } from '../../src/server/lib/project-root';
import { prerenderedPageFile } from '../../src/server/plugins/page-meta';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Decision 052: `/`, `/integrations` and `/demo` are rendered to HTML at build time and the
 * server sends that HTML to a visitor, each page with its own head; every other path (and a
 * browser with a session cookie) gets the empty shell the client renders into. The fixture is a
 * build's output made here the way scripts/prerender.mjs makes it (the same entry, the same
 * template), so this runs before `npm run build` in `npm test`.
 */

const pages = [
  {
    path: '/',
    title: 'Kitepost — AI social media marketing for small businesses',
    heading: 'Social media marketing, written and scheduled by AI',
  },
  {
    path: '/integrations',
    title: 'Integrations — Kitepost',
    heading: 'Connect your social accounts, publish everywhere',
  },
  { path: '/demo', title: 'Product tour — Kitepost', heading: 'See Kitepost in action' },
] as const;

/** What #root holds, as a person reads it: tags and React's comment markers removed. */
function rootText(html: string): string {
  const root = html.match(/<div id="root">([\s\S]*)<\/body>/)?.[1] ?? '';
  return root
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const EMPTY_ROOT = '<div id="root"></div>';

let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'kitepost-prerendered-'));
  mkdirSync(join(distDir, 'client'));
  mkdirSync(join(distDir, 'pages'));
  const indexHtml = readFileSync(join(projectRoot(), 'index.html'), 'utf8');
  writeFileSync(join(distDir, 'client', 'index.html'), indexHtml);
  for (const path of prerenderedPaths) {
    writeFileSync(join(distDir, 'pages', prerenderedPageFile(path)), await renderPageHtml(indexHtml, path));
  }
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe.each(databaseKinds)('prerendered public pages, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { distDir });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prerenders exactly the three public pages', () => {
    expect([...prerenderedPaths].sort()).toEqual(pages.map((page) => page.path).sort());
  });

  it.each(pages)('GET $path answers its HTML, heading in #root, with its own title', async (page) => {
    const response = await t.app.inject({ method: 'GET', url: page.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(response.body)).toBe(page.title);
    expect(response.body).not.toContain(EMPTY_ROOT);
    expect(rootText(response.body)).toContain(page.heading);
    // The body depends on the session cookie: no cache may hand one browser's answer to another.
    expect(response.headers.vary).toContain('cookie');
  });

  it('sends the landing with its sign-up call to action and no signed-in content', async () => {
    const text = rootText((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(text).toContain('Start 7-Day Free Trial');
    expect(text).not.toContain('Loading...');
    expect(text).not.toContain('Dashboard');
  });

  it('keeps the query string out of the choice: /?auth=signup is the same page', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    const withQuery = await t.app.inject({ method: 'GET', url: '/?auth=signup' });
    expect(withQuery.body).toBe(plain.body);
  });

  it.each(['/nope', '/dashboard', '/calendar', '/demo/'])(
    'GET %s still gets the empty shell',
    async (path) => {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(EMPTY_ROOT);
      expect(rootText(response.body)).toBe('');
    },
  );

  it('asks search engines not to index the pages emailed links open (their tokens are in the address)', async () => {
    for (const url of ['/reset-password?token=abc', '/verify-email?token=abc', '/invite/abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/integrations' })).headers['x-robots-tag'],
    ).toBeUndefined();
  });

  it('a browser with a session cookie gets the empty shell (the signed-in app renders there)', async () => {
    const member = await signUp(t.app);
    for (const page of pages) {
      const response = await t.app.inject({
        method: 'GET',
        url: page.path,
        headers: { cookie: member.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(titleOf(response.body)).toBe(page.title);
      expect(response.body).toContain(EMPTY_ROOT);
    }
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });
});
