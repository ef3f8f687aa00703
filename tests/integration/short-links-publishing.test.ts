import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMessages, SHORT_CODE_PATTERN } from '../../src/contracts/links';
import type { PostDetail } from '../../src/contracts/posts';
import { posts, sandboxPosts, shortLinks, workspaces } from '../../src/server/db/schema';
import { RateLimitedError } from '../../src/server/integrations/social/social-provider';
import { runPostFollowUps } from '../../src/server/modules/publishing';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser } from '../factories/posts';
import {
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  postRow,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { connectX } from '../factories/sandbox';
import { html, startWebPages, type WebPages } from '../fakes/web/web-pages';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Issue 29 (decision 093): a published post's links become short links `<origin>/l/<code>` whose
 * targets carry UTM tags; the codes are made once per post and link, and every retry,
 * reconciliation and follow-up sends the same text.
 */
describe.each(databaseKinds)('short links at publishing on %s', (kind) => {
  let t: TestApp;
  let web: WebPages;
  let twitter: ScriptedPlatform;
  let linkedin: ScriptedPlatform;
  let threads: ScriptedPlatform;
  let origin: string;
  beforeAll(async () => {
    web = await startWebPages('127.0.0.2');
    web.page(
      '/autumn',
      html(`<html><head><title>Autumn</title>
        <meta property="og:title" content="Autumn collection">
        <meta property="og:description" content="Five new scents."></head><body></body></html>`),
    );
    twitter = scriptedPlatform('twitter');
    linkedin = scriptedPlatform('linkedin');
    threads = scriptedPlatform('threads');
    t = await buildTestApp(
      kind,
      { OUTBOUND_ALLOWED_PORTS: String(web.port), OUTBOUND_ALLOW_PRIVATE: '127.0.0.2/32' },
      { socialProviders: { twitter, linkedin, threads } },
    );
    origin = t.ctx.config.links.shortOrigin;
  });
  afterAll(async () => {
    await t.close();
    await web.close();
  });

  /** A workspace with one account on `platform`, short links set as asked. */
  async function workspace(
    platform: 'twitter' | 'linkedin' | 'threads' = 'twitter',
    settings: { shortLinks: boolean; utm: boolean } | null = { shortLinks: true, utm: true },
  ) {
    const { workspaceId, cookie } = await newWorkspace(t);
    const api = asUser(t.app, cookie);
    if (settings) expect((await api.put('/api/link-settings', settings)).statusCode).toBe(200);
    const account = await insertAccount(t, workspaceId, { platform });
    const post = (content: string, extra: Parameters<typeof insertScheduledPost>[2] = {}) =>
      insertScheduledPost(t, workspaceId, { platform, content, socialAccountId: account.id, ...extra });
    const detail = async (id: string) => (await api.get(`/api/posts/${id}`)).json() as PostDetail;
    return { workspaceId, api, post, detail };
  }

  const shortUrlPattern = () =>
    new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/l/([1-9A-HJ-NP-Za-km-z]{10})`, 'g');
  const codesIn = (text: string) => Array.from(text.matchAll(shortUrlPattern()), (match) => match[1]);

  it('answers the settings: off by default, available on the trial, pointing at the short origin', async () => {
    const { api } = await workspace('twitter', null);
    const answer = await api.get('/api/link-settings');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ shortLinks: false, utm: true, available: true, origin });
    expect((await api.put('/api/link-settings', { shortLinks: 'yes', utm: true })).statusCode).toBe(400);
  });

  it('replaces both links of an X post with short links whose targets carry UTM tags', async () => {
    const { post, detail } = await workspace();
    const first = `${web.origin}/autumn?ref=shop#top`;
    const second = 'https://bäckerei.example/brot';
    const row = await post(
      `Autumn is here: ${first}. Bread at ${second}, again ${first} and bakery.example and ${origin}/l/abcdefghij!`,
    );
    await t.ctx.database.db.update(posts).set({ groupId: row.id }).where(eq(posts.id, row.id));
    expect(await publishPost(t.ctx, { postId: row.id, version: 1 })).toBe('published');

    const sent = twitter.calls.at(-1)?.text ?? '';
    const codes = codesIn(sent);
    // One code per link, the same one where the link repeats; a bare domain and a link already on
    // the short origin are left as they are.
    expect(codes).toHaveLength(4);
    expect(codes[0]).toBe(codes[2]);
    expect(codes[3]).toBe('abcdefghij');
    expect(sent).toContain(' bakery.example ');
    expect(sent).not.toContain(web.origin);

    const links = (await detail(row.id)).links;
    const tags = `utm_source=twitter&utm_medium=social&utm_campaign=${row.id}&utm_content=${row.id}`;
    expect(links).toEqual([
      {
        code: codes[0],
        url: first,
        target: `${web.origin}/autumn?ref=shop&${tags}#top`,
        shortUrl: `${origin}/l/${codes[0]}`,
      },
      {
        code: codes[1],
        url: second,
        target: `https://xn--bckerei-5wa.example/brot?${tags}`,
        shortUrl: `${origin}/l/${codes[1]}`,
      },
    ]);
    for (const link of links) expect(link.code).toMatch(SHORT_CODE_PATTERN);
  });

  it('sends the same codes on a reconciliation, a retry, the thread and the first comment', async () => {
    const { post } = await workspace();
    const link = `${web.origin}/autumn`;
    const row = await post(`Lost answer ${link}`, {
      thread: [
        {
          content: `Thread item ${link} and ${web.origin}/winter`,
          mediaIds: [],
          status: 'pending',
          externalId: null,
          url: null,
          error: null,
        },
      ],
      firstComment: `Comment ${web.origin}/winter`,
    });
    // The platform creates the post and the answer is lost: reconciliation finds it by its text,
    // which must be the text sent, short links included.
    twitter.plan('Lost answer', 'create-then-lose-answer');
    expect(await publishPost(t.ctx, { postId: row.id, version: 1 })).toBe('reconciled');
    const sent = twitter.posts.find((held) => held.text.startsWith('Lost answer'))?.text ?? '';
    const [code] = codesIn(sent);
    expect(code).toBeDefined();

    await runPostFollowUps(t.ctx, row.id);
    const replies = twitter.replies;
    const threadText = replies.find((reply) => reply.text.startsWith('Thread item'))?.text ?? '';
    const commentText = replies.find((reply) => reply.text.startsWith('Comment'))?.text ?? '';
    const [again, winter] = codesIn(threadText);
    expect(again).toBe(code);
    expect(winter).toBeDefined();
    expect(codesIn(commentText)).toEqual([winter]);
    expect(threadText).not.toContain(web.origin);

    // A retry after a refusal publishes the very same text.
    const retried = await post(`Retry me ${link}`);
    twitter.plan(
      'Retry me',
      new RateLimitedError('twitter', 'Too Many Requests', new Date(Date.now() + 60_000)),
    );
    expect(await publishPost(t.ctx, { postId: retried.id, version: 1 })).toBe('retrying');
    const firstTry = twitter.calls.at(-1)?.text;
    const due = (await postRow(t, retried.id)).nextAttemptAt ?? new Date();
    expect(await publishPost(t.ctx, { postId: retried.id, version: 2 }, due)).toBe('published');
    expect(twitter.calls.at(-1)?.text).toBe(firstTry);
    const stored = await t.ctx.database.db.select().from(shortLinks).where(eq(shortLinks.postId, retried.id));
    expect(stored).toHaveLength(1);
  });

  it('adds no UTM tags when the post or the workspace turned them off', async () => {
    const { api, post, detail } = await workspace();
    const created = await api.post('/api/posts', { platform: 'twitter', content: 'Draft', utm: false });
    expect(created.json()).toMatchObject({ utm: false });
    expect((await api.patch(`/api/posts/${created.json().id}`, { utm: true })).json()).toMatchObject({
      utm: true,
    });
    expect((await api.patch(`/api/posts/${created.json().id}`, { utm: 'no' })).statusCode).toBe(400);

    const row = await post(`Untagged ${web.origin}/autumn?x=1`);
    await t.ctx.database.db.update(posts).set({ utm: false }).where(eq(posts.id, row.id));
    expect(await publishPost(t.ctx, { postId: row.id, version: 1 })).toBe('published');
    expect((await detail(row.id)).links).toMatchObject([{ target: `${web.origin}/autumn?x=1` }]);

    const off = await workspace('twitter', { shortLinks: true, utm: false });
    const other = await off.post(`Workspace off ${web.origin}/autumn`);
    expect(await publishPost(t.ctx, { postId: other.id, version: 1 })).toBe('published');
    expect((await off.detail(other.id)).links).toMatchObject([{ target: `${web.origin}/autumn` }]);
  });

  it('leaves the text alone with short links off, and makes no code', async () => {
    const { post, detail } = await workspace('twitter', { shortLinks: false, utm: true });
    const content = `Plain link ${web.origin}/autumn`;
    const row = await post(content);
    expect(await publishPost(t.ctx, { postId: row.id, version: 1 })).toBe('published');
    expect(twitter.calls.at(-1)?.text).toBe(content);
    expect((await detail(row.id)).links).toEqual([]);
  });

  it('refuses short links on Free (402), and stops shortening after a downgrade while old codes stay', async () => {
    const { api, workspaceId, post, detail } = await workspace();
    const before = await post(`Before the downgrade ${web.origin}/autumn`);
    expect(await publishPost(t.ctx, { postId: before.id, version: 1 })).toBe('published');
    const [old] = (await detail(before.id)).links;
    expect(old).toBeDefined();

    await t.ctx.database.db.update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, workspaceId));
    const refused = await api.put('/api/link-settings', { shortLinks: true, utm: true });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'plan_limit',
      message: linkMessages.shortLinksNotInPlan,
      planNeeded: 'starter',
    });
    expect((await api.get('/api/link-settings')).json()).toMatchObject({
      shortLinks: true,
      available: false,
    });

    const content = `After the downgrade ${web.origin}/autumn`;
    const after = await post(content);
    expect(await publishPost(t.ctx, { postId: after.id, version: 1 })).toBe('published');
    expect(twitter.calls.at(-1)?.text).toBe(content);
    // The published code still leads where it did: short_links rows are never removed.
    const [kept] = await t.ctx.database.db
      .select()
      .from(shortLinks)
      .where(eq(shortLinks.code, old?.code ?? ''));
    expect(kept).toMatchObject({ target: old?.target, workspaceId, disabledAt: null });
    // Turning them off stays possible on Free.
    expect((await api.put('/api/link-settings', { shortLinks: false, utm: true })).statusCode).toBe(200);
  });

  it('keeps a link as written when its short link would take the text past the length', async () => {
    const { post, detail } = await workspace('threads');
    const link = 'https://b.example/x';
    const content = `${'a'.repeat(500 - link.length - 1)} ${link}`;
    const row = await post(content);
    expect(await publishPost(t.ctx, { postId: row.id, version: 1 })).toBe('published');
    expect(threads.calls.at(-1)?.text).toBe(content);
    expect((await detail(row.id)).links).toEqual([]);
  });

  it('gives LinkedIn the card read from the original page, linking the short URL', async () => {
    const { post, detail } = await workspace('linkedin');
    const row = await post(`Our autumn range: ${web.origin}/autumn`);
    expect(await publishPost(t.ctx, { postId: row.id, version: 1 })).toBe('published');
    const [link] = (await detail(row.id)).links;
    expect(linkedin.inputs.at(-1)?.link).toEqual({
      url: link?.shortUrl,
      title: 'Autumn collection',
      description: 'Five new scents.',
      imageUrl: null,
    });
    expect(linkedin.inputs.at(-1)?.text).toBe(`Our autumn range: ${link?.shortUrl}`);
  });
});

