import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openLanding, signInWithDemoUser } from './helpers';

/** No serious or critical WCAG 2 A/AA violations on the screens of the foundation. */
async function expectAccessible(page: Page, screen: string) {
  // Let entrance transitions finish so colours are measured at rest.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.passes.length, 'axe evaluated no rules').toBeGreaterThan(10);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(', ')})`,
    );
  expect(serious, `${screen}:\n${serious.join('\n')}`).toEqual([]);
}

test('landing page and its dialogs are accessible', async ({ page }) => {
  await openLanding(page);
  await expectAccessible(page, 'landing');
  await page.goto('/?auth=signup');
  await expect(page.getByRole('dialog').getByLabel('First Name')).toBeVisible();
  await expectAccessible(page, 'sign-up dialog');
  await openLanding(page);
  await page.getByRole('button', { name: 'User Login' }).click();
  await expect(page.getByRole('dialog', { name: 'User Login' })).toBeVisible();
  await expectAccessible(page, 'user login dialog');
});

test('signed-in dashboard and the not-found page are accessible', async ({ page }) => {
  await signInWithDemoUser(page, 1);
  await expectAccessible(page, 'dashboard');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectAccessible(page, 'not found');
});
