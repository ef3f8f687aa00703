import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsOverview } from '../../src/contracts/analytics';
import { loadAnalyticsOverview } from '../../src/server/modules/analytics';
import { overviewCacheFor } from '../../src/server/modules/analytics/overview-cache';
import {
  insertAnalyticsAccount,
  insertFollowerReading,
  insertPublishedPost,
  setWorkspacePlan,
} from '../factories/analytics';
import { type BillingMember, signUpMember } from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { countQueries as countQueriesOf, workspaceVersion } from '../setup/queries';

const range = { from: '2026-10-20', to: '2026-10-26' };
const query = `from=${range.from}&to=${range.to}&timeZone=Europe/Paris`;

/**
 * The analytics overview is cached per workspace posts and analytics versions
 * (modules/analytics/overview-cache.ts): these pin down that the analytics version follows every
 * write to the tables the overview reads, whoever makes it, and that no overview is ever stale.
 */
describe.each(databaseKinds)('cached analytics overviews on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  const versionOf = (workspaceId: string) => workspaceVersion(t, workspaceId, 'analytics_version');
  const stats = () => overviewCacheFor(t.ctx.database.db).stats();
  const overviewOf = (member: BillingMember, q = query) =>
    asUser(t.app, member.cookie).get(`/api/analytics/overview?${q}`);
  const countQueries = <T>(run: () => Promise<T>) => countQueriesOf(t, run);
  /** A workspace with an account, a post published in the range and a follower reading. */
  async function workspaceWithData() {
    const owner = await signUpMember(t.app);
    const account = await insertAnalyticsAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const post = await insertPublishedPost(t, owner.workspaceId, {
      platform: 'linkedin',
      socialAccountId: account.id,
      publishedAt: new Date('2026-10-21T08:00:00Z'),
      metrics: { impressions: 800, reach: 500, likes: 20, comments: 5 },
    });
    await insertFollowerReading(t, {
      workspaceId: owner.workspaceId,
      socialAccountId: account.id,
      day: '2026-10-21',
      followers: 120,
    });
    return { owner, account, post };
  }

  it('bumps the analytics version on every write to accounts, post metrics and follower readings', async () => {
    const { owner, account, post } = await workspaceWithData();
    const ws = owner.workspaceId;
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['account insert', () => insertAnalyticsAccount(t, ws, { platform: 'twitter' })],
      [
        'account update',
        () => sql(`update social_accounts set display_name = 'Renamed' where id = $1`, [account.id]),
      ],
      ['metrics update', () => sql('update post_metric_totals set likes = 21 where post_id = $1', [post.id])],
      [
        'reading insert',
        () =>
          insertFollowerReading(t, {
            workspaceId: ws,
            socialAccountId: account.id,
            day: '2026-10-22',
            followers: 125,
          }),
      ],
      [
        'reading update',
        () => sql('update account_metrics set followers = 126 where social_account_id = $1', [account.id]),
      ],
      [
        'reading delete',
        () =>
          sql(`delete from account_metrics where social_account_id = $1 and day = '2026-10-22'`, [
            account.id,
          ]),
      ],
      ['metrics delete', () => sql('delete from post_metric_totals where post_id = $1', [post.id])],
      ['account delete', () => sql('delete from social_accounts where id = $1', [account.id])],
    ];
    for (const [name, write] of writes) {
      const before = await versionOf(ws);
      await write();
      expect(await versionOf(ws), name).toBeGreaterThan(before);
    }
    // A write of many rows of one workspace is one bump, not one per row.
    const before = await versionOf(ws);
    await sql(`update social_accounts set display_name = display_name || '!' where workspace_id = $1`, [ws]);
    expect(await versionOf(ws)).toBe(before + 1n);
  });

  it('answers a repeated overview from the cache with the session query alone, the same bytes', async () => {
    const { owner } = await workspaceWithData();
    const first = await overviewOf(owner);
    expect(first.statusCode, first.body).toBe(200);
    const before = stats();
    const { result: again, queries } = await countQueries(() => overviewOf(owner));
    expect(queries).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(stats().hits).toBe(before.hits + 1);
    // Another view of the same data is another entry.
    const otherZone = await overviewOf(owner, `from=${range.from}&to=${range.to}&timeZone=UTC`);
    expect(otherZone.statusCode).toBe(200);
    expect(stats().misses).toBe(before.misses + 1);
  });

  it('shows every change to the data read at once, with the cache warm before each', async () => {
    const { owner, account, post } = await workspaceWithData();
    const ws = owner.workspaceId;
    const changes: Array<
      [string, () => Promise<unknown>, (o: ReturnType<typeof JSON.parse>) => unknown, unknown]
    > = [
      [
        'a new reading of the post',
        () => sql('update post_metric_totals set likes = 30 where post_id = $1', [post.id]),
        (o) => o.totals.engagements,
        35,
      ],
      [
        'a new follower reading',
        () =>
          insertFollowerReading(t, {
            workspaceId: ws,
            socialAccountId: account.id,
            day: '2026-10-23',
            followers: 150,
          }),
        (o) => o.totals.followers,
        150,
      ],
      [
        'a renamed account',
        () => sql(`update social_accounts set display_name = 'Corner Bakery' where id = $1`, [account.id]),
        (o) => o.byAccount[0].displayName,
        'Corner Bakery',
      ],
      [
        'another published post',
        () =>
          insertPublishedPost(t, ws, {
            platform: 'linkedin',
            socialAccountId: account.id,
            publishedAt: new Date('2026-10-24T08:00:00Z'),
            withTotals: false,
          }),
        (o) => o.totals.posts,
        2,
      ],
    ];
    for (const [name, change, read, expected] of changes) {
      await overviewOf(owner);
      expect((await countQueries(() => overviewOf(owner))).queries, name).toBe(1);
      await change();
      const after = await overviewOf(owner);
      expect(after.statusCode).toBe(200);
      expect(read(after.json()), name).toEqual(expected);
    }
  });

  it('refuses a cached overview once the plan no longer includes analytics', async () => {
    const { owner } = await workspaceWithData();
    expect((await overviewOf(owner)).statusCode).toBe(200);
    await setWorkspacePlan(t, owner.workspaceId, 'free');
    const refused = await overviewOf(owner);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toMatch(/Free/);
  });

  it('sends exactly the bytes the response schema serializer would', async () => {
    const { owner } = await workspaceWithData();
    const response = await overviewOf(owner);
    const overview = await loadAnalyticsOverview(t.ctx.database.db, {
      workspaceId: owner.workspaceId,
      ...range,
      timeZone: 'Europe/Paris',
    });
    const serialize = serializerCompiler({
      schema: analyticsOverview,
      method: 'GET',
      url: '/api/analytics/overview',
    });
    expect(response.body).toBe(serialize(overview));
    // The OpenAPI document still describes the answer.
    const docs = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const schemaOf200 =
      docs.paths['/api/analytics/overview'].get.responses['200'].content['application/json'].schema;
    expect(schemaOf200.type).toBe('object');
  });
});
