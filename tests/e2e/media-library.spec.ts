import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { MediaLibraryPage } from '../../src/contracts/media';
import { expectAccessible } from './axe';
import { saveScreen, ZONE, zonedDay } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

/** A real small picture of one colour, as a phone would upload it. */
async function picture(name: string, format: 'png' | 'jpeg', colour: string) {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: colour } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

async function libraryItems(page: Page) {
  const response = await page.request.get('/api/media/library');
  expect(response.status()).toBe(200);
  return ((await response.json()) as MediaLibraryPage).items;
}

const card = (page: Page, name: string) => page.getByTestId('media-card').filter({ hasText: name });

test('the media library: upload, tag, filter, see where an item is used, delete refused while scheduled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('media'));
  await page.getByRole('link', { name: 'Media Library' }).first().click();
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByRole('heading', { name: 'Media Library', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No media yet' })).toBeVisible();
  await expect(page.getByText(/of 25 GB used on the Professional plan/)).toBeVisible();

  // Upload two pictures through the page's own picker.
  await page
    .getByTestId('media-upload-input')
    .setInputFiles([
      await picture('shop-front.png', 'png', '#4f46e5'),
      await picture('menu.jpg', 'jpeg', '#f59e0b'),
    ]);
  await expect(page.getByTestId('media-card')).toHaveCount(2);
  await expect(card(page, 'shop-front.png')).toContainText('Not used in any post yet.');

  // Tag one, then filter by the tag and by a search.
  await card(page, 'shop-front.png').getByRole('button', { name: 'Edit tags of shop-front.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags' });
  await dialog.getByLabel('Tags').fill('Spring');
  await dialog.getByLabel('Tags').press('Enter');
  await dialog.getByRole('button', { name: 'Save tags' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, 'shop-front.png').getByRole('list', { name: 'Tags' })).toHaveText('spring');

  await page.getByLabel('Tag', { exact: true }).selectOption('spring');
  await expect(page.getByTestId('media-card')).toHaveCount(1);
  await expect(card(page, 'shop-front.png')).toBeVisible();
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await page.getByLabel('Search').fill('menu');
  await expect(page.getByTestId('media-card')).toHaveCount(1);
  await expect(card(page, 'menu.jpg')).toBeVisible();
  await page.getByLabel('Type').selectOption('video');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('media-card')).toHaveCount(2);

  // Schedule a post with the tagged picture: the card says where it is used, and refuses deletion.
  const shopFront = (await libraryItems(page)).find((item) => item.fileName === 'shop-front.png');
  if (!shopFront) throw new Error('shop-front.png was not uploaded');
  const composed = await page.request.post('/api/posts/compose', {
    data: {
      targets: [{ platform: 'linkedin', socialAccountId: null }],
      content: 'Spring is here: come and see the new shop front.',
      hashtags: [],
      scheduledAt: zonedDay(2).toUTC().toISO(),
      mediaIds: [shopFront.id],
    },
  });
  expect(composed.status(), await composed.text()).toBe(201);
  const postId = ((await composed.json()) as { posts: { id: string }[] }).posts[0]?.id ?? '';
  await page.reload();
  const used = card(page, 'shop-front.png');
  await expect(used).toContainText('Used in 1 post');
  await expect(used.getByRole('link', { name: 'LinkedIn · Scheduled' })).toHaveAttribute(
    'href',
    `/calendar?post=${postId}`,
  );
  await expect(used.getByRole('button', { name: 'Delete shop-front.png' })).toBeDisabled();
  await expect(used).toContainText("Can't delete while a post uses it: LinkedIn, scheduled.");
  // The server refuses too, naming the post.
  const refused = await page.request.delete(`/api/media/${shopFront.id}`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toContain('LinkedIn, scheduled');

  await expectAccessible(page, 'media library');
  await saveScreen(page, 'media-library', 1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreen(page, 'media-library', 375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The unused one deletes after a confirmation.
  await card(page, 'menu.jpg').getByRole('button', { name: 'Delete menu.jpg' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this item?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted');
  await expect(page.getByTestId('media-card')).toHaveCount(1);

  // "Use in a post" opens the calendar's composer with the picture attached.
  await used.getByRole('button', { name: 'Use in a post' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await expect(composer.getByRole('img', { name: 'shop-front.png' })).toBeVisible();
});

test('near the storage quota the bar turns amber and offers an upgrade', async ({ page }) => {
  await signUp(page, newUser('media-quota'));
  // 460 MB of the Free plan's 500 MB: filling real storage that far is not a test's job.
  await page.route('**/api/media/usage', (route) =>
    route.fulfill({
      json: {
        usedBytes: 460 * 1024 * 1024,
        quotaBytes: 500 * 1024 * 1024,
        plan: { id: 'free', name: 'Free' },
      },
    }),
  );
  await page.goto('/media');
  await expect(
    page.getByText('460 MB of 500 MB used on the Free plan: storage is nearly full.'),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Media storage used' })).toHaveAttribute(
    'aria-valuenow',
    '92',
  );
  await expect(page.getByRole('link', { name: 'Upgrade for more storage' })).toHaveAttribute(
    'href',
    '/subscribe?plan=starter',
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreen(page, 'media-library-near-quota', 375, false);
});
