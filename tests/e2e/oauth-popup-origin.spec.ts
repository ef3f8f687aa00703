import type { BrowserContext, Locator, Page } from '@playwright/test';
import { E2E_OAUTH_ORIGIN_URL } from './env';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp, toast } from './helpers';

/*
 * Issue 20 item 0 (decision 040): every platform's consent page is on another origin
 * (tests/fakes/oauth-origin, a second port), as x.com, linkedin.com, facebook.com and
 * instagram.com are. The popup leaves the app's origin and comes back to the callback; the page
 * that opened it must learn the result, whether the platform's pages keep the opener (no COOP)
 * or sever it themselves (COOP same-origin).
 */

const platforms = ['X (Twitter)', 'LinkedIn', 'Facebook', 'Instagram'] as const;

/** A new sandbox handle every platform accepts (letters and digits). */
const handle = (prefix: string, label: string) =>
  `${prefix}${label
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toLowerCase()}${Date.now().toString(36)}`;

type Coop = 'none' | 'same-origin';

async function platformCoop(page: Page, policy: Coop): Promise<void> {
  const response = await page.request.post(`${E2E_OAUTH_ORIGIN_URL}/__fake/coop?policy=${policy}`);
  expect(response.status()).toBe(204);
}

async function openScreen(page: Page): Promise<void> {
  await page.goto('/social-accounts');
  await expect(page.getByRole('heading', { name: 'Social Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);
}

function connectButton(page: Page, label: string): Locator {
  return page
    .getByRole('list', { name: 'Platforms' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .getByRole('button', { name: `Connect ${label}`, exact: true });
}

function accountCards(page: Page, label: string): Locator {
  return page
    .getByRole('list', { name: 'Connected accounts' })
    .getByRole('article')
    .filter({ hasText: label });
}

/** Opens the popup and waits for the platform's consent page, on the other origin. */
async function openConsent(context: BrowserContext, button: Locator): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await expect(popup.getByRole('button', { name: 'Authorize' })).toBeVisible();
  expect(new URL(popup.url()).origin).toBe(E2E_OAUTH_ORIGIN_URL);
  return popup;
}

async function authorizeAsNew(popup: Page, username: string): Promise<void> {
  await popup.getByLabel('New account named').check();
  await popup.getByLabel("New account's username").fill(username);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Authorize' }).click()]);
}

/** Closes the toast with its own button (waiting 5 s for it to go, four times, is slow). */
async function closeToast(page: Page): Promise<void> {
  await toast(page).getByRole('button', { name: 'Close' }).click();
  await expect(toast(page)).toHaveCount(0);
}

/** Does the popup's page still reach the window that opened it? */
const hasOpener = (popup: Page) => popup.evaluate(() => window.opener !== null);

// The fake platform is shared by every test of the run: it goes back to sending no COOP.
test.afterEach(async ({ page }) => platformCoop(page, 'none'));

test.describe('Connecting through a sign-in on another origin', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Four connections in a test.
  test.setTimeout(90_000);

  test('the opener hears the result through window.opener for every platform', async ({ page, context }) => {
    await platformCoop(page, 'none');
    // Only the opener path: this page has no BroadcastChannel to fall back on.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'BroadcastChannel');
    });
    await signUp(page, newUser('popup-opener'));
    await openScreen(page);
    for (const label of platforms) {
      const popup = await openConsent(context, connectButton(page, label));
      expect(await hasOpener(popup), `${label}: the consent page keeps its opener`).toBe(true);
      await expect(connectButton(page, label)).toHaveText('Connecting...');
      await authorizeAsNew(popup, handle('op', label));
      await expectToast(page, 'Account Connected');
      await expect(accountCards(page, label)).toHaveCount(1);
      await closeToast(page);
    }
  });

  test('a platform that severs the opener: the result comes over the BroadcastChannel', async ({
    page,
    context,
  }) => {
    await platformCoop(page, 'same-origin');
    await signUp(page, newUser('popup-severed'));
    await openScreen(page);
    for (const label of platforms) {
      const popup = await openConsent(context, connectButton(page, label));
      expect(await hasOpener(popup), `${label}: the platform's COOP severs the opener`).toBe(false);
      await authorizeAsNew(popup, handle('bc', label));
      await expectToast(page, 'Account Connected');
      await expect(accountCards(page, label)).toHaveCount(1);
      await closeToast(page);
    }
  });

  test('a refusal on the severed platform says Connection Failed; closing the popup says nothing', async ({
    page,
    context,
  }) => {
    await platformCoop(page, 'same-origin');
    await signUp(page, newUser('popup-severed-cancel'));
    await openScreen(page);

    const popup = await openConsent(context, connectButton(page, 'LinkedIn'));
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('link', { name: 'Cancel' }).click()]);
    await expectToast(page, 'Connection Failed');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await closeToast(page);

    // The user closes the popup on the platform's page: no result, no toast, the button is back.
    const again = await openConsent(context, connectButton(page, 'X (Twitter)'));
    await again.close();
    await expect(connectButton(page, 'X (Twitter)')).toHaveText('Connect', { timeout: 3000 });
    await page.waitForTimeout(1500);
    await expect(toast(page)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Connected accounts' })).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`the connect flow's screens at ${viewport.width}px`, async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const save = async (target: Page, name: string) => {
      const overflow = await target.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
      await target.screenshot({ path: `test-results/screens/connect-${name}-${viewport.width}.png` });
    };
    await platformCoop(page, 'same-origin');
    await signUp(page, newUser(`popup-screens${viewport.width}`));
    await openScreen(page);

    const popup = await openConsent(context, connectButton(page, 'Instagram'));
    await popup.setViewportSize(viewport);
    await save(popup, 'consent');
    await authorizeAsNew(popup, handle('sc', `Instagram${viewport.width}`));
    await expectToast(page, 'Account Connected');
    await expect(accountCards(page, 'Instagram')).toHaveCount(1);
    await page.waitForTimeout(400);
    await save(page, 'connected');

    // The result page itself, where no page waits for it (the opener was closed meanwhile).
    const lone = await context.newPage();
    await lone.setViewportSize(viewport);
    await lone.goto('/api/auth/social/twitter/callback?state=expired');
    await expect(lone.getByRole('heading', { name: 'Connection failed' })).toBeVisible();
    await save(lone, 'result-page');
  });
}
