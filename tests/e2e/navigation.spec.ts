import { expect, test } from './fixtures';
import { expectToast, readDemoUsers, signInWithDemoUser } from './helpers';

test.describe('Routes and guard', () => {
  test('a signed-out visit to /calendar is sent to sign in', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page.getByText('Redirecting to login...')).toBeVisible();
    await expectToast(page, 'Authentication Required', 'Please sign in to access this page.');

    // /api/login (no identity provider configured) sends the browser to /?auth=signin.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Email')).toBeVisible();

    // Signing in (here with a demo user's access code) comes back to the page asked for.
    await page.keyboard.press('Escape');
    const demo = (await readDemoUsers())[2];
    if (!demo) throw new Error('no demo user #2');
    await page.getByRole('button', { name: 'User Login' }).click();
    const login = page.getByRole('dialog', { name: 'User Login' });
    await login.getByLabel('Access Code').fill(demo.accessCode);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/calendar');
  });

  test('an unknown path shows Page Not Found with a link home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
  });

  test('a signed-in user sees the sidebar and can move between pages', async ({ page }) => {
    const user = await signInWithDemoUser(page, 1);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['Dashboard', '/dashboard'],
      ['Content Generator', '/content-generator'],
      ['Content Calendar', '/calendar'],
      ['Social Accounts', '/social-accounts'],
      ['Analytics', '/analytics'],
      ['Settings', '/settings'],
    ];
    for (const [label, href] of expected) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }

    // The plan badge shows the user's real tier, not always Enterprise.
    await expect(page.getByRole('complementary').getByText(user.tier, { exact: true })).toBeVisible();
    await expect(page.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();

    await nav.getByRole('link', { name: 'Content Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();

    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

    // Reloading an app page keeps the session (the guard waits for the server, then lets it in).
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('currentUser'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page.getByText('Redirecting to login...')).toBeVisible();
  });
});
