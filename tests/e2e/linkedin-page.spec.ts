import type { Post, PostDetail } from '../../src/contracts/posts';
import type { SocialAccount } from '../../src/contracts/social-accounts';
import { openCalendar, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 27, LinkedIn company Pages as a person clicks it: the sandbox member administers two
 * Pages, Kitepost asks which one to connect, and a post composed to it (with its own preview) is
 * published as the Page by the real pipeline against the pretend LinkedIn Pages.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('connect one of two LinkedIn Pages in the sandbox popup and publish a post as it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('li-page'));
  await page.goto('/social-accounts');
  await expect(page.getByText('Loading your accounts...')).toHaveCount(0);

  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Connect LinkedIn Page' }).click(),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByLabel('Pages this member administers').selectOption('2');
  await popup.getByLabel('New account named').check();
  const member = `e2e-admin-${Date.now().toString(36)}`;
  await popup.getByLabel("New account's username").fill(member);
  await popup.getByRole('button', { name: 'Authorize' }).click();
  // Two Pages came with the sign-in: Kitepost asks which one.
  await expect(popup.getByRole('heading', { name: 'Choose the LinkedIn Page account' })).toBeVisible();
  const choices = popup.getByRole('radio');
  await expect(choices).toHaveCount(2);
  await choices.nth(1).check();
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: 'Connect this account' }).click(),
  ]);
  await expectToast(page, 'Account Connected');
  const accounts = (await (await page.request.get('/api/user/social-accounts')).json()) as SocialAccount[];
  const pageAccount = accounts.find((account) => account.platform === 'linkedin_page');
  if (!pageAccount) throw new Error('no LinkedIn Page was connected');
  expect(accounts).toHaveLength(1);

  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel(`@${pageAccount.username}`).check();
  const text = `Our Page is live ${Date.now().toString(36)} #launch`;
  await composer.getByLabel('Post text').fill(text);
  const preview = composer.getByRole('article', { name: 'LinkedIn Page post preview' });
  await expect(preview).toContainText('Company Page');
  await expect(preview).toContainText(text);
  await scheduleSoon(composer);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  let published: PostDetail | null = null;
  await expect
    .poll(
      async () => {
        const posts = (await (await page.request.get('/api/posts?limit=50')).json()) as Post[];
        const post = posts.find((item) => item.content.includes('Our Page is live'));
        if (!post) return 'missing';
        published = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as PostDetail;
        return `${published.status} ${published.failureReason ?? ''}`;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toMatch(/^published/);
  const url = (published as PostDetail | null)?.externalUrl;
  expect(url).toMatch(/\/sandbox\/linkedin-pages\/feed\/update\/urn:li:share:\d+$/);
  await page.goto(String(url));
  await expect(page.getByText(pageAccount.displayName).first()).toBeVisible();
  await expect(page.getByText('Our Page is live').first()).toBeVisible();
});
