import type { Page } from '@playwright/test';
import type { Post, PostDetail } from '../../src/contracts/posts';
import type { SocialAccount } from '../../src/contracts/social-accounts';
import { calendarEvents, openCalendar, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 27, Bluesky: an app password made on the pretend bsky.app's settings page, the account
 * connected with it through the password route (the card's form is wired by the coordinator),
 * then a thread of two posts with a link and a tag composed, previewed in Bluesky's look, and
 * published: the first post, then its reply.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

async function connectWithAppPassword(page: Page): Promise<SocialAccount> {
  const handle = `bakery-${Date.now().toString(36)}.bsky.social`;
  const made = await page.request.post('/sandbox/bluesky/settings/app-passwords', { form: { handle } });
  expect(made.ok()).toBe(true);
  const password = /<code id="app-password">([^<]+)<\/code>/.exec(await made.text())?.[1] ?? '';
  const connected = await page.request.post('/api/user/social-accounts/password', {
    data: { platform: 'bluesky', identifier: handle, password },
  });
  expect(connected.status()).toBe(200);
  return (await connected.json()) as SocialAccount;
}

test('connect Bluesky with an app password and publish a thread of 3 posts with a link card and a tag', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('bluesky'));
  const account = await connectWithAppPassword(page);
  expect(account).toMatchObject({ platform: 'bluesky', sandbox: true, status: 'connected' });

  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel(`@${account.username}`).check();
  await composer
    .getByRole('radiogroup', { name: `@${account.username} on Bluesky` })
    .getByText('Thread', { exact: true })
    .click();
  await composer.getByLabel('Post text').fill('Fresh rye today 🥖 https://example.com/rye #bakery');
  await composer.getByRole('button', { name: 'Add post 2' }).click();
  await composer.getByRole('textbox', { name: 'Post 2' }).fill('Open until 6 pm.');
  await composer.getByRole('button', { name: 'Add post 3' }).click();
  await composer.getByRole('textbox', { name: 'Post 3' }).fill('Rye sells out by noon on Saturdays.');
  // The preview in Bluesky's look counts graphemes (the emoji is one).
  const preview = composer.getByRole('list', { name: 'Posts of the thread' });
  await expect(preview.getByText('1/3 · 49 of 300')).toBeVisible();
  await expect(preview.getByText('example.com', { exact: true })).toBeVisible();
  await scheduleSoon(composer);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  await expect
    .poll(
      async () => {
        const posts = (await (await page.request.get('/api/posts?limit=50')).json()) as Post[];
        const post = posts.find((item) => item.content.includes('Fresh rye'));
        if (!post) return 'missing';
        const detail = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as PostDetail;
        return `${detail.status} ${detail.failureReason ?? ''}`;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toMatch(/^published/);
  await calendarEvents(page).filter({ hasText: 'Fresh rye' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Bluesky post' });
  await expect(panel.getByTestId('post-status')).toHaveText('Published');
  // The next posts go out right after the first, each as a reply; the panel watches them come in.
  const thread = panel.getByRole('region', { name: 'Thread (3 posts)' });
  await expect(thread.getByText('Published')).toHaveCount(2, { timeout: 45_000 });
  await expect(thread.getByRole('link', { name: 'View on Bluesky' })).toHaveCount(2);
  const link = panel.getByRole('link', { name: 'View on Bluesky' }).first();
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`/sandbox/bluesky/profile/${account.username}/post/`),
  );
});
