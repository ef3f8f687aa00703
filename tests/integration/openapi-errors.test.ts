import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import { codesOfStatus } from '../../src/contracts/error-codes';
import { addMember } from '../factories/analytics';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';

/**
 * Decision 049: every route declares its refusals, so the OpenAPI document lists them. This walks
 * the document: each operation must list the refusals its shape implies, each refusal must be the
 * error body with the codes of its status, and what a route really answers to a visitor and to a
 * viewer with an empty body must be among what it declares.
 */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: string[];
  anyOf?: Schema[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: { 'application/json'?: { schema?: Schema } } }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** The login calls answer their refusals in the spec's `{success, user, message}` (spec §7). */
const loginAnswers = new Set([
  'post /api/auth/signup',
  'post /api/auth/signin',
  'post /api/user/login',
  'post /api/admin/access',
  'post /api/auth/two-factor',
  'post /api/auth/passkey',
]);
/** Probing these as the viewer would end the probe's own session. */
const endsTheSession = new Set(['post /api/auth/logout', 'delete /api/user/account']);

const ID = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI document lists every refusal', () => {
  let t: TestApp;
  let operations: { method: string; path: string; url: string; operation: Operation }[];

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<Document>();
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method,
        path,
        url: path.replace(/\{[^}]+\}/g, ID),
        operation,
      })),
    );
  }, 60_000);
  afterAll(() => t.close());

  const declared = (operation: Operation) =>
    Object.keys(operation.responses)
      .map(Number)
      .filter((status) => status >= 400);

  it('documents the API', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it('lists the refusals each operation’s shape implies', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      const expected: number[] = [];
      const unsafe = ['post', 'put', 'patch', 'delete'].includes(method);
      if (unsafe || operation.requestBody || operation.parameters?.length) expected.push(400);
      if (unsafe) expected.push(403);
      if (path.includes('{')) expected.push(404);
      const lacks = expected.filter((status) => !declared(operation).includes(status));
      if (lacks.length > 0) missing.push(`${method.toUpperCase()} ${path}: ${lacks.join(', ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('answers every refusal with { error: { code, message } }, its codes those of its status', () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      for (const status of declared(operation).filter((status) => status < 500)) {
        const schema = operation.responses[String(status)]?.content?.['application/json']?.schema;
        if (loginAnswers.has(`${method} ${path}`) && schema?.properties?.success) continue;
        const code = schema?.properties?.error?.properties?.code;
        const message = schema?.properties?.error?.properties?.message;
        const codes = code?.enum ?? [];
        const allowed = codesOfStatus(status);
        if (!message || codes.length === 0 || codes.some((one) => !(allowed as string[]).includes(one))) {
          wrong.push(`${method.toUpperCase()} ${path} ${status}: ${JSON.stringify(codes)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declares what a route answers to a visitor and to a viewer sending nothing', async () => {
    const owner = await signUp(t.app);
    const workspaceId = (
      await t.app.inject({ url: '/api/auth/user', headers: { cookie: owner.cookie } })
    ).json<SessionUser>().workspace.id;
    const viewer = await addMember(t, workspaceId, 'viewer');
    const undeclared: string[] = [];
    for (const { method, path, url, operation } of operations) {
      for (const cookie of [undefined, viewer.cookie]) {
        if (cookie && endsTheSession.has(`${method} ${path}`)) continue;
        const unsafe = method !== 'get';
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
          ...(unsafe ? { payload: {} } : {}),
          remoteAddress: randomIp(),
        });
        const status = response.statusCode;
        // A 500 here is a bug, a body that missed its schema among them.
        if (status === 500) undeclared.push(`${method.toUpperCase()} ${path}: 500 ${response.body}`);
        if (status >= 400 && status < 500 && !declared(operation).includes(status)) {
          undeclared.push(`${method.toUpperCase()} ${path} ${cookie ? 'viewer' : 'visitor'}: ${status}`);
        }
        if (status >= 400 && !loginAnswers.has(`${method} ${path}`)) {
          expect(response.json().error, `${method} ${path}`).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          });
        }
      }
    }
    expect(undeclared).toEqual([]);
  }, 120_000);
});