/* The same through the HTTP API and the real X adapter against the platform simulator. */
describe.each(databaseKinds)('short links through the X simulator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('composes with UTM tags off for one post, publishes short links, and lists them on the detail', async () => {
    const { cookie } = await newWorkspace(t);
    const api = asUser(t.app, cookie);
    const { result } = await connectX(t.app, cookie);
    expect((await api.put('/api/link-settings', { shortLinks: true, utm: true })).statusCode).toBe(200);
    const origin = t.ctx.config.links.shortOrigin;
    const due = new Date(Date.now() + 60_000);
    const composed = async (utm?: boolean) => {
      const answer = await api.post('/api/posts/compose', {
        content: 'New loaves https://bakery.example/loaves and https://bakery.example/menu?day=fri#today',
        targets: [{ platform: 'twitter', socialAccountId: result['account-id'] }],
        scheduledAt: due.toISOString(),
        ...(utm === undefined ? {} : { utm }),
      });
      expect(answer.statusCode).toBe(201);
      const [created] = answer.json().posts as PostDetail[];
      if (!created) throw new Error('nothing composed');
      expect(created.utm).toBe(utm ?? true);
      const row = await postRow(t, created.id);
      expect(await publishPost(t.ctx, { postId: row.id, version: row.publishVersion }, due)).toBe(
        'published',
      );
      const [held] = await t.ctx.database.db
        .select()
        .from(sandboxPosts)
        .where(eq(sandboxPosts.externalId, (await postRow(t, row.id)).externalId ?? ''));
      return {
        id: row.id,
        groupId: row.groupId,
        text: held?.text ?? '',
        detail: (await api.get(`/api/posts/${row.id}`)).json() as PostDetail,
      };
    };

    const tagged = await composed();
    expect(tagged.detail.links).toHaveLength(2);
    const [loaves, menu] = tagged.detail.links;
    expect(tagged.text).toBe(`New loaves ${loaves?.shortUrl} and ${menu?.shortUrl}`);
    expect(loaves?.shortUrl.startsWith(`${origin}/l/`)).toBe(true);
    // One target: no group, no generation, so no campaign.
    expect(tagged.groupId).toBeNull();
    const tags = `utm_source=twitter&utm_medium=social&utm_content=${tagged.id}`;
    expect(menu?.target).toBe(`https://bakery.example/menu?day=fri&${tags}#today`);

    const untagged = await composed(false);
    expect(untagged.detail.links.map((link) => link.target)).toEqual([
      'https://bakery.example/loaves',
      'https://bakery.example/menu?day=fri#today',
    ]);
    // Each post has its own codes for the same links: the clicks are counted per post.
    expect(untagged.detail.links[0]?.code).not.toBe(loaves?.code);
  });
});
