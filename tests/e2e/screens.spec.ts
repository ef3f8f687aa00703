import type { Page } from '@playwright/test';
import { E2E_ADMIN_ACCESS_CODE } from './env';
import { expect, test } from './fixtures';
import { clickFooterLogo, openLanding, signInWithDemoUser } from './helpers';

/**
 * Full-page screenshots of the main screens at a desktop and a phone width, saved to
 * test-results/screens/<name>-<width>.png for review. They assert that the screen is drawn;
 * they do not compare pixels.
 */
const widths = [1280, 375] as const;

async function save(page: Page, name: string, width: number): Promise<void> {
  // Let entrance animations settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
}

for (const width of widths) {
  test.describe(`screens at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 800 } });

    test('landing and its dialogs', async ({ page }) => {
      await openLanding(page);
      await page.locator('#pricing').scrollIntoViewIfNeeded();
      await expect(page.getByText('Most Popular')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page, 'landing', width);

      await page.goto('/?auth=signin');
      await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
      await save(page, 'landing-signin', width);

      await page.goto('/?auth=signup');
      await expect(page.getByRole('dialog').getByLabel('First Name')).toBeVisible();
      await save(page, 'landing-signup', width);

      await openLanding(page);
      await page.getByRole('button', { name: 'User Login' }).click();
      await expect(page.getByRole('dialog', { name: 'User Login' })).toBeVisible();
      await save(page, 'landing-user-login', width);

      await openLanding(page);
      await clickFooterLogo(page, 5);
      await expect(page.getByRole('dialog', { name: 'Super Admin Access' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page, 'landing-super-admin', width);
    });

    test('signed-in screens', async ({ page }) => {
      await signInWithDemoUser(page, width === 1280 ? 0 : 2);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await save(page, 'dashboard', width);

      await page.goto('/calendar');
      await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
      await save(page, 'calendar', width);

      await page.goto('/analytics');
      await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
      await save(page, 'analytics', width);

      if (width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
        await save(page, 'menu', width);
      }
    });

    test('not-found and admin', async ({ page }) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await save(page, 'not-found', width);

      await page.goto('/admin');
      const dialog = page.getByRole('dialog', { name: 'Super Admin Access' });
      await expect(dialog).toBeVisible();
      await save(page, 'admin-locked', width);

      await dialog.getByLabel('Access Code').fill(E2E_ADMIN_ACCESS_CODE);
      await dialog.getByRole('button', { name: 'Access Portal' }).click();
      await expect(page.getByText('Admin Access')).toBeVisible();
      await save(page, 'admin', width);
    });
  });
}
