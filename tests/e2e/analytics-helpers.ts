import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { DashboardStats, MetricsRefreshResponse } from '../../src/contracts/analytics';
import { platformLabels, publishingPlatforms } from '../../src/contracts/platforms';
import type { Post } from '../../src/contracts/posts';
import type { SocialAccount } from '../../src/contracts/social-accounts';
import { composeThroughApi, getPost } from './calendar-helpers';
import { expect } from './fixtures';
import { expectToast } from './helpers';

/*
 * For the dashboard and analytics tests: a sandbox account with a post really published to it
 * (the simulator publishes in-process) and its metrics read, so the screens show real data.
 */

/**
 * Connects a new workspace's first sandbox account of a platform (by its label: 'YouTube', 'X (Twitter)')
 * through the real popup flow, as a new sandbox account named `username`; `consentText` is what the
 * platform's consent page must say it asks for.
 */
export async function connectSandboxAccount(
  page: Page,
  context: BrowserContext,
  label: string,
  username: string,
  { consentText }: { consentText?: string } = {},
): Promise<SocialAccount> {
  const platform = publishingPlatforms.find((key) => platformLabels[key] === label);
  if (!platform) throw new Error(`${label} is not a platform Kitepost publishes to`);
  await page.goto('/social-accounts');
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Connect ${label}`, exact: true }).click(),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await expect(popup.getByRole('button', { name: 'Authorize' })).toBeVisible();
  if (consentText) await expect(popup.getByText(consentText)).toBeVisible();
  await popup.getByLabel('New account named').check();
  await popup.getByLabel("New account's username").fill(username);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Authorize' }).click()]);
  await expectToast(page, 'Account Connected');
  const accounts = (await (await page.request.get('/api/user/social-accounts')).json()) as SocialAccount[];
  // Facebook connects the account's Page, named after it but not the same: take the one new account.
  const account = accounts.find((item) => item.platform === platform);
  if (!account) throw new Error(`@${username} was not connected`);
  return account;
}

/** Schedules a post to `account` a few seconds ahead and waits until the simulator has published it. */
export async function publishSoon(page: Page, account: SocialAccount, content: string): Promise<Post> {
  const composed = await composeThroughApi(page, {
    content,
    scheduledAt: new Date(Date.now() + 4_000).toISOString(),
    targets: [{ platform: account.platform, socialAccountId: account.id }],
  });
  const id = composed.posts[0]?.id;
  if (!id) throw new Error('nothing was composed');
  let published: Post | null = null;
  await expect
    .poll(
      async () => {
        published = (await getPost(page, id)).post;
        return published?.status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('published');
  if (!published) throw new Error('the post was not read back');
  return published;
}

/** POST /api/analytics/refresh: reads the workspace's metrics now. */
export async function refreshMetricsNow(page: Page): Promise<MetricsRefreshResponse> {
  const response = await page.request.post('/api/analytics/refresh');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as MetricsRefreshResponse;
}

export async function dashboardStatsOf(page: Page): Promise<DashboardStats> {
  const response = await page.request.get('/api/user/dashboard/stats');
  expect(response.status()).toBe(200);
  return (await response.json()) as DashboardStats;
}

/** A number as the screens write it: 12,345, or '—' (with its words for screen readers) when not reported. */
export function shownCount(value: number | null, notReported: string): string {
  return value === null ? `—${notReported}` : new Intl.NumberFormat('en-US').format(value);
}

/** The value under a dashboard stat's label (its <dd>'s first line). */
export function dashboardStat(page: Page, label: string): Locator {
  return page
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]/span[1]');
}
