import { expect, test } from './fixtures';
import { expectToast, openLanding, readDemoUsers, toast } from './helpers';

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
