import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openLanding, signInWithDemoUser } from './helpers';

/** Collects every Content-Security-Policy violation the page reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

test('no page breaks the Content-Security-Policy, signed out or signed in', async ({ page }) => {
  const violations = await watchCsp(page);
  await openLanding(page);
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  await expect(page.getByText('Most Popular')).toBeVisible();
  for (const path of ['/integrations', '/demo', '/no-such-page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await signInWithDemoUser(page, 0);
  await page.goto('/settings');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
