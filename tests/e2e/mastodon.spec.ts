import type { Page } from '@playwright/test';
import type { Post, PostDetail } from '../../src/contracts/posts';
import type { SocialAccount } from '../../src/contracts/social-accounts';
import { calendarEvents, openCalendar, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Mastodon end to end in the sandbox: the server typed on the connect card, the simulator's
 * consent page in the popup, then a post with a content warning from the composer, published with
 * its link on the user's own server.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

async function publishedPost(page: Page, text: string): Promise<string> {
  let status = 'missing';
  await expect
    .poll(
      async () => {
        const posts = (await (await page.request.get('/api/posts?limit=50')).json()) as Post[];
        const post = posts.find((item) => item.content.includes(text));
        if (!post) return 'missing';
        const detail = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as PostDetail;
        status = `${detail.status} ${detail.failureReason ?? ''}`;
        return status;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toMatch(/^published/);
  return status;
}

test('connect a Mastodon account by its server, then publish a post with a content warning to it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('mastodon'));
  const handle = `kite${Date.now().toString(36)}`;

  await page.goto('/social-accounts');
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);
  await page.getByLabel('Your Mastodon server').fill(`@${handle}@Mastodon.Social`);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Connect Mastodon' }).click(),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await expect(popup.getByText('Publish posts')).toBeVisible();
  await popup.getByLabel('New account named').check();
  await popup.getByLabel("New account's username").fill(handle);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Authorize' }).click()]);
  await expectToast(page, 'Account Connected');
  const accounts = (await (await page.request.get('/api/user/social-accounts')).json()) as SocialAccount[];
  expect(accounts.find((account) => account.platform === 'mastodon')).toMatchObject({
    username: `${handle}@mastodon.social`,
    postLimits: { maxLength: 500, maxMedia: 4 },
  });

  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel(`@${handle}@mastodon.social`).check();
  await composer
    .getByLabel('Post text')
    .fill('Our sourdough starter turns five today. Cake for everyone! #bakery');
  await composer.getByLabel(/Content warning/).fill('Food');
  await composer.getByLabel('Who can see it').selectOption('unlisted');
  await expect(composer.getByRole('figure').filter({ hasText: 'Preview on Mastodon' })).toContainText(
    'Our sourdough starter turns five today.',
  );
  await scheduleSoon(composer);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  await publishedPost(page, 'sourdough starter');
  await calendarEvents(page).filter({ hasText: 'sourdough starter' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Mastodon post' });
  await expect(panel.getByTestId('post-status')).toHaveText('Published', { timeout: 30_000 });
  const link = panel.getByRole('link', { name: 'View on Mastodon' }).first();
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`/sandbox/mastodon/mastodon\\.social/@${handle}/\\d+$`),
  );
  // The status on the pretend server carries its warning and visibility.
  const status = await page.request.get((await link.getAttribute('href')) as string);
  const html = await status.text();
  expect(html).toContain('Content warning:</strong> Food');
  expect(html).toContain('Visibility: unlisted');
});
