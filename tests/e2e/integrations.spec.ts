import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

/** The social integrations marketing page (spec §2 "Integrations"). */

const available = [
  'Facebook',
  'Instagram',
  'X (Twitter)',
  'LinkedIn',
  'Threads',
  'Pinterest',
  'Bluesky',
  'Mastodon',
  'YouTube',
  'TikTok',
  'Google Business Profile',
];
const comingSoon = ['Discord'];

async function openIntegrations(page: Page): Promise<void> {
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'page is wider than the viewport').toBeLessThanOrEqual(width);
}

test.describe('integrations page at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('hero, title and the four feature cards', async ({ page }) => {
    await openIntegrations(page);
    await expect(page).toHaveTitle('Integrations — Kitepost');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/connect/i);
    // Inside the public layout.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Back to Home' })).toBeVisible();

    const features = page.getByRole('region', { name: 'One place for every channel' });
    const cards = features.locator('article');
    await expect(cards).toHaveCount(4);
    for (const title of [
      'One-click secure connection',
      'Publish everywhere',
      'Unified analytics',
      'Automatic token refresh',
    ]) {
      const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: title }) });
      await expect(card, title).toHaveCount(1);
      await expect(card.locator('p')).not.toHaveText('');
    }
  });

  test('both platform groups, each card with a description, features and its badge', async ({ page }) => {
    await openIntegrations(page);
    for (const [group, names, badge, other] of [
      ['Available Now', available, 'Available', 'Coming Soon'],
      ['Coming Soon', comingSoon, 'Coming Soon', 'Available'],
    ] as const) {
      const section = page.getByRole('region', { name: group });
      await expect(section.getByRole('heading', { level: 2, name: group })).toBeVisible();
      const cards = section.getByRole('article');
      await expect(cards).toHaveCount(names.length);
      for (const [index, name] of names.entries()) {
        const card = cards.nth(index);
        await expect(card).toHaveAccessibleName(name);
        await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
        await expect(card.locator('p')).not.toHaveText('');
        expect(await card.getByRole('listitem').count(), `${name} features`).toBeGreaterThanOrEqual(2);
        await expect(card.getByText(badge, { exact: true })).toBeVisible();
        await expect(card.getByText(other, { exact: true })).toHaveCount(0);
      }
    }
  });

  test('Get Started Today, Start Free Trial and View Demo go where they say', async ({ page }) => {
    await openIntegrations(page);
    const main = page.getByRole('main');
    const links = [
      ['Get Started Today', '/'],
      ['Start Free Trial', '/subscribe'],
      ['View Demo', '/demo'],
    ] as const;
    for (const [name, href] of links) {
      await expect(main.getByRole('link', { name }), name).toHaveAttribute('href', href);
    }

    await main.getByRole('link', { name: 'Get Started Today' }).click();
    await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    // The title is put back when the page goes.
    await expect(page).not.toHaveTitle('Integrations — Kitepost');

    await openIntegrations(page);
    await page.getByRole('main').getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);

    await openIntegrations(page);
    await page.getByRole('main').getByRole('link', { name: 'View Demo' }).click();
    await expect(page).toHaveURL(/\/demo$/);
  });

  test('is accessible (axe, WCAG 2 A/AA)', async ({ page }) => {
    await openIntegrations(page);
    await expectAccessible(page, '/integrations');
  });

  test('screenshot at 1280 px', async ({ page }) => {
    await openIntegrations(page);
    await expectNoHorizontalScroll(page, 1280);
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'test-results/screens/public-integrations-1280.png', fullPage: true });
  });
});

test.describe('integrations page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('no horizontal scroll; screenshot', async ({ page }) => {
    await openIntegrations(page);
    await expect(page.getByRole('region', { name: 'Coming Soon' }).getByRole('article')).toHaveCount(1);
    await expectNoHorizontalScroll(page, 375);
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'test-results/screens/public-integrations-375.png', fullPage: true });
  });
});
