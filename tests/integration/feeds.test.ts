import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FAILURE_LIMIT, type Feed } from '../../src/contracts/feeds';
import { posts, queueSchedules, rssFeeds, workspaces } from '../../src/server/db/schema';
import { pollFeed, sweepDueFeeds } from '../../src/server/modules/feeds';
import { asUser } from '../factories/posts';
import { insertAccount, newWorkspace, notificationsOf } from '../factories/publishing';
import { endlessFeed, failWith, feedEntry as item, servedFeed } from '../fakes/web/feed-server';
import { startWebPages, type WebPages } from '../fakes/web/web-pages';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * RSS/Atom auto-posting through the real app, against a loopback feed server on 127.0.0.1. The app
 * `open` may reach that address (OUTBOUND_ALLOW_PRIVATE=127.0.0.1/32), as a test stands in for a
 * public site; the app `strict` has the default setting and must refuse it without connecting.
 * Polls are run by calling the job's use case (pollFeed), as the worker would.
 */

describe.each(databaseKinds)('RSS and Atom feeds on %s', (kind) => {
  let web: WebPages;
  let open: TestApp;
  let strict: TestApp;

  beforeAll(async () => {
    web = await startWebPages('127.0.0.1');
    const ports = { OUTBOUND_ALLOWED_PORTS: String(web.port) };
    open = await buildTestApp(kind, { ...ports, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1/32' });
    strict = await buildTestApp(kind, ports);
  });
  afterAll(async () => {
    await open?.close();
    await strict?.close();
    await web?.close();
  });

  const url = (path: string) => `${web.origin}${path}`;
  const nextPath = (name: string) => `/${kind}-${name}-${randomBytes(3).toString('hex')}.xml`;

  /** A workspace with an X and a LinkedIn account. */
  async function workspaceWithAccounts(t: TestApp = open) {
    const owner = await newWorkspace(t);
    const x = await insertAccount(t, owner.workspaceId, { platform: 'twitter' });
    const linkedin = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    return { ...owner, api: asUser(t.app, owner.cookie), accountIds: [x.id, linkedin.id] };
  }

  const postsOf = (t: TestApp, workspaceId: string) =>
    t.ctx.database.db.select().from(posts).where(eq(posts.workspaceId, workspaceId));
  const feedRow = async (id: string) => {
    const [row] = await open.ctx.database.db.select().from(rssFeeds).where(eq(rssFeeds.id, id));
    return row;
  };
  const poll = (id: string) => pollFeed(open.ctx, id);

  it('adds an RSS feed after reading it once, and its first read posts only the newest item, as drafts', async () => {
    const owner = await workspaceWithAccounts();
    const path = nextPath('rss');
    const feed = servedFeed(web, path, 'rss');
    feed.add(item(1, 1));
    feed.add(item(2, 2));
    feed.add(item(3, 3));

    const added = await owner.api.post('/api/feeds', {
      url: url(path),
      accountIds: owner.accountIds,
      mode: 'draft',
    });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json() as Feed;
    expect(body).toMatchObject({
      title: 'Glow Candles & Co. blog',
      mode: 'draft',
      pausedReason: null,
      itemsSeen: 0,
    });

    expect(await poll(body.id)).toEqual({ result: 'read', postsCreated: 2 });
    const made = await postsOf(open, owner.workspaceId);
    expect(made).toHaveLength(2);
    expect(made.map((post) => post.status)).toEqual(['draft', 'draft']);
    expect(made.map((post) => post.socialAccountId).sort()).toEqual([...owner.accountIds].sort());
    for (const post of made) {
      expect(post.content).toContain('https://glow.example/blog/scent-3');
      expect(post.content.length).toBeGreaterThan('https://glow.example/blog/scent-3'.length + 10);
    }
    const list = (await owner.api.get('/api/feeds')).json();
    expect(list).toMatchObject({ limit: 10, planNeeded: 'enterprise' });
    expect(list.feeds[0]).toMatchObject({ id: body.id, itemsSeen: 3, postsCreated: 2, lastError: null });
    expect(list.feeds[0].lastPolledAt).not.toBeNull();
  });

  it('reads again with If-None-Match: a 304 makes nothing; new items become posts once, however often it is read', async () => {
    const owner = await workspaceWithAccounts();
    const path = nextPath('etag');
    const feed = servedFeed(web, path, 'rss');
    feed.add(item(1, 1));
    const id = (
      await owner.api.post('/api/feeds', { url: url(path), accountIds: owner.accountIds, mode: 'draft' })
    ).json().id as string;
    await poll(id);
    expect(await postsOf(open, owner.workspaceId)).toHaveLength(2);

    expect(await poll(id)).toEqual({ result: 'not_modified', postsCreated: 0 });
    expect(web.requests.filter((seen) => seen.path === path).at(-1)?.headers['if-none-match']).toBe('"v2"');
    expect((await feedRow(id))?.etag).toBe('"v2"');

    feed.add(item(2, 2));
    expect(await poll(id)).toEqual({ result: 'read', postsCreated: 2 });
    // A server that ignores validators answers the whole feed again: nothing is posted twice.
    feed.state.validators = false;
    expect(await poll(id)).toEqual({ result: 'read', postsCreated: 0 });

    // Two reads at once see the same two new items: each item's posts are made once.
    feed.add(item(3, 3));
    feed.add(item(4, 4));
    const both = await Promise.all([poll(id), poll(id)]);
    expect(both.reduce((sum, outcome) => sum + outcome.postsCreated, 0)).toBe(4);
    const made = await postsOf(open, owner.workspaceId);
    expect(made).toHaveLength(8);
    for (const n of [1, 2, 3, 4]) {
      expect(
        made.filter((post) => post.content.includes(`/blog/scent-${n}`)),
        `item ${n}`,
      ).toHaveLength(2);
    }
  });

  it('reads Atom, newest entry by date, and sends If-Modified-Since on the next read', async () => {
    const owner = await workspaceWithAccounts();
    const path = nextPath('atom');
    const feed = servedFeed(web, path, 'atom');
    feed.add(item(7, 20));
    feed.add(item(6, 10)); // first in the document, but older
    const added = await owner.api.post('/api/feeds', {
      url: url(path),
      accountIds: [owner.accountIds[0]],
      mode: 'draft',
    });
    expect(added.json()).toMatchObject({ title: 'Bakery news' });
    const id = added.json().id as string;
    expect(await poll(id)).toEqual({ result: 'read', postsCreated: 1 });
    const [post] = await postsOf(open, owner.workspaceId);
    expect(post?.content).toContain('https://glow.example/blog/scent-7');
    expect(post?.platform).toBe('twitter');

    expect(await poll(id)).toEqual({ result: 'not_modified', postsCreated: 0 });
    expect(web.requests.filter((seen) => seen.path === path).at(-1)?.headers['if-modified-since']).toBe(
      new Date(Date.UTC(2026, 0, 1, 0, 3)).toUTCString(),
    );
  });

  it('in queue mode puts each new item in the next free slots, oldest first; an account without a queue keeps a draft', async () => {
    const owner = await workspaceWithAccounts();
    const [xId, linkedinId] = owner.accountIds as [string, string];
    await open.ctx.database.db.insert(queueSchedules).values({
      socialAccountId: xId,
      workspaceId: owner.workspaceId,
      slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '09:00' })),
      timeZone: 'UTC',
    });
    const path = nextPath('queue');
    const feed = servedFeed(web, path, 'rss');
    feed.add(item(1, 1));
    const id = (
      await owner.api.post('/api/feeds', { url: url(path), accountIds: owner.accountIds, mode: 'queue' })
    ).json().id as string;
    expect(await poll(id)).toEqual({ result: 'read', postsCreated: 2 });
    feed.add(item(2, 2));
    feed.add(item(3, 3));
    expect(await poll(id)).toEqual({ result: 'read', postsCreated: 4 });

    const made = await postsOf(open, owner.workspaceId);
    const onX = made
      .filter((post) => post.socialAccountId === xId)
      .sort((a, b) => (a.queueSlotAt?.getTime() ?? 0) - (b.queueSlotAt?.getTime() ?? 0));
    expect(onX.map((post) => post.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    // One slot a day at 09:00 UTC, the feed's order kept: item 1, then 2, then 3.
    expect(onX.map((post) => post.content.match(/scent-(\d)/)?.[1])).toEqual(['1', '2', '3']);
    const slots = onX.map((post) => post.queueSlotAt as Date);
    for (const slot of slots) expect(slot.getUTCHours()).toBe(9);
    expect(new Set(slots.map((slot) => slot.getTime())).size).toBe(3);
    const onLinkedIn = made.filter((post) => post.socialAccountId === linkedinId);
    expect(onLinkedIn.map((post) => post.status)).toEqual(['draft', 'draft', 'draft']);
    expect((await feedRow(id))?.lastError).toMatch(
      /2 posts from this feed stayed in your drafts: .*no posting schedule/,
    );
  });

  it(`counts a broken feed's failures and pauses it after ${FEED_FAILURE_LIMIT} in a row, with a notice`, async () => {
    const owner = await workspaceWithAccounts();
    const path = nextPath('broken');
    const feed = servedFeed(web, path, 'rss');
    feed.add(item(1, 1));
    const id = (
      await owner.api.post('/api/feeds', { url: url(path), accountIds: owner.accountIds, mode: 'draft' })
    ).json().id as string;

    const answers = [
      failWith(500, 'text/plain', 'oops'),
      failWith(200, 'text/xml', 'this is <not xml'),
      failWith(200, 'text/html', '<html><body>A page</body></html>'),
      endlessFeed,
      failWith(200, 'application/xml', '<html><head/></html>'),
    ];
    const errors: (string | null)[] = [];
    for (const [index, answer] of answers.entries()) {
      web.page(path, answer);
      expect(await poll(id)).toEqual({ result: 'failed', postsCreated: 0 });
      const row = await feedRow(id);
      expect(row?.consecutiveFailures).toBe(index + 1);
      errors.push(row?.lastError ?? null);
    }
    expect(errors[0]).toMatch(/answered with an error \(500\)/);
    expect(errors[1]).toMatch(/not an RSS or Atom feed/);
    expect(errors[2]).toMatch(/not an RSS or Atom feed/);
    expect(errors[3]).toMatch(/larger than 5 MB/);
    expect(errors[4]).toMatch(/neither an RSS nor an Atom feed/);

    const listed = (await owner.api.get('/api/feeds')).json().feeds[0] as Feed;
    expect(listed).toMatchObject({ pausedReason: 'failures', consecutiveFailures: 5, nextPollAt: null });
    expect(listed.lastError).toMatch(/neither an RSS nor an Atom feed/);
    const notices = (await notificationsOf(open, owner.workspaceId)).filter((n) => n.kind === 'feed_paused');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ link: '/feeds', title: 'A feed was paused' });
    expect(notices[0]?.body).toMatch(/neither an RSS nor an Atom feed/);

    // Paused: not read at all, until a person resumes it.
    const before = web.requests.length;
    expect(await poll(id)).toEqual({ result: 'gone', postsCreated: 0 });
    expect(web.requests.length).toBe(before);
    servedFeed(web, path, 'rss').add(item(1, 1));
    const resumed = await owner.api.post(`/api/feeds/${id}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ pausedReason: null, consecutiveFailures: 0, lastError: null });
    expect(await poll(id)).toEqual({ result: 'read', postsCreated: 2 });
  });

  it('pauses and resumes at a member’s request, deletes, and the sweep claims each due feed once', async () => {
    const owner = await workspaceWithAccounts();
    const path = nextPath('pause');
    servedFeed(web, path, 'rss').add(item(1, 1));
    const id = (
      await owner.api.post('/api/feeds', { url: url(path), accountIds: owner.accountIds, mode: 'draft' })
    ).json().id as string;

    const paused = await owner.api.post(`/api/feeds/${id}/pause`);
    expect(paused.json()).toMatchObject({ pausedReason: 'paused_by_member', nextPollAt: null });
    expect(await poll(id)).toEqual({ result: 'gone', postsCreated: 0 });
    expect((await owner.api.post(`/api/feeds/${id}/resume`)).json()).toMatchObject({ pausedReason: null });

    await open.ctx.database.db
      .update(rssFeeds)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(rssFeeds.id, id));
    const [first, second] = await Promise.all([sweepDueFeeds(open.ctx), sweepDueFeeds(open.ctx)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect((await feedRow(id))?.nextPollAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);

    const other = await workspaceWithAccounts();
    expect((await other.api.delete(`/api/feeds/${id}`)).statusCode).toBe(404);
    expect((await other.api.post(`/api/feeds/${id}/pause`)).statusCode).toBe(404);
    expect((await owner.api.delete(`/api/feeds/${id}`)).statusCode).toBe(204);
    expect((await owner.api.delete(`/api/feeds/${id}`)).statusCode).toBe(404);
    expect((await owner.api.get('/api/feeds')).json().feeds).toEqual([]);
  });

  it('refuses loopback with the default setting, without connecting, and file:// always', async () => {
    const owner = await workspaceWithAccounts(strict);
    const path = nextPath('ssrf');
    servedFeed(web, path, 'rss').add(item(1, 1));
    const before = web.requests.length;
    for (const target of [
      url(path),
      `http://localhost:${web.port}${path}`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const answer = await owner.api.post('/api/feeds', {
        url: target,
        accountIds: owner.accountIds,
        mode: 'draft',
      });
      expect(answer.statusCode, target).toBe(400);
      expect(answer.json().error.message, target).toMatch(/not public/);
    }
    expect(web.requests.length).toBe(before);
    for (const target of ['file:///etc/passwd', 'ftp://glow.example/feed.xml', 'gopher://127.0.0.1/']) {
      const answer = await owner.api.post('/api/feeds', {
        url: target,
        accountIds: owner.accountIds,
        mode: 'draft',
      });
      expect(answer.statusCode, target).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
  });

  it('refuses bad input with a 400, a second copy of a feed with a 409, and a plan without feeds with a 402', async () => {
    const owner = await workspaceWithAccounts();
    const path = nextPath('input');
    servedFeed(web, path, 'rss').add(item(1, 1));
    const good = { url: url(path), accountIds: owner.accountIds, mode: 'draft' };
    for (const bad of [
      {},
      { ...good, url: '' },
      { ...good, url: 'not a url' },
      { ...good, url: `${url(path)}\u0000` },
      { ...good, accountIds: [] },
      { ...good, accountIds: ['nope'] },
      { ...good, accountIds: [owner.accountIds[0], owner.accountIds[0]] },
      { ...good, mode: 'publish' },
      { ...good, extra: true },
    ]) {
      const answer = await owner.api.post('/api/feeds', bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const stranger = await workspaceWithAccounts();
    const foreign = await owner.api.post('/api/feeds', { ...good, accountIds: stranger.accountIds });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/accounts connected to this workspace/);
    expect((await owner.api.post('/api/feeds/not-a-uuid/pause')).statusCode).toBe(400);

    const missing = await owner.api.post('/api/feeds', { ...good, url: url('/no-such-feed.xml') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/could not follow that feed.*\(404\)/);

    expect((await owner.api.post('/api/feeds', good)).statusCode).toBe(201);
    const again = await owner.api.post('/api/feeds', good);
    expect(again.statusCode).toBe(409);

    const starter = await workspaceWithAccounts();
    await open.ctx.database.db
      .update(workspaces)
      .set({ plan: 'starter' })
      .where(eq(workspaces.id, starter.workspaceId));
    const refused = await starter.api.post('/api/feeds', { ...good, accountIds: starter.accountIds });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
    expect((await starter.api.get('/api/feeds')).json()).toEqual({
      feeds: [],
      limit: 0,
      planNeeded: 'professional',
    });
  });
});
