import { E2E_ADMIN_ACCESS_CODE } from './env';
import { expect, test } from './fixtures';
import { clickFooterLogo, openLanding } from './helpers';

test.describe('Super Admin Access', () => {
  test('five footer logo clicks open it; a wrong code alerts, the right one opens /admin', async ({
    page,
  }) => {
    await openLanding(page);
    // A click on the footer logo clears the session mirror's flags.
    await page.evaluate(() => {
      sessionStorage.setItem('userLoggedIn', 'true');
      sessionStorage.setItem('adminAccess', 'true');
    });
    await clickFooterLogo(page, 4);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('userLoggedIn'),
        sessionStorage.getItem('adminAccess'),
      ]),
    ).toEqual([null, null]);
    await clickFooterLogo(page, 1);

    const dialog = page.getByRole('dialog', { name: 'Super Admin Access' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('full user management')).toBeVisible();
    const code = dialog.getByLabel('Access Code');
    const accessPortal = dialog.getByRole('button', { name: 'Access Portal' });
    await expect(code).toHaveAttribute('type', 'password');
    await expect(accessPortal).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();

    // Wrong code: an alert, then the dialog closes and forgets the code.
    await code.fill('0000');
    await expect(accessPortal).toBeEnabled();
    const alert = page.waitForEvent('dialog');
    await accessPortal.click();
    const shown = await alert;
    expect(shown.type()).toBe('alert');
    expect(shown.message()).toBe('Invalid access code');
    await shown.accept();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBeNull();

    // Right code, submitted with Enter.
    await clickFooterLogo(page, 5);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Access Code')).toHaveValue('');
    await dialog.getByLabel('Access Code').fill(E2E_ADMIN_ACCESS_CODE);
    await dialog.getByLabel('Access Code').press('Enter');

    await page.waitForURL('**/admin');
    await expect(page.getByText('Admin Access')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBe('true');
  });

  test('the session storage flag alone grants nothing on /admin', async ({ page }) => {
    await openLanding(page);
    await page.evaluate(() => sessionStorage.setItem('adminAccess', 'true'));
    await page.goto('/admin');

    await expect(page.getByRole('dialog', { name: 'Super Admin Access' })).toBeVisible();
    await expect(page.getByText('Admin Access', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Enter access code' })).toBeVisible();
  });
});
