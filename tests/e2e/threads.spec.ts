import type { Post, PostDetail } from '../../src/contracts/posts';
import { jpegImage } from '../factories/media';
import { calendarEvents, openCalendar, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 27, Threads as a person clicks it: connect a sandbox Threads profile in the popup from its
 * card on Social Accounts, then compose a post with a photo (seen in the Threads preview with its
 * 500-character count) and see it published with its link. The pretend Threads downloads the photo.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('connect Threads in the sandbox popup and publish a post with a photo to it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('threads'));
  const handle = `th${Date.now().toString(36)}`;

  await page.goto('/social-accounts');
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Connect Threads' }).click(),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await expect(popup.getByText('Publish posts to Threads on your behalf.')).toBeVisible();
  await popup.getByLabel('New account named').check();
  await popup.getByLabel("New account's username").fill(handle);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Authorize' }).click()]);
  await expectToast(page, 'Account Connected', `Threads account @${handle} connected.`);

  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel(`@${handle}`).check();
  await composer.getByLabel('Post text').fill('Fresh rye at seven, come early');
  await composer
    .getByLabel('Upload images or videos')
    .setInputFiles({ name: 'rye.jpg', mimeType: 'image/jpeg', buffer: jpegImage(1080, 1350) });
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
  const preview = composer.getByRole('list', { name: 'Posts on Threads' });
  await expect(preview).toContainText('Fresh rye at seven');
  await expect(preview).toContainText('of 500');
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
  const panel = page.getByRole('dialog', { name: 'Threads post' });
  await expect(panel.getByTestId('post-status')).toHaveText('Published', { timeout: 30_000 });
  const link = panel.getByRole('link', { name: 'View on Threads' }).first();
  await expect(link).toHaveAttribute('href', new RegExp(`/sandbox/threads/@${handle}/post/`));
});
