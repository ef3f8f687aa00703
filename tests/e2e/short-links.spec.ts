import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Post } from '../../src/contracts/posts';
import {
  calendarEvents,
  connectSandboxX,
  openCalendar,
  publishingLine,
  scheduleSoon,
  ZONE,
} from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 29, short links end to end: turn them on under /links, publish a sandbox X post with a
 * link to a page this spec serves on 127.0.0.1, see the short link in the post's panel, follow it
 * (a 302 to the target, UTM tags added) and find the click in Analytics. The browser has Desktop
 * Chrome's user agent (playwright.config.ts), so the click counts as a person's, not a bot's.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('a published post links through its short link, with UTM tags, and the click is counted', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The shop's page: records the query of each visit (the browser's favicon request aside).
  const visits: URLSearchParams[] = [];
  const shop = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://shop');
    if (url.pathname === '/bread') visits.push(url.searchParams);
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Shop</title><h1>Shop</h1>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/bread?kind=rye`;

  try {
    await signUp(page, newUser('shortlinks'));
    const handle = `sl${Date.now().toString(36)}`;
    await connectSandboxX(page, context, handle);

    await page.goto('/links');
    const shorten = page.getByRole('switch', { name: 'Shorten links in published posts' });
    await shorten.check();
    await expect(shorten).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Add UTM tags' })).toBeChecked();
    await expect
      .poll(async () => (await (await page.request.get('/api/link-settings')).json()).shortLinks)
      .toBe(true);

    await openCalendar(page);
    await page.getByRole('button', { name: 'Add Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Add Post' });
    await composer.getByLabel(`@${handle}`).check();
    await composer.getByLabel('Post text').fill(`Rye loaves are back: ${target}`);
    // The post's own UTM switch shows once the text has a link, on by default.
    await expect(composer.getByRole('switch', { name: 'Add UTM tags' })).toBeChecked();
    await scheduleSoon(composer);
    await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expectToast(page, 'Post Scheduled');

    await expect
      .poll(() => publishingLine(page, 'Rye loaves are back'), { timeout: 60_000, intervals: [1000] })
      .toMatch(/^published/);
    const posts = (await (await page.request.get('/api/posts?limit=50')).json()) as Post[];
    const post = posts.find((item) => item.content.includes('Rye loaves are back'));
    if (!post) throw new Error('the post is missing');

    await openCalendar(page);
    await calendarEvents(page).filter({ hasText: 'Rye loaves' }).first().click();
    const panel = page.getByRole('dialog', { name: 'X (Twitter) post' });
    const links = panel.getByTestId('post-links');
    await expect(links).toContainText(target);
    const shortLink = links.getByRole('link').first();
    const shortUrl = await shortLink.getAttribute('href');
    expect(shortUrl).toMatch(/\/l\/[1-9A-HJ-NP-Za-km-z]{10}$/);

    await page.goto(shortUrl ?? '');
    await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
    expect(visits).toHaveLength(1);
    const query = visits[0];
    expect(query?.get('kind')).toBe('rye');
    expect(query?.get('utm_source')).toBe('twitter');
    expect(query?.get('utm_medium')).toBe('social');
    expect(query?.get('utm_content')).toBe(post.id);

    // Clicks are read live (no metrics sync): the recorder writes them within a second.
    await expect(async () => {
      await page.goto('/analytics');
      const total = page
        .getByRole('list', { name: 'Link click totals' })
        .getByRole('listitem')
        .filter({ hasText: 'Link clicks' });
      await expect(total).toHaveText(/^Link clicks\s*1$/, { timeout: 5_000 });
    }).toPass({ timeout: 20_000, intervals: [1_000] });
  } finally {
    await new Promise((resolve) => shop.close(resolve));
  }
});
