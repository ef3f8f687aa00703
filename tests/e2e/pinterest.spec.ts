import { jpegImage } from '../factories/media';
import { connectSandboxAccount } from './analytics-helpers';
import { openComposer, publishingLine, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 27, Pinterest as a person clicks it: the account connected in the sandbox popup, a board
 * made from the composer, and a Pin with its image and destination link scheduled and published
 * to the pretend Pinterest (which downloads the image from the app).
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('connect Pinterest, create a board in the composer, and publish a Pin with an image', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('pinterest'));
  const handle = `pin${Date.now().toString(36)}`;

  await connectSandboxAccount(page, context, 'Pinterest', handle, {
    consentText: 'See your public boards, including group boards you join',
  });

  const composer = await openComposer(page);
  await composer.getByLabel(`@${handle}`).check();
  await composer.getByLabel('Post text').fill('Rhubarb and custard tart: the recipe');
  await composer
    .getByLabel('Upload images or videos')
    .setInputFiles({ name: 'tart.jpg', mimeType: 'image/jpeg', buffer: jpegImage(1000, 1500) });
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });

  // No board yet: the live checks say so, and the account has none to choose.
  await expect(composer.getByText('Choose a board for this Pin.').first()).toBeVisible();
  await expect(composer.getByText('This account has no boards yet: create one.')).toBeVisible();
  await composer.getByRole('button', { name: 'Create board' }).click();
  await composer.getByLabel('New board name').fill('Summer tarts');
  await composer.getByRole('button', { name: 'Create', exact: true }).click();
  const board = composer.getByRole('combobox', { name: 'Board' });
  await expect(board).toHaveValue(/^\d+$/);
  await expect(board.locator('option:checked')).toHaveText('Summer tarts');
  await composer.getByLabel('Destination link').fill('https://bakery.example/tart');
  await expect(composer.getByText('Choose a board for this Pin.')).toHaveCount(0);

  await scheduleSoon(composer);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  await expect
    .poll(() => publishingLine(page, 'Rhubarb and custard'), { timeout: 60_000, intervals: [1000] })
    .toMatch(/^published .*\/sandbox\/pinterest\/pin\/\d+\/$/);
});
