import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { openLanding, signInWithDemoUser } from './helpers';

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
