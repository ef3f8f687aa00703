import type { BrowserContext, Locator, Page } from '@playwright/test';
import { socialAccountMessages } from '../../src/contracts/social-accounts';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp, toast } from './helpers';

interface ListedAccount {
  id: string;
  username: string;
  displayName: string;
  followers: number | null;
  sandbox: boolean;
}

async function openScreen(page: Page): Promise<void> {
  await page.goto('/social-accounts');
  await expect(page.getByRole('heading', { name: 'Social Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);
}

/** The connect card of one platform. */
function connectCard(page: Page, label: string): Locator {
  return page
    .getByRole('list', { name: 'Platforms' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });
}

function accountCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Connected accounts' }).getByRole('article');
}

async function listAccounts(page: Page): Promise<ListedAccount[]> {
  const response = await page.request.get('/api/user/social-accounts');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ListedAccount[];
}

/** Clicks a button that opens the sign-in popup and returns the popup once its page has loaded. */
async function openPopup(context: BrowserContext, button: Locator): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

/** On the simulator's consent page: sign in as a new sandbox account with this handle. */
async function authorizeAsNew(popup: Page, username: string): Promise<void> {
  await expect(popup.getByRole('button', { name: 'Authorize' })).toBeVisible();
  await popup.getByLabel('New account named').check();
  await popup.getByLabel("New account's username").fill(username);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Authorize' }).click()]);
}

async function noToastFor(page: Page, ms: number): Promise<void> {
  await page.waitForTimeout(ms);
  await expect(toast(page)).toHaveCount(0);
}

test.describe('Social accounts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new user sees the empty state, the platforms and the tips', async ({ page }) => {
    await signUp(page, newUser('social-empty'));
    await openScreen(page);

    await expect(page.getByRole('heading', { name: 'No accounts connected yet' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Connected accounts' })).toHaveCount(0);

    // The publishing platforms connect; the others say they are coming.
    for (const label of [
      'LinkedIn',
      'Instagram',
      'X (Twitter)',
      'Facebook',
      'Pinterest',
      'LinkedIn Page',
      'Threads',
      'YouTube',
      'TikTok',
      'Google Business Profile',
    ]) {
      await expect(
        connectCard(page, label).getByRole('button', { name: `Connect ${label}`, exact: true }),
      ).toBeEnabled();
    }
    // Mastodon asks for the server first; Bluesky takes a handle and an app password on its card.
    await expect(connectCard(page, 'Mastodon').getByLabel('Your Mastodon server')).toBeVisible();
    await expect(
      connectCard(page, 'Mastodon').getByRole('button', { name: 'Connect Mastodon' }),
    ).toBeEnabled();
    await expect(connectCard(page, 'Bluesky').getByLabel(/^App password/)).toBeVisible();
    await expect(connectCard(page, 'Bluesky').getByRole('button', { name: 'Connect Bluesky' })).toBeEnabled();
    await expect(page.getByRole('button', { name: /More Platforms/ })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Tips for connecting business accounts' })).toBeVisible();
    await expect(page.getByText('Instagram needs a professional account')).toBeVisible();

    await expectAccessible(page, 'social accounts, empty');
  });

  test('connects X in a 600×700 popup, reconnects without a duplicate, and disconnects after confirming', async ({
    page,
    context,
  }) => {
    await signUp(page, newUser('social-connect'));
    await openScreen(page);

    const connect = page.getByRole('button', { name: 'Connect X (Twitter)' });
    const popup = await openPopup(context, connect);
    const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    expect(popup.viewportSize() ?? size).toEqual({ width: 600, height: 700 });
    await expect(connect).toHaveText('Connecting...');
    await authorizeAsNew(popup, 'robin_bakes');

    await expectToast(page, 'Account Connected', 'X (Twitter) account @robin_bakes connected.');
    await expect(accountCards(page)).toHaveCount(1);
    const [account] = await listAccounts(page);
    if (!account) throw new Error('the account was not listed');
    expect(account).toMatchObject({ username: 'robin_bakes', sandbox: true });
    const card = accountCards(page).first();
    await expect(card.getByRole('heading', { name: account.displayName })).toBeVisible();
    await expect(card).toContainText('@robin_bakes');
    await expect(card).toContainText('X (Twitter)');
    await expect(card).toContainText('Connected');
    await expect(card.getByText('Sandbox', { exact: true })).toBeVisible();
    const followers = card.getByRole('definition').first();
    if (account.followers === null) await expect(followers).toContainText('No data yet');
    else await expect(followers).toHaveText(formattedCount(account.followers));
    // No posts went out yet: no engagement figure is made up.
    await expect(card.getByRole('definition').nth(2)).toContainText('No data yet');
    await expect(connect).toHaveText('Connect another');
    await expect(connectCard(page, 'X (Twitter)')).toContainText('1 connected');
    await expectAccessible(page, 'social accounts, one account');

    // Reconnecting the same sandbox account updates it instead of adding a second one.
    const again = await openPopup(context, card.getByRole('button', { name: /^Reconnect / }));
    await again.getByLabel(/@robin_bakes/).check();
    await Promise.all([
      again.waitForEvent('close'),
      again.getByRole('button', { name: 'Authorize' }).click(),
    ]);
    await expectToast(page, 'Account Connected');
    await expect(accountCards(page)).toHaveCount(1);
    expect((await listAccounts(page)).map((item) => item.id)).toEqual([account.id]);

    // Cancelling the confirmation keeps the account.
    await card.getByRole('button', { name: /^Disconnect / }).click();
    let dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(socialAccountMessages.disconnectConfirm);
    await expect(dialog).toContainText(
      'Are you sure you want to disconnect this account? This will stop all scheduled posts for this platform.',
    );
    await expectAccessible(page, 'social accounts, disconnect dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(accountCards(page)).toHaveCount(1);
    expect(await listAccounts(page)).toHaveLength(1);

    // Confirming disconnects it.
    await card.getByRole('button', { name: /^Disconnect / }).click();
    dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expectToast(page, 'Account Disconnected', '@robin_bakes is disconnected');
    await expect(toast(page)).toHaveAttribute('data-variant', 'default');
    await expect(dialog).toHaveCount(0);
    await expect(accountCards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No accounts connected yet' })).toBeVisible();
    expect(await listAccounts(page)).toEqual([]);
  });

  test('a cancelled sign-in says Connection Failed; messages from another origin are ignored', async ({
    page,
    context,
  }) => {
    await signUp(page, newUser('social-cancel'));
    await openScreen(page);

    const popup = await openPopup(context, page.getByRole('button', { name: 'Connect X (Twitter)' }));
    await expect(popup.getByRole('button', { name: 'Authorize' })).toBeVisible();

    // While the page listens, a forged success from another origin (even naming the popup as its
    // source) and a same-origin message of an unknown type are both ignored.
    await page.evaluate(() => {
      const source = window.open('', 'oauth');
      const data = { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'forged' };
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example', source }));
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'HELLO' }, origin: window.location.origin, source }),
      );
    });
    await noToastFor(page, 800);
    await expect(page.getByRole('button', { name: 'Connect X (Twitter)' })).toHaveText('Connecting...');

    await Promise.all([popup.waitForEvent('close'), popup.getByRole('link', { name: 'Cancel' }).click()]);
    await expectToast(page, 'Connection Failed');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByRole('button', { name: 'Connect X (Twitter)' })).toHaveText('Connect');
    expect(await listAccounts(page)).toEqual([]);
  });

  test('closing the popup stops listening without a toast; a blocked popup says so', async ({
    page,
    context,
  }) => {
    await signUp(page, newUser('social-close'));
    await openScreen(page);
    const connect = page.getByRole('button', { name: 'Connect X (Twitter)' });

    const popup = await openPopup(context, connect);
    await popup.close();
    // The closed check runs every second.
    await expect(connect).toHaveText('Connect', { timeout: 3000 });
    await noToastFor(page, 300);

    await page.evaluate(() => {
      window.open = () => null;
    });
    await connect.click();
    await expectToast(page, 'Connection Failed', socialAccountMessages.connectFailed);
    await expect(toast(page)).toContainText('allow pop-ups');
  });
});

/** The screen shows followers exactly below ten thousand, compact above (12.5K). */
function formattedCount(value: number): string {
  return value < 10_000
    ? new Intl.NumberFormat('en-US').format(value)
    : new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`social accounts screens at ${viewport.width}px`, () => {
    test.use({ viewport });

    async function save(page: Page, name: string, fullPage = true): Promise<void> {
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${name}-${viewport.width}.png`, fullPage });
    }

    test('empty, with an account, and the disconnect dialog', async ({ page, context }) => {
      await signUp(page, newUser(`social-screens${viewport.width}`));
      await openScreen(page);
      await save(page, 'social-accounts-empty');

      const popup = await openPopup(context, page.getByRole('button', { name: 'Connect X (Twitter)' }));
      // A sandbox handle belongs to the workspace that made it (decision 036): one per viewport's user.
      await authorizeAsNew(popup, `bakery_${viewport.width}`);
      await expectToast(page, 'Account Connected');
      await expect(accountCards(page)).toHaveCount(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page, 'social-accounts-connected');

      await accountCards(page)
        .first()
        .getByRole('button', { name: /^Disconnect / })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await save(page, 'social-accounts-disconnect', false);
    });
  });
}

test('LinkedIn, Instagram and Facebook connect through their popups in the simulator', async ({
  page,
  context,
}) => {
  await signUp(page, newUser('social-three'));
  await openScreen(page);
  for (const label of ['LinkedIn', 'Instagram', 'Facebook']) {
    const handle = `e2e${label.toLowerCase()}${Date.now().toString(36)}`;
    const popup = await openPopup(
      context,
      connectCard(page, label).getByRole('button', { name: `Connect ${label}`, exact: true }),
    );
    await expect(popup.getByText('Sandbox').first()).toBeVisible();
    await authorizeAsNew(popup, handle);
    await expectToast(page, 'Account Connected');
    await expect(accountCards(page).filter({ hasText: label })).toHaveCount(1);
  }
  const accounts = await listAccounts(page);
  expect(accounts).toHaveLength(3);
  expect(accounts.every((account) => account.sandbox)).toBe(true);
});

test('an account that needs reconnecting is announced on every screen, with its reason on its card', async ({
  page,
}) => {
  await signUp(page, newUser('social-reauth'));
  const waiting = {
    id: '00000000-0000-4000-8000-000000000001',
    platform: 'twitter',
    username: 'corner_bakery',
    displayName: 'Corner Bakery',
    avatarUrl: null,
    connectedAt: '2026-11-01T10:00:00.000Z',
    followers: 1200,
    posts: 3,
    engagement: 2.5,
    status: 'needs_reauth',
    statusReason: "X (Twitter) no longer accepts Kitepost's access.",
    tokenExpiresAt: null,
    reconnectBy: null,
    sandbox: true,
    overPlanLimit: false,
  };
  const endingSoon = {
    ...waiting,
    id: '00000000-0000-4000-8000-000000000002',
    platform: 'linkedin',
    username: 'maple-bakery',
    displayName: 'Maple Bakery',
    status: 'connected',
    statusReason: null,
    tokenExpiresAt: '2026-12-01T10:00:00.000Z',
    reconnectBy: '2026-12-01T10:00:00.000Z',
  };
  // The token job's verdict, as the server reports it.
  await page.route('**/api/user/social-accounts', (route) => route.fulfill({ json: [waiting, endingSoon] }));
  await page.goto('/content-generator');
  const notice = page.getByRole('status').filter({ hasText: 'reconnecting' });
  await expect(notice).toContainText('X (Twitter) @corner_bakery');
  await expect(notice).toContainText('LinkedIn @maple-bakery stops working on Dec 1, 2026');
  await notice.getByRole('link', { name: 'Reconnect' }).click();
  await expect(page).toHaveURL(/\/social-accounts$/);
  await expect(
    page.getByText("X (Twitter) no longer accepts Kitepost's access. Reconnect to keep publishing."),
  ).toBeVisible();
  await expect(
    page.getByText('Access ends on Dec 1, 2026. Reconnect before then to keep publishing.'),
  ).toBeVisible();
  await expectAccessible(page, 'social accounts with an account to reconnect');
});
