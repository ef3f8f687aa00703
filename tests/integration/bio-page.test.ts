import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bioPageMessages, linkMessages } from '../../src/contracts/links';
import { bioLinks, posts, shortLinks } from '../../src/server/db/schema';
import { insertPostWithStatus, insertPublishedPost } from '../factories/analytics';
import { seedShortLink } from '../factories/links';
import { uploadFile, uploadImage } from '../factories/media';
import { makePdf } from '../factories/pdf';
import { asUser } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { randomIp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/* The bio page (issue 29): GET/PUT /api/bio-page and the public page at /@<slug>. */

/** A slug no other test has (the app and its database are shared by the file's tests). */
const newSlug = (prefix = 'shop') => `${prefix}-${randomBytes(5).toString('hex')}`;

const page = (slug: string, links: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  slug,
  title: 'Bench Bakery',
  description: 'Sourdough since 1998.',
  showPosts: true,
  links,
  ...extra,
});

describe.each(databaseKinds)('bio page on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const db = () => t.ctx.database.db;
  const visit = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers, remoteAddress: randomIp() });
  const workspace = async () => {
    const ws = await newWorkspace(t);
    return { ...ws, api: asUser(t.app, ws.cookie) };
  };

  it('starts empty, saves with the slug folded to lowercase, and reads back', async () => {
    const { api } = await workspace();
    expect((await api.get('/api/bio-page')).json()).toBeNull();
    const slug = newSlug();
    const saved = await api.put('/api/bio-page', page(` ${slug.toUpperCase()} `));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      slug,
      title: 'Bench Bakery',
      showPosts: true,
      links: [],
      url: `${TEST_APP_URL}/@${slug}`,
    });
    expect((await api.get('/api/bio-page')).json()).toEqual(saved.json());
    // The address answers in any case.
    expect((await visit(`/@${slug.toUpperCase()}`)).statusCode).toBe(200);
  });

  it('refuses a malformed or reserved address with 400, one taken by another workspace with 409', async () => {
    const { api } = await workspace();
    for (const slug of ['ab', '-abc', 'abc-', 'a_bc', 'bäckerei', 'x'.repeat(31)]) {
      const response = await api.put('/api/bio-page', page(slug));
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().error.issues[0]).toMatchObject({
        path: 'body.slug',
        message: bioPageMessages.slugShape,
      });
    }
    for (const slug of ['Admin', 'api', 'links', 'settings', 'l']) {
      const response = await api.put('/api/bio-page', page(slug));
      expect(response.statusCode, slug).toBe(400);
      if (slug !== 'l') {
        expect(response.json().error.issues[0].message).toBe(
          `"${slug.toLowerCase()}" is reserved. Choose another address.`,
        );
      }
    }
    const slug = newSlug('taken');
    expect((await api.put('/api/bio-page', page(slug))).statusCode).toBe(200);
    // Saving again keeps its own address.
    expect((await api.put('/api/bio-page', page(slug, [], { title: 'Renamed' }))).statusCode).toBe(200);
    const other = await workspace();
    const taken = await other.api.put('/api/bio-page', page(slug.toUpperCase()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(`The address ${TEST_APP_URL}/@${slug} is taken. Choose another.`);
    expect((await other.api.get('/api/bio-page')).json()).toBeNull();
  });

  it('refuses bad links with 400', async () => {
    const { api } = await workspace();
    const slug = newSlug();
    const cases: Array<[unknown[], string]> = [
      [[{ title: 'Shop', url: 'javascript:alert(1)' }], bioPageMessages.notHttp],
      [[{ title: 'Shop', url: 'ftp://files.example/menu' }], bioPageMessages.notHttp],
      [[{ title: 'Shop', url: 'https://user:secret@shop.example/' }], bioPageMessages.credentials],
      [
        [
          {
            title: 'Sale',
            url: 'https://shop.example',
            startsAt: '2026-12-02T00:00:00Z',
            endsAt: '2026-12-01T00:00:00Z',
          },
        ],
        bioPageMessages.endBeforeStart,
      ],
      [
        Array.from({ length: 51 }, (_, i) => ({ title: `L${i}`, url: `https://shop.example/${i}` })),
        bioPageMessages.tooManyLinks,
      ],
    ];
    for (const [links, message] of cases) {
      const response = await api.put('/api/bio-page', page(slug, links));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].message).toBe(message);
    }
  });

  it('keeps codes by id through a reorder, gives a changed URL a new code, deletes a link left out', async () => {
    const { api, workspaceId } = await workspace();
    const slug = newSlug();
    const first = await api.put(
      '/api/bio-page',
      page(slug, [
        { title: 'Order online', url: 'https://shop.example/order' },
        { title: 'Menu', url: 'https://bäckerei.example/menü?x=1' },
        { title: 'Jobs', url: 'https://shop.example/jobs' },
      ]),
    );
    expect(first.statusCode).toBe(200);
    const [order, menu, jobs] = first.json().links;
    expect(new Set([order.code, menu.code, jobs.code]).size).toBe(3);
    const [menuLink] = await db().select().from(shortLinks).where(eq(shortLinks.code, menu.code));
    expect(menuLink).toMatchObject({
      kind: 'bio',
      workspaceId,
      bioLinkId: menu.id,
      url: 'https://bäckerei.example/menü?x=1',
      // UTM tags name the page (the workspace tags links unless it turns that off).
      target: `https://xn--bckerei-5wa.example/men%C3%BC?x=1&utm_source=link_in_bio&utm_medium=social&utm_campaign=${slug}`,
    });

    const second = await api.put(
      '/api/bio-page',
      page(slug, [
        { id: jobs.id, title: 'Jobs', url: jobs.url },
        { id: order.id, title: 'Order now', url: 'https://shop.example/order-v2' },
        { title: 'Gift cards', url: 'https://shop.example/gifts' },
      ]),
    );
    expect(second.statusCode).toBe(200);
    const links = second.json().links;
    expect(links.map((l: { title: string }) => l.title)).toEqual(['Jobs', 'Order now', 'Gift cards']);
    expect(links[0]).toMatchObject({ id: jobs.id, code: jobs.code });
    expect(links[1].id).toBe(order.id);
    expect(links[1].code).not.toBe(order.code);
    // A code never changes target: the old one still leads to the old URL.
    const [oldOrder] = await db().select().from(shortLinks).where(eq(shortLinks.code, order.code));
    expect(oldOrder?.target).toBe(
      `https://shop.example/order?utm_source=link_in_bio&utm_medium=social&utm_campaign=${slug}`,
    );
    // The menu's row is gone, its code is not.
    expect(await db().select().from(bioLinks).where(eq(bioLinks.id, menu.id))).toEqual([]);
    expect(await db().select().from(shortLinks).where(eq(shortLinks.code, menu.code))).toHaveLength(1);

    // Another workspace cannot take a link by its id: it gets a new link of its own.
    const other = await workspace();
    const foreign = await other.api.put(
      '/api/bio-page',
      page(newSlug(), [{ id: jobs.id, title: 'Mine', url: 'https://other.example' }]),
    );
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().links[0].id).not.toBe(jobs.id);
    expect((await api.get('/api/bio-page')).json().links[0]).toMatchObject({ id: jobs.id, title: 'Jobs' });
  });

  it('takes a thumbnail only from the workspace’s own images', async () => {
    const { api, cookie } = await workspace();
    const other = await workspace();
    const own = await uploadImage(t.app, cookie);
    const foreign = await uploadImage(t.app, other.cookie);
    const pdf = (
      await uploadFile(t.app, cookie, makePdf(), { fileName: 'menu.pdf', contentType: 'application/pdf' })
    ).json();
    const slug = newSlug();
    const link = (thumbnailMediaId: string) => [
      { title: 'Shop', url: 'https://shop.example', thumbnailMediaId },
    ];
    const saved = await api.put('/api/bio-page', page(slug, link(own.id)));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().links[0].thumbnailUrl).toMatch(
      new RegExp(`^${TEST_APP_URL}/media/${own.id}\\.thumb\\.webp\\?exp=\\d+&sig=`),
    );
    for (const [id, message] of [
      [foreign.id, bioPageMessages.thumbnailNotFound],
      ['00000000-0000-4000-8000-000000000000', bioPageMessages.thumbnailNotFound],
      [pdf.id, bioPageMessages.thumbnailNotImage],
    ] as const) {
      const response = await api.put('/api/bio-page', page(slug, link(id)));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('shows each link within its schedule only', async () => {
    const { api } = await workspace();
    const slug = newSlug();
    const saved = await api.put(
      '/api/bio-page',
      page(slug, [
        { title: 'Always', url: 'https://shop.example/always' },
        {
          title: 'Winter sale',
          url: 'https://shop.example/sale',
          startsAt: '2030-12-01T09:00:00Z',
          endsAt: '2030-12-24T00:00:00Z',
        },
        { title: 'Next year', url: 'https://shop.example/next', startsAt: '2031-01-01T00:00:00+01:00' },
      ]),
    );
    expect(saved.json().links.map((l: { live: boolean }) => l.live)).toEqual([true, false, false]);
    const shownAt = async (iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(iso));
      const body = (await visit(`/@${slug}`)).body;
      vi.useRealTimers();
      return ['Always', 'Winter sale', 'Next year'].filter((title) => body.includes(`>${title}</span>`));
    };
    expect(await shownAt('2030-12-01T08:59:59Z')).toEqual(['Always']);
    expect(await shownAt('2030-12-01T09:00:00Z')).toEqual(['Always', 'Winter sale']);
    expect(await shownAt('2030-12-23T23:59:59Z')).toEqual(['Always', 'Winter sale']);
    expect(await shownAt('2030-12-24T00:00:00Z')).toEqual(['Always']);
    expect(await shownAt('2030-12-31T23:00:00Z')).toEqual(['Always', 'Next year']);
  });

  it('renders the public page: Open Graph, escaped text, short links, no script, CSP-compatible', async () => {
    const { api, cookie } = await workspace();
    const logo = await uploadImage(t.app, cookie, 'png', { width: 512, height: 512 });
    const kit = await api.put('/api/user/brand-kit', {
      brandName: 'Bench <Bakery>',
      voiceDescription: '',
      defaultTone: 'professional',
      audience: '',
      keywords: [],
      bannedWords: [],
      requiredHashtags: [],
      emojiPolicy: 'sparing',
      logoMediaId: logo.id,
      primaryColour: '#FACC15',
      description: 'Bread & "buns"',
    });
    expect(kit.statusCode, kit.body).toBe(200);
    const slug = newSlug();
    const saved = await api.put(
      '/api/bio-page',
      page(slug, [{ title: '<script>alert(1)</script>', url: 'https://shop.example' }], { description: '' }),
    );
    const code = saved.json().links[0].code;
    const response = await visit(`/@${slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    const body = response.body;
    expect(body).not.toMatch(/<script/i);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('<meta property="og:title" content="Bench Bakery">');
    expect(body).toContain('<meta property="og:description" content="Bread &amp; &quot;buns&quot;">');
    expect(body).toContain(`<meta property="og:url" content="${TEST_APP_URL}/@${slug}">`);
    expect(body).toContain('<meta property="og:type" content="profile">');
    expect(body).toMatch(
      new RegExp(
        `<meta property="og:image" content="${TEST_APP_URL}/media/${logo.id}\\.png\\?exp=\\d+&amp;sig=`,
      ),
    );
    expect(body).toContain(`<link rel="canonical" href="${TEST_APP_URL}/@${slug}">`);
    expect(body).toContain('<p class="bio-name">Bench &lt;Bakery&gt;</p>');
    expect(body).toContain(`href="/l/${code}"`);
    // Images by path (same origin), signed for the whole UTC day: the same URL on every request.
    expect(body).toMatch(new RegExp(`class="bio-logo" src="/media/${logo.id}\\.thumb\\.webp\\?exp=`));
    expect((await visit(`/@${slug}`)).body).toBe(body);
    // Come from a network (Instagram's link shim), the links say so: the click cannot tell by its
    // own Referer, which is this page. An unknown referrer adds nothing.
    const fromInstagram = await visit(`/@${slug}`, { referer: 'https://l.instagram.com/?u=x' });
    expect(fromInstagram.body).toContain(`href="/l/${code}?via=instagram"`);
    const fromElsewhere = await visit(`/@${slug}`, { referer: 'https://news.example/story' });
    expect(fromElsewhere.body).toContain(`href="/l/${code}"`);
    // A pale brand colour: black button text, dark ink for text on white.
    expect(body).toContain('--on-brand:#000000');
    expect(body).toContain('--brand-text:#111827');
  });

  it('answers an unknown or malformed address with a small 404 kept out of search engines', async () => {
    for (const path of ['/@nobody-here-at-all', '/@x', '/@..%2Fadmin']) {
      const response = await visit(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain(linkMessages.bioNotFound);
    }
  });

  it('shows the latest published posts only, each opening its first short link or else its post', async () => {
    const { api, workspaceId, cookie } = await workspace();
    const image = await uploadImage(t.app, cookie);
    const withLink = await insertPublishedPost(t, workspaceId, {
      content: 'Rye is back',
      publishedAt: new Date(Date.now() - 60_000),
    });
    await db()
      .update(posts)
      .set({ mediaIds: [image.id], altTexts: { [image.id]: 'Rye loaves on a rack' } })
      .where(eq(posts.id, withLink.id));
    const second = await seedShortLink(db(), {
      workspaceId,
      postId: withLink.id,
      url: 'https://shop.example/2',
    });
    await db().update(shortLinks).set({ position: 1 }).where(eq(shortLinks.code, second.code));
    const firstLink = await seedShortLink(db(), {
      workspaceId,
      postId: withLink.id,
      url: 'https://shop.example/1',
    });
    const plain = await insertPublishedPost(t, workspaceId, {
      content: 'Open on Sunday',
      publishedAt: new Date(Date.now() - 120_000),
    });
    await insertPostWithStatus(t, workspaceId, 'scheduled', { content: 'Not out yet' });
    await insertPostWithStatus(t, workspaceId, 'draft', { content: 'A draft' });
    const otherWs = await workspace();
    await insertPublishedPost(t, otherWs.workspaceId, { content: 'Someone else’s post' });

    const slug = newSlug();
    await api.put('/api/bio-page', page(slug));
    const body = (await visit(`/@${slug}`)).body;
    expect(body).toContain('Latest posts');
    expect(body).toContain(
      `<a class="bio-tile" href="/l/${firstLink.code}" rel="noopener"><img src="/media/${image.id}.thumb.webp?`,
    );
    expect(body).toContain('alt="Rye loaves on a rack"');
    expect(body).toContain(`href="${plain.externalUrl}"`);
    expect(body.indexOf('Rye loaves')).toBeLessThan(body.indexOf('Open on Sunday'));
    for (const hidden of ['Not out yet', 'A draft', 'Someone else']) expect(body).not.toContain(hidden);

    await api.put('/api/bio-page', page(slug, [], { showPosts: false }));
    expect((await visit(`/@${slug}`)).body).not.toContain('Latest posts');
  });
});
