import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import {
  type ComposeResponse,
  type Post,
  type PostDetail,
  untouchedDraftFields,
} from '../../src/contracts/posts';
import { expect } from './fixtures';
import { expectToast } from './helpers';

/** The browser's zone in these tests; the user keeps the default (null = the browser's zone). */
export const ZONE = 'Europe/Berlin';

/** A wall time in ZONE, `days` from today. */
export function zonedDay(days: number, hour = 10, minute = 0): DateTime {
  return DateTime.now().setZone(ZONE).startOf('day').plus({ days }).set({ hour, minute });
}

export const isoDate = (at: DateTime) => at.toFormat('yyyy-MM-dd');

/**
 * Fills the composer's Date and Time with a moment `seconds` ahead in ZONE, for a spec that
 * schedules a post and sees it published. The default leaves the click and the API calls time
 * to beat it (a time in the past is refused), and no more: the spec waits out every second.
 */
export async function scheduleSoon(composer: Locator, seconds = 6): Promise<void> {
  const soon = DateTime.now().setZone(ZONE).plus({ seconds });
  await composer.getByLabel('Date', { exact: true }).fill(isoDate(soon));
  await composer.getByLabel('Time', { exact: true }).fill(soon.toFormat('HH:mm:ss'));
}

/** Opens /calendar and waits for the grid and its posts. */
export async function openCalendar(page: Page, query = ''): Promise<void> {
  await page.goto(`/calendar${query}`);
  await expect(page.getByRole('heading', { name: 'Content Calendar', level: 1 })).toBeVisible();
  await expect(page.locator('.fc-view')).toBeVisible();
  await expect(page.getByText('Loading posts...')).toHaveCount(0);
}

/** Opens the calendar's Add Post composer. */
export async function openComposer(page: Page): Promise<Locator> {
  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  return page.getByRole('dialog', { name: 'Add Post' });
}

/** The heading of the visible range, e.g. 'December 2026'. */
export function rangeHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 2 }).first();
}

export function dayCell(page: Page, date: string): Locator {
  return page.locator(`td.fc-daygrid-day[data-date="${date}"]`);
}

/** Events on the calendar (FullCalendar's elements, made buttons). */
export function calendarEvents(scope: Page | Locator): Locator {
  return scope.locator('.kp-event');
}

/** Moves the month view forward until it shows `at`'s month. */
export async function showMonthOf(page: Page, at: DateTime): Promise<void> {
  const title = at.setLocale('en-US').toFormat('LLLL yyyy');
  for (let i = 0; i < 3; i++) {
    if ((await rangeHeading(page).textContent())?.trim() === title) return;
    await page.getByRole('button', { name: 'Next month', exact: true }).click();
  }
  await expect(rangeHeading(page)).toHaveText(title);
}

/** Creates posts through the API (the composer's own call), for tests about showing them. */
export async function composeThroughApi(
  page: Page,
  body: {
    content: string;
    scheduledAt?: string | null;
    asDraft?: boolean;
    targets?: { platform: Post['platform']; socialAccountId: string | null }[];
    hashtags?: string[];
  },
): Promise<ComposeResponse> {
  const response = await page.request.post('/api/posts/compose', {
    data: { targets: [{ platform: 'linkedin', socialAccountId: null }], hashtags: [], ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ComposeResponse;
}

/**
 * Where the newest post whose text holds `text` stands, as one line to poll: its status, failure
 * reason and public link ('missing' before it exists).
 */
export async function publishingLine(page: Page, text: string): Promise<string> {
  const posts = (await (await page.request.get('/api/posts?limit=50')).json()) as Post[];
  const post = posts.find((item) => item.content.includes(text));
  if (!post) return 'missing';
  const detail = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as PostDetail;
  return `${detail.status} ${detail.failureReason ?? ''} ${detail.externalUrl ?? ''}`;
}

export async function getPost(page: Page, id: string): Promise<{ status: number; post: Post | null }> {
  const response = await page.request.get(`/api/posts/${id}`);
  return { status: response.status(), post: response.ok() ? ((await response.json()) as Post) : null };
}

/** Connects a new sandbox X account through the real popup flow; returns its id. */
export async function connectSandboxX(
  page: Page,
  context: BrowserContext,
  username: string,
): Promise<string> {
  await page.goto('/social-accounts');
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Connect X (Twitter)' }).click(),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await expect(popup.getByRole('button', { name: 'Authorize' })).toBeVisible();
  await popup.getByLabel('New account named').check();
  await popup.getByLabel("New account's username").fill(username);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Authorize' }).click()]);
  await expectToast(page, 'Account Connected');
  const accounts = (await (await page.request.get('/api/user/social-accounts')).json()) as {
    id: string;
    username: string;
  }[];
  const account = accounts.find((item) => item.username === username);
  if (!account) throw new Error(`@${username} was not connected`);
  return account.id;
}

/** Drags an event onto a day cell with real mouse moves (FullCalendar's pointer dragging). */
export async function dragTo(page: Page, event: Locator, target: Locator): Promise<void> {
  // A refetch that redraws the calendar mid-drag would drop it: start from a settled page.
  await page.waitForLoadState('networkidle');
  await event.scrollIntoViewIfNeeded();
  const from = await event.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.6, { steps: 12 });
  await page.mouse.up();
}

/** Full-page screenshot for review (test-results/screens), failing on sideways overflow. */
export async function saveScreen(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage });
}

/** A post the server never saw, shown through a routed answer (states that need a platform's failure). */
export function fabricatedPost(overrides: Partial<Post>): Post {
  return {
    id: randomUUID(),
    platform: 'twitter',
    content: 'Fabricated post',
    tone: null,
    contentType: null,
    hashtags: [],
    suggestedImagePrompt: null,
    bestTimeToPost: null,
    estimatedReach: null,
    ...untouchedDraftFields(),
    status: 'scheduled',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Adds published, failed and missed posts to the real list answers, and serves their details. */
export async function routeFabricatedPosts(page: Page, posts: Post[], attempts: Record<string, unknown[]>) {
  await page.route(/\/api\/posts\?/, async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as Post[];
    const url = new URL(route.request().url());
    const statuses = url.searchParams.get('status')?.split(',');
    const extra = posts.filter((post) => !statuses || statuses.includes(post.status));
    await route.fulfill({ response, json: [...real, ...extra] });
  });
  for (const post of posts) {
    await page.route(`**/api/posts/${post.id}`, (route) =>
      route.fulfill({ json: { ...post, attempts: attempts[post.id] ?? [], links: [] } }),
    );
    // The post dialog reads the post's comment thread too; a fabricated post has none.
    await page.route(`**/api/posts/${post.id}/comments`, (route) =>
      route.fulfill({ json: { comments: [] } }),
    );
  }
}
