import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstorableTextMessage } from '../../src/contracts/common';
import type { ErrorResponse } from '../../src/contracts/errors';
import { brandProfiles, userSettings } from '../../src/server/db/schema';
import { registerErrorHandler } from '../../src/server/plugins/errors';
import { grantAdminAccess } from '../factories/admin-access';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds, openTestDatabase } from '../setup/databases';

/*
 * The outside review's hostile inputs, sent to every route of the OpenAPI document by a signed-in
 * owner with admin access: NUL, lone surrogates (escaped in JSON and as raw bytes), malformed ids,
 * quotes, very long values and wrong types. Whatever the route, the answer is never a 5xx.
 */

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Stands for the UTF-8 bytes of a lone surrogate (ED A0 80) in a raw body; JSON cannot say it. */
const RAW_SURROGATE = '@@raw-lone-surrogate@@';

const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  RAW_SURROGATE,
  "'",
  "x' OR '1'='1",
  'x'.repeat(100_000),
];
const hostileValues: unknown[] = [
  ...hostileStrings,
  12345,
  -1,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  1e308,
  true,
  null,
  {},
  [],
  ['\u0000'],
];

/** Already URL-encoded: path segments and query values. */
const hostileUrlValues = [
  '%00',
  'a%00b',
  `${randomUUID()}%00`,
  '%ED%A0%80',
  '%C0%AF',
  '%uD800',
  '%',
  "'",
  "1'%20OR%20'1'%3D'1",
  'not-an-id',
  '0',
  '-1',
  '1e999',
  '2147483648',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
  randomUUID().toUpperCase(),
];

/** A value the schema accepts (as far as a plain reading of it goes), so that one bad field reaches the route. */
function sample(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((option) => option.type !== 'null') ?? (choice[0] as Schema));
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part)));
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    default:
      return 'x';
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return uniqueEmail('hostile');
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return '2026-11-01';
    case 'uri':
      return 'https://example.com/';
  }
  const candidates = [
    'x'.repeat(Math.max(1, schema.minLength ?? 1)),
    'ABCD',
    'abc',
    'Europe/Berlin',
    '#ffffff',
  ];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  return candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? 'x';
}

/** The option of a nullable or union schema that a sample takes. */
function chosen(schema: Schema): Schema {
  const choice = schema.anyOf ?? schema.oneOf;
  return choice ? chosen(choice.find((option) => option.type !== 'null') ?? (choice[0] as Schema)) : schema;
}

/** Free text: a string with no enum and no format, which only the shared string schema guards. */
const isFreeText = (schema: Schema) => schema.type === 'string' && !schema.enum && !schema.format;

interface Leaf {
  path: (string | number)[];
  freeText: boolean;
}

/** Every place in a sampled body where a value sits (object keys and array items, nested), with its schema. */
function leaves(schema: Schema, value: unknown, path: (string | number)[] = []): Leaf[] {
  const own = chosen(schema);
  const here = { path, freeText: isFreeText(own) };
  if (Array.isArray(value)) {
    return [here, ...value.flatMap((item, i) => leaves(own.items ?? {}, item, [...path, i]))];
  }
  if (value && typeof value === 'object') {
    return [
      here,
      ...Object.entries(value).flatMap(([key, item]) =>
        leaves(own.properties?.[key] ?? {}, item, [...path, key]),
      ),
    ];
  }
  return [here];
}

function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

/** JSON of `body`, with every RAW_SURROGATE turned into the raw bytes of a lone surrogate. */
function rawPayload(body: unknown): Buffer {
  const parts = JSON.stringify(body).split(RAW_SURROGATE);
  const bytes = Buffer.from([0xed, 0xa0, 0x80]);
  return Buffer.concat(
    parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [bytes, Buffer.from(part)])),
  );
}

/**
 * What an attempt must get: never a 5xx; unstorable text, a 400 that says why; a bad id, 400 or
 * 404; an id of a form we never make, 400.
 */
type Expectation = 'no-5xx' | 'unstorable-text' | 'bad-id' | 'malformed-id';

interface Attempt {
  method: string;
  url: string;
  payload?: Buffer;
  label: string;
  expectation: Expectation;
}

/** Values that the shared string schema must refuse wherever free text is expected. */
const unstorable = new Set<unknown>(['\u0000', 'a\u0000b', '\ud800', 'x\udc00y']);
const unstorableInUrl = new Set(['%00', 'a%00b']);

