import { readFileSync } from 'node:fs';
import { VIDEO_FIXTURES } from '../factories/video';
import { connectSandboxAccount } from './analytics-helpers';
import { openComposer, publishingLine, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 28, YouTube as a person clicks it: the channel connected through Google's sandbox sign-in
 * popup, and a short vertical video published as a Short with its title, audience and privacy,
 * the quota left today shown in the composer.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

const video = readFileSync(VIDEO_FIXTURES.vertical);

test('connect a YouTube channel and publish a short video as a Short', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('youtube'));
  const handle = `bakery${Date.now().toString(36)}`;

  await connectSandboxAccount(page, context, 'YouTube', handle, {
    consentText: 'Manage your YouTube videos',
  });
  // The card says what Kitepost's YouTube quota still allows today.
  await expect(page.getByText(/Uploads left today: \d+/)).toBeVisible();

  const composer = await openComposer(page);
  await composer.getByLabel(`@${handle}`).check();
  await expect(composer.getByText(/Uploads left today: \d+/)).toBeVisible();
  await composer.getByLabel('Post text').fill('Laminating croissant dough, start to finish. #baking');
  await composer
    .getByLabel('Upload images or videos')
    .setInputFiles({ name: 'dough.mp4', mimeType: 'video/mp4', buffer: video });
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });

  // YouTube asks a title and the audience of every upload: the live checks say so until given.
  await expect(composer.getByText(/needs a title/).first()).toBeVisible();
  await composer.getByLabel('Video title').fill('Croissant dough in 3 seconds');
  await expect(composer.getByText(/Say whether this video is made for kids/).first()).toBeVisible();
  await composer.getByLabel("No, it's not made for kids").check();
  await composer.getByLabel('Visibility').selectOption('unlisted');
  await expect(composer.getByText(/Say whether this video is made for kids/)).toHaveCount(0);
  await expect(composer.getByText('Short', { exact: true }).first()).toBeVisible();

  await scheduleSoon(composer);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  await expect
    .poll(() => publishingLine(page, 'Laminating croissant dough'), { timeout: 60_000, intervals: [1000] })
    .toMatch(/^published .*\/sandbox\/youtube\/shorts\/[A-Za-z0-9_-]{11}$/);
});
