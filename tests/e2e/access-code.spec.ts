import type { Page } from '@playwright/test';
import { authMessages } from '../../src/contracts/auth';
import { E2E_CODES_OFF_URL } from './env';
import { expect, test } from './fixtures';
import { expectToast, openLanding, readDemoUsers, toast } from './helpers';

/** The dialog at a width, for the eye (test-results/screens) and for sideways scrolling. */
async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/screens/access-code-${name}-${width}.png` });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, `${name} at ${width}px scrolls sideways`).toBe(false);
}

test.describe('User Login (access code)', () => {
  test('Login is disabled while empty and the code holds at most 4 characters', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'User Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Login' });
    await expect(dialog).toBeVisible();

    const code = dialog.getByLabel('Access Code');
    const login = dialog.getByRole('button', { name: 'Login' });
    await expect(login).toBeDisabled();
    await expect(code).toHaveAttribute('maxlength', '4');
    await code.pressSequentially('ABCDEFG');
    await expect(code).toHaveValue('ABCD');
    await expect(login).toBeEnabled();
    await code.fill('');
    await expect(login).toBeDisabled();
    await shoot(page, 'on', 1280);
    await shoot(page, 'on', 375);
  });

  test('a wrong code shows Login Failed, and the dialog closes with the code cleared', async ({ page }) => {
    const demoCodes = new Set((await readDemoUsers()).map((user) => user.accessCode));
    const wrong = ['Z9Z9', 'Y8Y8', 'X7X7'].find((candidate) => !demoCodes.has(candidate)) ?? 'W6W6';

    await openLanding(page);
    await page.getByRole('button', { name: 'User Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Login' });
    await dialog.getByLabel('Access Code').fill(wrong);
    await dialog.getByRole('button', { name: 'Login' }).click();

    await expectToast(page, 'Login Failed');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'User Login' }).click();
    await expect(page.getByRole('dialog', { name: 'User Login' }).getByLabel('Access Code')).toHaveValue('');
  });

  test("a demo user's code opens the dashboard", async ({ page }) => {
    const [demo] = await readDemoUsers();
    if (!demo) throw new Error('no demo user seeded');

    await openLanding(page);
    await page.getByRole('button', { name: 'User Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Login' });
    await dialog.getByLabel('Access Code').fill(demo.accessCode);
    await dialog.getByRole('button', { name: 'Login' }).click();

    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Login Successful', `Welcome back, ${demo.firstName}!`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Welcome back, ${demo.firstName}` })).toBeVisible();
  });
});

test.describe('User Login with ACCESS_CODES=off', () => {
  test.use({ baseURL: E2E_CODES_OFF_URL });

  test('the dialog says codes are not enabled and asks for none', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'User Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Login' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Access codes are not enabled on this server.');
    await expect(dialog.getByRole('status')).toHaveText('Sign in with your email and password instead.');
    await expect(dialog.getByLabel('Access Code')).toHaveCount(0);
    await shoot(page, 'off', 1280);
    await shoot(page, 'off', 375);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Its Sign In leads to the email and password form.
    await page.getByRole('button', { name: 'User Login' }).click();
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    const signIn = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(signIn).toBeVisible();
    await expect(signIn.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('dialog', { name: 'User Login' })).toHaveCount(0);
  });

  test('the server answers 404 with the same words', async ({ request }) => {
    const response = await request.post('/api/user/login', { data: { accessCode: 'ABCD' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      user: null,
      message: authMessages.accessCodesOff,
    });
    expect(await (await request.get('/api/auth/methods')).json()).toMatchObject({ accessCodes: false });
  });
});
