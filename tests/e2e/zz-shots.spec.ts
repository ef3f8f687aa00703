import { expect, test } from './fixtures';
import { newUser, signUp } from './helpers';

for (const width of [1280, 375]) {
  test(`social accounts connect cards at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, newUser(`shots-${width}`));
    await page.goto('/social-accounts');
    await expect(page.getByRole('heading', { name: 'Connect a platform' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/social-${width}.png`, fullPage: true });
  });
}
