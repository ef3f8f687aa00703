import { DateTime } from 'luxon';
import {
  connectSandboxAccount,
  dashboardStat,
  dashboardStatsOf,
  publishSoon,
  refreshMetricsNow,
} from './analytics-helpers';
import { expectAccessible } from './axe';
import { composeThroughApi, saveScreen, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp, toast } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

const wholeNumber = new Intl.NumberFormat('en-US');

test('a new account sees zeros, its real plan, and the way to its first posts and account', async ({
  page,
}) => {
  await signUp(page, newUser('dash-new'));
  // The trial is Professional's, whatever the sidebar's old Enterprise badge said.
  await expect(page.getByTestId('dashboard-plan')).toContainText('Professional · Trial');

  const stats = await dashboardStatsOf(page);
  expect(stats).toMatchObject({
    postsThisMonth: 0,
    totalEngagement: 0,
    scheduledPosts: 0,
    creditsUsed: 0,
    creditsTotal: 200,
    teamMembers: 1,
    campaignsActive: 0,
    avgEngagementRate: null,
    connectedAccounts: 0,
    reachThisMonth: 0,
    plan: { id: 'professional', status: 'trialing' },
    lastSyncedAt: null,
    sandbox: false,
  });
  const shown: Array<[string, string]> = [
    ['Posts This Month', '0'],
    ['Total Reach', '0'],
    ['Active Campaigns', '0'],
    ['Team Members', '1'],
    ['Total Engagement', '0'],
    ['Scheduled Posts', '0'],
    ['Connected Accounts', '0'],
  ];
  for (const [label, value] of shown) await expect(dashboardStat(page, label)).toHaveText(value);
  await expect(dashboardStat(page, 'Avg Engagement Rate')).toContainText('—');

  // Empty states that lead somewhere, not made-up numbers.
  await expect(page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No connected accounts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect your first account' })).toHaveAttribute(
    'href',
    '/social-accounts',
  );
  await expect(page.getByText('Nothing scheduled')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team Activity' })).toContainText('joined Kitepost');
  await expect(page.getByRole('link', { name: 'Manage team' })).toHaveAttribute('href', '/team');

  await page.getByRole('link', { name: 'Open the content generator' }).click();
  await expect(page).toHaveURL(/\/content-generator$/);
});

test('after a sandbox post is published and its metrics are read, the dashboard shows the real numbers', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('dash-data'));
  const account = await connectSandboxAccount(page, context, 'Facebook', `e2edash${Date.now().toString(36)}`);
  await publishSoon(page, account, 'Our terrace opens for the season this weekend');
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 9, minute: 30 });
  await composeThroughApi(page, {
    content: 'Sunday brunch menu: pancakes, eggs benedict and fresh juice',
    scheduledAt: tomorrow.toUTC().toISO(),
    targets: [{ platform: 'facebook', socialAccountId: account.id }],
  });
  const refreshed = await refreshMetricsNow(page);
  expect(refreshed.postsRead).toBeGreaterThanOrEqual(1);

  const stats = await dashboardStatsOf(page);
  expect(stats.postsThisMonth).toBe(1);
  expect(stats.scheduledPosts).toBe(1);
  expect(stats.connectedAccounts).toBe(1);
  expect(stats.sandbox).toBe(true);
  expect(stats.lastSyncedAt).not.toBeNull();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(dashboardStat(page, 'Posts This Month')).toHaveText('1');
  // The simulator's reach, whatever it is: the screen shows what the API computed.
  await expect(dashboardStat(page, 'Total Reach')).toHaveText(wholeNumber.format(stats.reachThisMonth));
  await expect(dashboardStat(page, 'Total Engagement')).toHaveText(wholeNumber.format(stats.totalEngagement));
  await expect(dashboardStat(page, 'Scheduled Posts')).toHaveText('1');
  await expect(dashboardStat(page, 'Connected Accounts')).toHaveText('1');
  await expect(page.getByText('Metrics last updated')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'No posts yet' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No connected accounts' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Team Activity' })).toContainText(
    `Post published on Facebook as @${account.username}`,
  );
  await expect(page.getByRole('list', { name: 'Upcoming Posts' })).toContainText('Sunday brunch menu');
  await expect(page.getByRole('link', { name: 'Manage team' })).toHaveAttribute('href', '/team');

  await expectAccessible(page, 'dashboard with data');
  await saveScreen(page, 'dashboard-data', 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreen(page, 'dashboard-data', 390);
});

test('while the database is away, the dashboard says so instead of waiting silently', async ({ page }) => {
  await signUp(page, newUser('dash-away'));
  await expect(page.getByTestId('dashboard-plan')).toBeVisible();
  // What every web process answers during a PostgreSQL restart (decision 039).
  const away =
    'Kitepost cannot reach its database right now. Nothing you saved is lost; please try again in a few seconds.';
  await page.route('**/api/user/dashboard/stats', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'database_unavailable', message: away } }),
    }),
  );
  await page.reload();
  await expectToast(page, 'Kitepost is unavailable right now', away);
  await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
});
