import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes } from '../../src/contracts/integrations';
import { signatureVerificationSample } from '../../src/server/modules/api-docs/getting-started';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';

/*
 * The API's documentation (decision 079): Swagger UI at /api/docs, every file of it from our own
 * origin under the app's Content-Security-Policy, rendering /api/openapi.json. The document is one
 * for every database, so this runs on PGlite only (as openapi-errors.test.ts does).
 */

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { example?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { description: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, Record<string, string>> };
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

describe('the API documentation', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  }, 60_000);
  afterAll(() => t.close());

  it('is a page at /api/docs whose scripts and styles all come from this origin', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // The app's own policy: no inline script, no eval, nothing from elsewhere.
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/default-src 'self'/);
      expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);

      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
      expect(assets.length).toBeGreaterThanOrEqual(5);
      for (const asset of assets) {
        const resolved = new URL(asset, `${TEST_APP_URL}${url}`);
        expect(resolved.origin, asset).toBe(TEST_APP_URL);
        const answer = await t.app.inject({ url: resolved.pathname });
        expect(answer.statusCode, resolved.pathname).toBe(200);
      }
    }
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.headers['content-type']).toMatch(/javascript/);
    // It loads the document from ./json, which is /api/openapi.json's twin.
    expect(initializer.body).toContain("resolveUrl('./json')");
    const twin = await t.app.inject({ url: '/api/docs/json' });
    expect(twin.json()).toEqual(document);
  });

  it('declares the Bearer API key and the browser session, and which operations take which', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: TEST_APP_URL, description: expect.any(String) }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.bearerAuth?.description).toContain('Settings › API');
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const bearerOrSession = [{ bearerAuth: [] }, { sessionCookie: [] }];
    expect(document.security).toEqual(bearerOrSession);
    const operation = (path: string, method: string) => document.paths[path]?.[method] as Operation;
    expect(operation('/api/posts', 'post').security).toEqual(bearerOrSession);
    expect(operation('/api/auth/user', 'get').security).toEqual(bearerOrSession);
    // The person's own things and the admin portal: the browser session only.
    expect(operation('/api/user/password', 'post').security).toEqual([{ sessionCookie: [] }]);
    expect(operation('/api/admin/users', 'get').security).toEqual([{ sessionCookie: [] }]);
    // Public: nothing.
    expect(operation('/api/health', 'get').security).toEqual([]);
    expect(operation('/api/auth/signin', 'post').security).toEqual([]);
    // A key's own rate limit.
    expect(Object.keys(operation('/api/posts', 'get').responses)).toContain('429');
    expect(Object.keys(operation('/api/user/settings', 'get').responses)).not.toContain('429');
  });

  it('tags, summarises and names every operation, and describes every answer', () => {
    const operationIds = new Set<string>();
    const tagNames = document.tags.map((tag) => tag.name);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(operationIds.has(operation.operationId as string), where).toBe(false);
        operationIds.add(operation.operationId as string);
        expect(operation.tags?.length, where).toBe(1);
        expect(tagNames, where).toContain(operation.tags?.[0]);
        for (const [status, answer] of Object.entries(operation.responses)) {
          expect(answer.description, `${where} ${status}`).not.toBe('Default Response');
        }
      }
    }
    expect(document.paths['/api/posts/{id}/schedule']?.post).toMatchObject({
      summary: 'Schedule a post',
      operationId: 'postPostsByIdSchedule',
      tags: ['Posts'],
    });
  });

  it('shows examples of creating and scheduling a post, and of creating an API key', () => {
    const create = document.paths['/api/posts']?.post as Operation;
    expect(create.requestBody?.content['application/json']?.example).toMatchObject({ platform: 'linkedin' });
    expect(create.responses['201']?.content?.['application/json']?.example).toMatchObject({
      status: 'draft',
    });
    const schedule = document.paths['/api/posts/{id}/schedule']?.post as Operation;
    expect(schedule.requestBody?.content['application/json']?.example).toMatchObject({
      scheduledAt: '2026-12-01T14:00:00Z',
    });
    expect(schedule.responses['200']?.content?.['application/json']?.example).toMatchObject({
      status: 'scheduled',
    });
    const createKey = document.paths['/api/api-keys']?.post as Operation;
    expect(createKey.requestBody?.content['application/json']?.example).toMatchObject({ role: 'editor' });
    expect(createKey.responses['201']?.content?.['application/json']?.example).toMatchObject({
      key: expect.stringMatching(/^kp_live_/),
    });
  });

  it('opens with a Getting started: keys, plans, errors, limits, idempotency, webhooks, MCP', () => {
    const text = document.info.description;
    for (const part of [
      '## Getting started',
      'Settings › API',
      `curl ${TEST_APP_URL}/api/posts -H "Authorization: Bearer kp_live_..."`,
      'Professional',
      '{ "error": { "code"',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Idempotency-Key',
      'Idempotent-Replayed: true',
      '409',
      '24',
      '{ "id", "type", "createdAt", "data" }',
      'Kitepost-Signature: t=<unix seconds>,v1=<hex>',
      'timingSafeEqual',
      `${TEST_APP_URL}/api/mcp`,
      '"mcpServers"',
    ]) {
      expect(text, part).toContain(part);
    }
    for (const type of webhookEventTypes) expect(text).toContain(`\`${type}\``);
  });

  it('has a signature check that works as the text says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitepost-signature-'));
    try {
      const file = join(dir, 'verify.mjs');
      writeFileSync(file, signatureVerificationSample);
      const { verifyKitepostSignature } = (await import(pathToFileURL(file).href)) as {
        verifyKitepostSignature: (
          body: string | Buffer,
          header: string | undefined,
          secret: string,
          now?: number,
        ) => boolean;
      };
      const secret = 'whsec_test-secret';
      const body = JSON.stringify({
        id: 'e1',
        type: 'post.published',
        createdAt: '2026-12-01T14:00:03Z',
        data: {},
      });
      const t = 1_796_000_000;
      const sign = (key: string, at = t, raw = body) =>
        createHmac('sha256', Buffer.from(key, 'utf8')).update(`${at}.${raw}`).digest('hex');
      const now = t * 1000 + 10_000;
      expect(verifyKitepostSignature(Buffer.from(body), `t=${t},v1=${sign(secret)}`, secret, now)).toBe(true);
      expect(verifyKitepostSignature(body, `t=${t},v1=${sign(secret)}`, secret, now)).toBe(true);
      // After a rotation: one v1= per secret, any may match.
      expect(
        verifyKitepostSignature(body, `t=${t},v1=${sign('whsec_new')},v1=${sign(secret)}`, secret, now),
      ).toBe(true);
      expect(verifyKitepostSignature(`${body} `, `t=${t},v1=${sign(secret)}`, secret, now)).toBe(false);
      expect(verifyKitepostSignature(body, `t=${t},v1=${sign('whsec_other')}`, secret, now)).toBe(false);
      expect(verifyKitepostSignature(body, `t=${t},v1=${sign(secret)}`, secret, (t + 301) * 1000)).toBe(
        false,
      );
      expect(verifyKitepostSignature(body, `t=${t + 1},v1=${sign(secret)}`, secret, now)).toBe(false);
      expect(verifyKitepostSignature(body, undefined, secret, now)).toBe(false);
      expect(verifyKitepostSignature(body, 'v1=abc', secret, now)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