/** The hostile requests for one operation of the document. */
function attemptsFor(method: string, path: string, operation: Operation): Attempt[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const fillPath = (override?: [string, string]) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (override && override[0] === name) return override[1];
      const schema = pathParams.find((p) => p.name === name)?.schema ?? {};
      return encodeURIComponent(String(sample(schema)));
    });
  const jsonSchema = operation.requestBody?.content['application/json']?.schema;
  const baseline = jsonSchema ? sample(jsonSchema) : undefined;
  const payload = baseline === undefined ? undefined : rawPayload(baseline);
  const attempts: Attempt[] = [];
  const add = (attempt: Omit<Attempt, 'method' | 'expectation'> & { expectation?: Expectation }) =>
    attempts.push({ method, expectation: 'no-5xx', ...attempt });

  for (const param of pathParams) {
    for (const value of hostileUrlValues) {
      add({
        url: fillPath([param.name, value]),
        payload,
        label: `path ${param.name}=${value.slice(0, 40)}`,
        // Our ids answer 400 (malformed) or 404 (no such thing); a provider id is better-auth's to answer.
        expectation: param.name === 'providerId' ? 'no-5xx' : 'bad-id',
      });
    }
    if (param.name !== 'providerId') {
      // No id we make looks like this: refused for its form, before any lookup.
      add({
        url: fillPath([param.name, "x'%20y"]),
        payload,
        label: `path ${param.name}=x' y`,
        expectation: 'malformed-id',
      });
    }
  }
  for (const param of queryParams) {
    const freeText = isFreeText(chosen(param.schema));
    for (const value of [...hostileUrlValues, 'abc', '1.5', '']) {
      add({
        url: `${fillPath()}?${param.name}=${value}`,
        payload,
        label: `query ${param.name}=${value.slice(0, 40)}`,
        expectation: freeText && unstorableInUrl.has(value) ? 'unstorable-text' : 'no-5xx',
      });
    }
    add({
      url: `${fillPath()}?${param.name}=1&${param.name}=2`,
      payload,
      label: `query ${param.name} twice`,
    });
    add({ url: `${fillPath()}?${param.name}[]=%00`, payload, label: `query ${param.name}[]` });
  }
  // Parameters the route does not declare: ignored or refused, never passed on to break something.
  add({
    url: `${fillPath()}?search=%00&state=a%00b&code=%ED%A0%80&id=%27`,
    payload,
    label: 'undeclared query',
  });
  if (method !== 'GET' && method !== 'DELETE' && !jsonSchema) {
    for (const body of ['\u0000', RAW_SURROGATE, { x: '\u0000' }]) {
      add({ url: fillPath(), payload: rawPayload(body), label: `body ${JSON.stringify(body)}` });
    }
  }
  if (jsonSchema && baseline !== undefined) {
    for (const leaf of leaves(jsonSchema, baseline)) {
      for (const value of hostileValues) {
        add({
          url: fillPath(),
          payload: rawPayload(withValueAt(baseline, leaf.path, value)),
          label: `body ${leaf.path.join('.') || '(whole)'}=${JSON.stringify(value)?.slice(0, 20)}`,
          expectation: leaf.freeText && unstorable.has(value) ? 'unstorable-text' : 'no-5xx',
        });
      }
    }
  }
  return attempts;
}

/** What is wrong with the answer to an attempt, if anything. */
function judge(attempt: Attempt, status: number, body: string): string | undefined {
  if (status >= 500) return `${status} ${body.slice(0, 160)}`;
  // 414: the router's own answer to a path parameter longer than it reads.
  if (attempt.expectation === 'bad-id' && ![400, 404, 414].includes(status))
    return `${status}, not 400 or 404`;
  if (attempt.expectation === 'malformed-id' && status !== 400) return `${status}, not 400`;
  if (attempt.expectation === 'unstorable-text') {
    const issues = status === 400 ? ((JSON.parse(body) as ErrorResponse).error.issues ?? []) : [];
    if (!issues.some((issue) => issue.message === unstorableTextMessage)) {
      return `${status}, not a 400 naming the unstorable text: ${body.slice(0, 160)}`;
    }
  }
  return undefined;
}

