import { readFileSync } from 'node:fs';
import { VIDEO_FIXTURES } from '../factories/video';
import { connectSandboxAccount } from './analytics-helpers';
import { openComposer, publishingLine, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 28, TikTok as a person clicks it: the account connected in the sandbox popup, then a short
 * video composed with TikTok's own fields (creator nickname, the unaudited app's "Only me", no
 * privacy by default) and published to the pretend TikTok through the chunked upload and the
 * status polling.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
const video = readFileSync(VIDEO_FIXTURES.vertical);

test('connect TikTok and publish a short video to it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('tiktok'));
  const handle = `tt${Date.now().toString(36)}`;

  await connectSandboxAccount(page, context, 'TikTok', handle, {
    consentText: 'Post content to your TikTok account directly.',
  });

  const composer = await openComposer(page);
  await composer.getByLabel(`@${handle}`).check();
  await composer.getByLabel('Post text').fill('Behind the counter, on TikTok #bakery');
  await composer
    .getByLabel('Upload images or videos')
    .setInputFiles({ name: 'counter.mp4', mimeType: 'video/mp4', buffer: video });
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });

  // TikTok's fields: the creator, the unaudited app's notice, and no privacy chosen for the user.
  const fields = composer.getByRole('group', { name: 'TikTok' });
  await expect(fields.getByText('Posting as')).toBeVisible();
  await expect(fields.getByText(/has not been audited by TikTok yet/)).toBeVisible();
  await expect(composer.getByText('Choose who can see this TikTok post.').first()).toBeVisible();
  const privacy = fields.getByRole('combobox', { name: /Who can see this video/ });
  await expect(privacy).toHaveValue('');
  await expect(privacy.locator('option')).toHaveText(['Choose who can see it', 'Only me']);
  await privacy.selectOption('SELF_ONLY');
  await expect(fields.getByRole('checkbox', { name: 'Duet' })).not.toBeChecked();
  await expect(fields.getByText(/Music Usage Confirmation/)).toBeVisible();
  await expect(composer.getByText('Choose who can see this TikTok post.')).toHaveCount(0);

  await scheduleSoon(composer);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  await expect
    .poll(() => publishingLine(page, 'Behind the counter, on TikTok'), { timeout: 60_000, intervals: [1000] })
    .toMatch(new RegExp(`^published .*/sandbox/tiktok/@${handle}/video/\\d+$`));
});
