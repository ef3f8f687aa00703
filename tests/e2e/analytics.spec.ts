import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DateTime } from 'luxon';
import {
  type AnalyticsOverview,
  type AnalyticsPost,
  analyticsCsvColumns,
  analyticsMessages,
} from '../../src/contracts/analytics';
import { planLimitMessages } from '../../src/contracts/billing';
import { connectSandboxAccount, publishSoon, refreshMetricsNow, shownCount } from './analytics-helpers';
import { expectAccessible } from './axe';
import { saveScreen, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

/** The screen's default range: the last 30 days in the browser's zone (the user chose none). */
function defaultRange() {
  const today = DateTime.now().setZone(ZONE).startOf('day');
  return { from: today.minus({ days: 29 }).toISODate() ?? '', to: today.toISODate() ?? '' };
}

async function openAnalytics(page: Page, query = ''): Promise<void> {
  await page.goto(`/analytics${query}`);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading analytics...')).toHaveCount(0);
}

async function apiJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** The number on a summary card. */
function summaryValue(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Summary' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

const rate = (value: number | null) =>
  value === null
    ? `—${analyticsMessages.notReported}`
    : `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value)}%`;

test('a published post shows on /analytics: the API’s numbers, text tables, top posts, CSV, phone width', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('analytics-data'));
  const account = await connectSandboxAccount(page, context, 'Facebook', `e2efb${Date.now().toString(36)}`);
  const content = `Fresh sourdough every morning at 7, baked by hand ${Date.now().toString(36)}`;
  const post = await publishSoon(page, account, content);
  const refreshed = await refreshMetricsNow(page);
  expect(refreshed.postsRead).toBeGreaterThanOrEqual(1);

  const { from, to } = defaultRange();
  const query = `from=${from}&to=${to}&timeZone=${encodeURIComponent(ZONE)}`;
  const overview = await apiJson<AnalyticsOverview>(page, `/api/analytics/overview?${query}`);
  const [apiPost] = await apiJson<AnalyticsPost[]>(page, `/api/analytics/posts?${query}`);
  expect(overview.totals.posts).toBe(1);
  expect(apiPost?.postId).toBe(post.id);

  await openAnalytics(page);
  // The analytics badge; the shell's closed sandbox list holds more 'Sandbox' tags, hidden.
  await expect(page.getByText('Sandbox', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();

  // The summary says what the API says, '—' where the platform reported nothing.
  const { totals } = overview;
  await expect(summaryValue(page, 'Posts')).toHaveText('1');
  await expect(summaryValue(page, 'Impressions')).toHaveText(
    shownCount(totals.impressions, analyticsMessages.notReported),
  );
  await expect(summaryValue(page, 'Reach')).toHaveText(
    shownCount(totals.reach, analyticsMessages.notReported),
  );
  await expect(summaryValue(page, 'Engagements')).toHaveText(
    shownCount(totals.engagements, analyticsMessages.notReported),
  );
  await expect(summaryValue(page, 'Engagement rate')).toHaveText(rate(totals.engagementRate));
  await expect(summaryValue(page, 'Followers')).toHaveText(
    shownCount(totals.followers, analyticsMessages.notReported),
  );

  // Every chart has its numbers as text: the publishing day is in the daily table.
  const today = DateTime.now().setZone(ZONE).setLocale('en-US').toFormat('ccc, LLL d, yyyy');
  const dailyTable = page.getByRole('table', { name: /Reach and engagement by publishing day/ });
  await expect(dailyTable.getByRole('rowheader', { name: today })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Totals by platform' })).toContainText('Facebook');
  const daily = page.getByRole('region', { name: 'Reach and engagement over time', exact: true });
  await daily.getByRole('button', { name: 'Show as table' }).click();
  await expect(dailyTable).toBeVisible();
  await expect(dailyTable.getByRole('row').nth(1)).toContainText(
    shownCount(overview.daily.at(-1)?.reach ?? null, analyticsMessages.notReported),
  );
  await daily.getByRole('button', { name: 'Show as chart' }).click();
  // Back to the drawing; the table stays in the page for screen readers (visually hidden).
  await expect(daily.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'false');
  await expect(dailyTable.locator('xpath=..')).toHaveClass(/sr-only/);

  // Top posts: the post's words, its platform and account, and a link to it on the platform.
  const topPosts = page.getByRole('region', { name: 'Top posts (table)' });
  const row = topPosts.getByRole('row').filter({ hasText: content });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Facebook');
  const link = row.getByRole('link', { name: /View post/ });
  await expect(link).toHaveAttribute('href', post.externalUrl ?? 'missing');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('region', { name: 'By account (table)' })).toContainText(
    `@${account.username}`,
  );

  // The CSV export: the contract's columns, then the post.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`kitepost-posts-${from}-to-${to}.csv`);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(analyticsCsvColumns.join(','));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(content);
  expect(lines[1]).toContain('facebook');

  await expectAccessible(page, 'analytics');
  await saveScreen(page, 'analytics-data', 1280);

  // A phone: cards instead of tables, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Top posts' }).getByText(content)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await saveScreen(page, 'analytics-data', 390);
  await expectAccessible(page, 'analytics on a phone');
});

test('a new account: the empty range leads to posts; filters live in the URL; Refresh once a minute', async ({
  page,
}) => {
  await signUp(page, newUser('analytics-empty'));
  await openAnalytics(page);
  await expect(page.getByText('Not updated yet')).toBeVisible();
  await expect(summaryValue(page, 'Posts')).toHaveText('0');
  const empty = page.getByRole('heading', { name: analyticsMessages.noData });
  await expect(empty).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create posts' })).toHaveAttribute(
    'href',
    '/content-generator',
  );
  await expect(page.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/calendar');
  await expect(page.getByRole('link', { name: 'Connect an account' })).toHaveAttribute(
    'href',
    '/social-accounts',
  );
  await expect(page.getByRole('heading', { name: 'Top posts' })).toHaveCount(0);

  // Filters go into the URL and come back after a reload.
  await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' });
  await page.getByLabel('Platform').selectOption({ label: 'Facebook' });
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const weekFrom = today.minus({ days: 6 }).toISODate();
  await expect(page).toHaveURL(`/analytics?from=${weekFrom}&to=${today.toISODate()}&platform=facebook`);
  await page.reload();
  await expect(page.getByLabel('Date range')).toHaveValue('7');
  await expect(page.getByLabel('Platform')).toHaveValue('facebook');
  await expect(page.getByLabel('From')).toHaveValue(weekFrom ?? '');

  // A custom range is checked where it is typed; the last valid one stays on screen.
  await page.getByLabel('From').fill(today.plus({ days: 3 }).toISODate() ?? '');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start date must not be after the end date.' }),
  ).toBeVisible();
  await expect(page.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/from=/);
  expect(new URL(page.url()).searchParams.get('from')).toBe(weekFrom);
  const custom = today.minus({ days: 12 }).toISODate() ?? '';
  await page.getByLabel('From').fill(custom);
  await expect(page).toHaveURL(new RegExp(`from=${custom}`));
  await expect(page.getByLabel('Date range')).toHaveValue('custom');

  // Refresh reads now; asked again within the minute, the server's own words say to wait.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expectToast(page, 'Metrics refreshed', 'Read the latest numbers of 0 posts.');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expectToast(page, 'Please wait a moment', analyticsMessages.refreshLimited);

  await expectAccessible(page, 'analytics, empty');
});

test('a plan without analytics gets the upgrade prompt, not broken charts', async ({ page }) => {
  await signUp(page, newUser('analytics-locked'));
  // The trial includes analytics; the Free plan's refusal is the server's own 402 (plan-gates).
  await page.route(/\/api\/analytics\/(overview|posts)\?/, (route) =>
    route.fulfill({
      status: 402,
      json: { error: { code: 'plan_limit', message: planLimitMessages.analytics('Free') } },
    }),
  );
  await openAnalytics(page);
  const prompt = page
    .getByRole('alert')
    .filter({ hasText: 'Analytics are part of Professional and Enterprise' });
  await expect(prompt).toContainText(planLimitMessages.analytics('Free'));
  await expect(prompt.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    '/subscribe?plan=professional',
  );
  await expect(page.getByRole('list', { name: 'Summary' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Reach and engagement over time', exact: true })).toHaveCount(
    0,
  );
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
});