describe.each(databaseKinds)('hostile input on every route of the OpenAPI document, on %s', (kind) => {
  let t: TestApp;
  let cookie = '';

  /** A signed-in owner of a workspace with admin access; again whenever a route ended the session. */
  async function ensureSignedIn() {
    if (cookie) {
      const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie } });
      if (me.statusCode === 200) return;
    }
    const account = await signUp(t.app);
    cookie = await grantAdminAccess(t.app, account.cookie);
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('never answers 5xx; refuses unstorable text and malformed ids with a 400, an unknown id with a 404', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(70);
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, operation } of operations) {
      await ensureSignedIn();
      for (const attempt of attemptsFor(method, path, operation)) {
        const response = await t.app.inject({
          method: attempt.method as 'GET',
          url: attempt.url,
          headers: {
            cookie,
            ...(attempt.payload ? { 'content-type': 'application/json' } : {}),
          },
          ...(attempt.payload ? { payload: attempt.payload } : {}),
          remoteAddress: randomIp(),
        });
        sent++;
        const wrong = judge(attempt, response.statusCode, response.body);
        if (wrong) failures.push(`${method} ${path} ${attempt.label}: ${wrong}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});

describe.each(databaseKinds)('stored text that today’s input limits would refuse, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  // Rows written before a limit was tightened (or by hand, or by an import) are answered as they
  // are: a response schema describes what is stored, an input schema what may be stored next.
  it('answers the brand kit and the settings as stored, never a 500', async () => {
    const owner = await signUp(t.app);
    const headers = { cookie: owner.cookie };
    const me = (await t.app.inject({ url: '/api/auth/user', headers })).json();
    const db = t.ctx.database.db;
    await db.insert(brandProfiles).values({
      workspaceId: me.workspace.id,
      brandName: 'B'.repeat(150),
      audience: '',
      keywords: ['', 'k'.repeat(80)],
      bannedWords: [' padded '],
    });
    await db
      .insert(userSettings)
      .values({ userId: owner.user.id, phone: 'call me maybe '.repeat(10), contentLanguage: '' });

    const kit = await t.app.inject({ url: '/api/user/brand-kit', headers });
    expect(kit.statusCode, kit.body).toBe(200);
    expect(kit.json()).toMatchObject({ brandName: 'B'.repeat(150), keywords: ['', 'k'.repeat(80)] });
    const settings = await t.app.inject({ url: '/api/user/settings', headers });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ contentLanguage: '', phone: 'call me maybe '.repeat(10) });
  });
});

describe.each(databaseKinds)('a value the database refuses, on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const app = Fastify();
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    registerErrorHandler(app, {});
    // Values that a contract let through by mistake, sent to the database as a repository would.
    const refused: Record<string, SQL> = {
      nul: sql`select ${'a\u0000b'}::text`,
      'not-a-uuid': sql`select ${'nope'}::uuid`,
      'out-of-range': sql`select ${2 ** 31}::int`,
      'division-by-zero': sql`select 1 / ${0}::int`,
    };
    app.get('/:case', async (request) => {
      await database.db.execute(refused[(request.params as { case: string }).case] as SQL);
      return {};
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 400 for a value it cannot store (the net under the contracts), 500 for our own bug', async () => {
    const statuses: Record<string, number> = {};
    for (const name of ['nul', 'not-a-uuid', 'out-of-range', 'division-by-zero']) {
      statuses[name] = (await app.inject({ url: `/${name}` })).statusCode;
    }
    expect(statuses).toEqual({ nul: 400, 'not-a-uuid': 400, 'out-of-range': 400, 'division-by-zero': 500 });
  });
});

describe.each(databaseKinds)('hostile input on routes outside the document, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  // Public pages and callbacks that a browser or a platform reaches: they look things up too.
  it('never answers 5xx, and refuses unstorable text with a 400', async () => {
    const { cookie } = await signUp(t.app);
    const attempts: { method: 'GET' | 'POST'; url: string; payload?: Record<string, string> }[] = [
      { method: 'GET', url: '/media/a%00b.png' },
      { method: 'GET', url: '/api/auth/social/linkedin/callback?state=a%00b&code=x' },
      { method: 'GET', url: '/api/auth/social/linkedin/callback?state=x&code=%00' },
      { method: 'GET', url: '/api/identity/callback/oidc?state=a%00b&code=x' },
      { method: 'GET', url: '/api/identity/callback/a%00b?state=x' },
      { method: 'GET', url: '/api/login?returnTo=%2Fa%00b' },
      {
        method: 'POST',
        url: '/api/auth/social/linkedin/choose',
        payload: { state: 'a\u0000b', externalId: 'x' },
      },
      {
        method: 'POST',
        url: '/api/auth/social/linkedin/choose',
        payload: { state: 'x', externalId: '\ud800' },
      },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: { cookie }, remoteAddress: randomIp() });
      answers.push(`${attempt.method} ${attempt.url} ${response.statusCode}`);
    }
    expect(answers).toEqual(attempts.map((attempt) => `${attempt.method} ${attempt.url} 400`));
  });
});
