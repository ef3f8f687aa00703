import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkMessages } from '../../src/contracts/links';
import { clickSalts, linkClicks, shortLinks, workspaces } from '../../src/server/db/schema';
import { cleanupExpiredJob } from '../../src/server/jobs/cleanup-expired.job';
import { flushClicks } from '../../src/server/modules/links';
import { seedClicks, seedShortLink } from '../factories/links';
import { asUser } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/* Issue 29: GET /l/:code, the clicks it records, their salts and their retention (decision 093). */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 86_400_000;

describe.each(databaseKinds)('short link redirects on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  const visit = (
    code: string,
    options: { headers?: Record<string, string>; ip?: string; method?: 'GET' | 'HEAD'; query?: string } = {},
  ) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url: `/l/${code}${options.query ?? ''}`,
      headers: { 'user-agent': CHROME, ...options.headers },
      remoteAddress: options.ip ?? '203.0.113.7',
    });
  const clicksOf = async (code: string) => {
    await flushClicks(t.ctx);
    return db().select().from(linkClicks).where(eq(linkClicks.code, code)).orderBy(linkClicks.id);
  };
  /** The SQL the database client is sent while `run` runs (a spy on the driver's query). */
  async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await run();
      return spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : JSON.stringify(query)));
    } finally {
      spy.mockRestore();
    }
  }

  it('answers 302 to the stored target, never cached, indexed or referred, with one read and no session lookup', async () => {
    const shop = await newWorkspace(t);
    const link = await seedShortLink(db(), {
      workspaceId: shop.workspaceId,
      platform: 'twitter',
      target: 'https://bakery.example/menu?utm_source=twitter&utm_medium=social',
    });
    let response!: Awaited<ReturnType<typeof visit>>;
    // A signed-in visitor's cookie is not even looked at: the route is public and outside /api.
    const queries = await queriesDuring(async () => {
      response = await visit(link.code, { headers: { cookie: shop.cookie } });
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'https://bakery.example/menu?utm_source=twitter&utm_medium=social',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toBe('');
    expect(queries.filter((query) => query.includes('short_links'))).toHaveLength(1);
    expect(queries.some((query) => query.includes('sessions'))).toBe(false);
    expect(queries).toHaveLength(1);

    const [click, ...more] = await clicksOf(link.code);
    expect(more).toHaveLength(0);
    expect(click).toMatchObject({
      workspaceId: shop.workspaceId,
      kind: 'click',
      code: link.code,
      platform: 'twitter',
      isBot: false,
      // No GEOIP_COUNTRY_DB in tests: no country, and the health check says the lookup is off.
      country: null,
    });
    expect(click?.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(click)).not.toContain('203.0.113.7');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().checks.countryLookup).toEqual({ status: 'off' });
  });

  it('answers a small 404 page for a code of the wrong shape without asking the database, and for an unknown one', async () => {
    for (const bad of ['short', '0OIl000000', 'abcdefghijk', '%3Cscript%3E']) {
      let response!: Awaited<ReturnType<typeof visit>>;
      const queries = await queriesDuring(async () => {
        response = await visit(bad);
      });
      expect(response.statusCode, bad).toBe(404);
      expect(queries, bad).toEqual([]);
    }
    const unknown = await visit('A1b2C3d4E5');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.headers['x-robots-tag']).toBe('noindex');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.body).toContain(`<h1>${linkMessages.notFound}</h1>`);
    expect(unknown.body).not.toContain('<script');
    expect(await clicksOf('A1b2C3d4E5')).toEqual([]);
  });

  it('keeps every other path under /l/ out of the app’s page fallback', async () => {
    for (const path of ['/l', '/l/', '/l/A1b2C3d4E5/more', '/l/a/b/c']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).toContain(linkMessages.notFound);
    }
  });

  it('answers 410 for a deleted workspace’s code (a tombstone, never reused) and for a disabled link', async () => {
    const gone = await newWorkspace(t);
    const link = await seedShortLink(db(), { workspaceId: gone.workspaceId });
    await db().delete(workspaces).where(eq(workspaces.id, gone.workspaceId));
    const [tombstone] = await db().select().from(shortLinks).where(eq(shortLinks.code, link.code));
    expect(tombstone?.workspaceId).toBeNull();
    const response = await visit(link.code);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain(linkMessages.gone);
    expect(response.headers.location).toBeUndefined();

    const shop = await newWorkspace(t);
    const disabled = await seedShortLink(db(), { workspaceId: shop.workspaceId });
    await db().update(shortLinks).set({ disabledAt: new Date() }).where(eq(shortLinks.code, disabled.code));
    expect((await visit(disabled.code)).statusCode).toBe(410);
    expect(await clicksOf(disabled.code)).toEqual([]);
  });

  it('refuses with 400 a target that does not parse as a web address; the table refuses javascript: outright', async () => {
    const shop = await newWorkspace(t);
    await expect(
      seedShortLink(db(), {
        workspaceId: shop.workspaceId,
        url: 'javascript:alert(1)',
        target: 'javascript:alert(1)',
      }),
    ).rejects.toThrow();
    // Passes the check constraint (`~* '^https?://'`) but is no URL: a space in the host.
    const broken = await seedShortLink(db(), {
      workspaceId: shop.workspaceId,
      target: 'https://bad host.example/',
    });
    const response = await visit(broken.code);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(linkMessages.notWebPage);
    expect(response.headers.location).toBeUndefined();
    expect(await clicksOf(broken.code)).toEqual([]);
  });

  it('answers HEAD and prefetches like GET but counts neither', async () => {
    const shop = await newWorkspace(t);
    const link = await seedShortLink(db(), { workspaceId: shop.workspaceId });
    const head = await visit(link.code, { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('https://bakery.example/menu');
    expect((await visit(link.code, { headers: { 'sec-purpose': 'prefetch' } })).statusCode).toBe(302);
    expect((await visit(link.code, { headers: { purpose: 'prefetch' } })).statusCode).toBe(302);
    expect(await clicksOf(link.code)).toEqual([]);
  });

  it('flags bots (link previews, no user agent) and counts the same address and agent once a day', async () => {
    const shop = await newWorkspace(t);
    const link = await seedShortLink(db(), { workspaceId: shop.workspaceId, platform: 'facebook' });
    await visit(link.code, {
      headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
    });
    await visit(link.code, { headers: { 'user-agent': '' } });
    await visit(link.code);
    await visit(link.code);
    await visit(link.code, { ip: '198.51.100.9' });
    const clicks = await clicksOf(link.code);
    expect(clicks.map((click) => click.isBot)).toEqual([true, true, false, false, false]);
    const humans = clicks.filter((click) => !click.isBot);
    expect(humans[0]?.visitorHash).toBe(humans[1]?.visitorHash);
    expect(new Set(humans.map((click) => click.visitorHash)).size).toBe(2);
  });

  it('reads a bio link’s network from ?via= (a known network only) or the Referer; a post’s link keeps its own', async () => {
    const shop = await newWorkspace(t);
    const bio = await seedShortLink(db(), {
      workspaceId: shop.workspaceId,
      kind: 'bio',
      url: 'https://bakery.example/bio',
    });
    await visit(bio.code, { query: '?via=instagram' });
    await visit(bio.code, { query: '?via=myspace', headers: { referer: 'https://t.co/' } });
    await visit(bio.code, { headers: { referer: 'https://lm.facebook.com/l.php' } });
    await visit(bio.code, { headers: { referer: 'https://search.example/' } });
    expect((await clicksOf(bio.code)).map((click) => click.platform)).toEqual([
      'instagram',
      'twitter',
      'facebook',
      null,
    ]);
    const post = await seedShortLink(db(), {
      workspaceId: shop.workspaceId,
      platform: 'linkedin',
      url: 'https://bakery.example/post',
    });
    await visit(post.code, { query: '?via=instagram', headers: { referer: 'https://t.co/' } });
    expect((await clicksOf(post.code)).map((click) => click.platform)).toEqual(['linkedin']);
  });

  it('counts a bio page view with its network, and its link clicks through /l/ with ?via=', async () => {
    const shop = await newWorkspace(t);
    const slug = `redirect-${shop.workspaceId.slice(0, 8)}`;
    const saved = await asUser(t.app, shop.cookie).put('/api/bio-page', {
      slug,
      title: 'Bakery',
      links: [{ title: 'Menu', url: 'https://bakery.example/menu' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const code: string = saved.json().links[0].code;
    const page = await t.app.inject({
      method: 'GET',
      url: `/@${slug}`,
      headers: { 'user-agent': CHROME, referer: 'https://l.instagram.com/' },
    });
    expect(page.statusCode).toBe(200);
    await visit(code, { query: '?via=instagram' });
    await flushClicks(t.ctx);
    const rows = await db()
      .select({ kind: linkClicks.kind, code: linkClicks.code, platform: linkClicks.platform })
      .from(linkClicks)
      .where(eq(linkClicks.workspaceId, shop.workspaceId))
      .orderBy(linkClicks.id);
    expect(rows).toEqual([
      { kind: 'view', code: null, platform: 'instagram' },
      { kind: 'click', code, platform: 'instagram' },
    ]);
  });

  it('writes a batch by itself within about a second, and one whose workspace went away does not lose the rest', async () => {
    const shop = await newWorkspace(t);
    const link = await seedShortLink(db(), { workspaceId: shop.workspaceId });
    const leaving = await newWorkspace(t);
    const leavingLink = await seedShortLink(db(), { workspaceId: leaving.workspaceId });
    await visit(leavingLink.code);
    await visit(link.code);
    // Deleted while its click waits in the batch: that row alone fails (foreign key).
    await db().delete(workspaces).where(eq(workspaces.id, leaving.workspaceId));
    await vi.waitFor(
      async () => {
        const rows = await db().select().from(linkClicks).where(eq(linkClicks.code, link.code));
        expect(rows).toHaveLength(1);
      },
      { timeout: 3_000, interval: 100 },
    );
    expect(await clicksOf(leavingLink.code)).toEqual([]);
  });

  it('hashes with each UTC day’s salt (a new visitor after midnight), and the cleanup deletes salts older than yesterday', async () => {
    const shop = await newWorkspace(t);
    const link = await seedShortLink(db(), { workspaceId: shop.workspaceId });
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const beforeMidnight = new Date(today - DAY_MS - 60_000); // two days ago, 23:59 UTC
    const afterMidnight = new Date(today - DAY_MS + 60_000); // yesterday, 00:01 UTC
    const day = (at: Date) => at.toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(beforeMidnight);
      await visit(link.code);
      await flushClicks(t.ctx);
      vi.setSystemTime(afterMidnight);
      await visit(link.code);
      await flushClicks(t.ctx);
    } finally {
      vi.useRealTimers();
    }
    const clicks = await clicksOf(link.code);
    expect(clicks.map((click) => click.occurredAt.toISOString())).toEqual([
      beforeMidnight.toISOString(),
      afterMidnight.toISOString(),
    ]);
    expect(clicks[0]?.visitorHash).not.toBe(clicks[1]?.visitorHash);
    const salts = async () =>
      (await db().select({ day: clickSalts.day }).from(clickSalts)).map((row) => row.day);
    expect(await salts()).toEqual(expect.arrayContaining([day(beforeMidnight), day(afterMidnight)]));

    await cleanupExpiredJob.handle(
      {},
      { database: t.ctx.database, app: t.ctx, log: { info: () => {}, error: () => {} } },
    );
    const left = await salts();
    expect(left).not.toContain(day(beforeMidnight));
    expect(left).toContain(day(afterMidnight));
    // The clicks stay: their hashes just cannot be linked to an address any more.
    expect(await clicksOf(link.code)).toHaveLength(2);
  });

  it('keeps bot clicks 30 days and every click 400 days', async () => {
    const shop = await newWorkspace(t);
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    await seedClicks(db(), [
      { workspaceId: shop.workspaceId, code: 'retention1', occurredAt: ago(29), isBot: true },
      { workspaceId: shop.workspaceId, code: 'retention2', occurredAt: ago(31), isBot: true },
      { workspaceId: shop.workspaceId, code: 'retention3', occurredAt: ago(399) },
      { workspaceId: shop.workspaceId, code: 'retention4', occurredAt: ago(401) },
    ]);
    await cleanupExpiredJob.handle(
      {},
      { database: t.ctx.database, app: t.ctx, log: { info: () => {}, error: () => {} } },
    );
    const left = await db()
      .select({ code: linkClicks.code })
      .from(linkClicks)
      .where(and(eq(linkClicks.workspaceId, shop.workspaceId), sql`${linkClicks.code} like 'retention%'`))
      .orderBy(linkClicks.code);
    expect(left.map((row) => row.code)).toEqual(['retention1', 'retention3']);
  });

  it('writes the clicks still in the batch when the app closes', async () => {
    const other = await buildTestApp(kind);
    try {
      const shop = await newWorkspace(other);
      const link = await seedShortLink(other.ctx.database.db, { workspaceId: shop.workspaceId });
      const response = await other.app.inject({
        method: 'GET',
        url: `/l/${link.code}`,
        headers: { 'user-agent': CHROME },
      });
      expect(response.statusCode).toBe(302);
      await other.app.close();
      const rows = await other.ctx.database.db
        .select()
        .from(linkClicks)
        .where(eq(linkClicks.code, link.code));
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
