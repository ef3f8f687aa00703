import type { Page } from '@playwright/test';
import { paidPlans } from '../../src/contracts/plans';
import { expect, test } from './fixtures';
import { newUser, signUp } from './helpers';

/**
 * `/`, `/integrations` and `/demo` come prerendered (decision 052): they paint without
 * JavaScript, and with it the browser hydrates the markup it was sent (the same nodes, no
 * mismatch) and the page answers clicks.
 */
const pages = [
  { path: '/', heading: 'Social media marketing, written and scheduled by AI' },
  { path: '/integrations', heading: 'Connect your social accounts, publish everywhere' },
  { path: '/demo', heading: 'See Kitepost in action' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing shows its heading and the sign-up call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: pages[0].heading })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start 7-Day Free Trial' }).first()).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
  });

  test('the landing shows the pricing cards from the plan table, not placeholders', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('section#pricing');
    for (const plan of paidPlans) {
      const card = pricing.getByRole('article', { name: plan.name });
      await expect(card).toBeVisible();
      await expect(card).toContainText(`$${plan.price}`);
    }
    await expect(pricing.getByText('Most Popular')).toBeVisible();
  });

  for (const { path, heading } of pages.slice(1)) {
    test(`${path} shows its heading`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    });
  }
});

/**
 * Console errors but the visitor's session check: GET /api/auth/user answers 401 to a visitor,
 * which Chromium logs as a failed resource (as it did before prerendering).
 */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.location().url.endsWith('/api/auth/user')) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Keeps the <h1> the HTML arrived with (read before the deferred scripts run), then waits until
 * React has taken that very node over: hydrated, not rendered anew.
 */
async function expectHydrated(page: Page, path: string, heading: string): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { prerenderedH1: Element | null }).prerenderedH1 = document.querySelector('h1');
      }
    });
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForFunction(() => {
    const sent = (window as unknown as { prerenderedH1: Element | null }).prerenderedH1;
    return sent !== null && Object.keys(sent).some((key) => key.startsWith('__reactFiber'));
  });
  expect(
    await page.evaluate(() => (window as unknown as { prerenderedH1: Element }).prerenderedH1.isConnected),
  ).toBe(true);
}

test.describe('with JavaScript', () => {
  test('the landing hydrates without console errors and opens Sign Up', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await expectHydrated(page, '/', pages[0].heading);
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/?auth=signup hydrates the same page, then opens its dialog', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await expectHydrated(page, '/?auth=signup', pages[0].heading);
    await expect(
      page.getByRole('dialog').getByRole('tab', { name: 'Sign Up', selected: true }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the dialogs load on the intent to open one, not with the page', async ({ page }) => {
    const dialogChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/landing-dialogs-[^/]*\.js$/.test(request.url())) dialogChunks.push(request.url());
    });
    await expectHydrated(page, '/', pages[0].heading);
    await page.waitForLoadState('networkidle');
    expect(dialogChunks, 'the dialogs loaded without anyone reaching for them').toEqual([]);
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
    await Promise.all([page.waitForRequest(/\/assets\/landing-dialogs-/), signIn.hover()]);
    await signIn.click();
    await expect(
      page.getByRole('dialog').getByRole('tab', { name: 'Sign In', selected: true }),
    ).toBeVisible();
  });

  test('a click with no intent before it opens its dialog once the dialogs have loaded', async ({ page }) => {
    await expectHydrated(page, '/', pages[0].heading);
    await page.waitForLoadState('networkidle');
    // A bare click event: no pointer over, no press, no focus first.
    await page.getByRole('button', { name: 'User Login' }).dispatchEvent('click');
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('/integrations hydrates and its links work', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await expectHydrated(page, '/integrations', pages[1].heading);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: pages[0].heading })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/demo hydrates and starts the tour', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await expectHydrated(page, '/demo', pages[2].heading);
    await page.getByRole('button', { name: 'Start Demo' }).click();
    await expect(page.getByRole('heading', { name: 'Step 1 of 6: Welcome to Kitepost' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('a signed-in browser gets the empty shell on /, and the dashboard as before', async ({
  page,
  context,
}) => {
  const user = newUser('prerendered');
  await signUp(page, user);
  const welcome = `Welcome back, ${user.firstName}`;
  // The same tab (the session mirror says signed in), then a new one (only the cookie says so).
  for (const tab of [page, await context.newPage()]) {
    const errors = collectConsoleErrors(tab);
    const response = await tab.goto('/');
    expect(await response?.text()).toContain('<div id="root"></div>');
    await expect(tab.getByRole('heading', { name: welcome })).toBeVisible();
    await expect(tab).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  }
});
