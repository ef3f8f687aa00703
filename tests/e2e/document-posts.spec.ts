import type { Post } from '../../src/contracts/posts';
import { makePdf } from '../factories/pdf';
import { connectSandboxAccount } from './analytics-helpers';
import { calendarEvents, openComposer, saveScreen, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 24, LinkedIn document posts as a person clicks them: a PDF uploaded in the composer for a
 * connected sandbox LinkedIn account, the "Document (PDF)" type, the title LinkedIn requires (the
 * check says so until it is typed), scheduled, published by the pretend LinkedIn, and seen on the
 * calendar and in the media library.
 */

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('a LinkedIn document post: PDF, title required, scheduled and shown on the calendar and in the library', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signUp(page, newUser('doc-post'));
  const handle = `li${Date.now().toString(36)}`;
  await connectSandboxAccount(page, context, 'LinkedIn', handle);

  const composer = await openComposer(page);
  await composer.getByLabel(`@${handle}`).check();
  const types = composer.getByRole('radiogroup', { name: `@${handle} on LinkedIn` });
  await types.getByText('Document (PDF)', { exact: true }).click();
  await expect(composer.getByText('Document (PDF): people swipe through the pages.')).toBeVisible();
  await composer.getByLabel('Post text').fill('Our winter opening hours, page by page');
  await composer.getByLabel('Upload images or videos').setInputFiles({
    name: 'winter-hours.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf({ pages: 4, text: 'Winter opening hours' }),
  });
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
  // The attached document: its first page, name, pages and size; the preview counts its pages.
  await expect(composer.getByText(/^PDF · 4 pages · \d/)).toBeVisible();
  await expect(composer.getByTestId('document-preview')).toContainText('1 / 4');

  // LinkedIn requires a title: the check says so, Schedule waits for it, and the field says so
  // once left empty.
  const checks = composer.getByRole('list', { name: 'Checks per platform' });
  await expect(checks).toContainText('A LinkedIn Document needs a title');
  const schedule = composer.getByRole('button', { name: 'Schedule', exact: true });
  await expect(schedule).toBeDisabled();
  const title = composer.getByLabel(/Document title/);
  await title.focus();
  await title.press('Tab');
  await expect(
    composer.getByText('Give the document a title: LinkedIn shows it above the pages.'),
  ).toBeVisible();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await saveScreen(page, 'document-composer-untitled', 1280);

  await title.fill('Winter opening hours 2026');
  await expect(composer.getByTestId('document-preview')).toContainText('Winter opening hours 2026');
  await expect(checks).toContainText('Ready to publish');
  await saveScreen(page, 'document-composer', 1280);
  // A few seconds ahead: the pretend LinkedIn publishes it while the test watches.
  await scheduleSoon(composer);
  await schedule.click();
  await expectToast(page, 'Post Scheduled');

  // Saved with its type and title, published by the pretend LinkedIn, shown on the calendar as a
  // document post.
  const saved = async () => {
    const posts = (await (await page.request.get('/api/posts?limit=50')).json()) as Post[];
    return posts.find((post) => post.content.includes('winter opening hours'));
  };
  expect(await saved()).toMatchObject({ postType: 'carousel', title: 'Winter opening hours 2026' });
  await expect
    .poll(
      async () => {
        const post = await saved();
        return `${post?.status} ${post?.failureReason ?? ''}`;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toMatch(/^published/);
  const event = calendarEvents(page).filter({ hasText: 'winter opening hours' }).first();
  await expect(event).toContainText('Document');
  await event.click();
  const panel = page.getByRole('dialog', { name: 'LinkedIn post' });
  await expect(panel.getByTestId('post-kind')).toHaveText('Document');
  await expect(panel.getByTestId('post-title')).toHaveText('Document title: Winter opening hours 2026');
  await expect(panel.getByTestId('post-status')).toHaveText('Published');
  await expect(panel.getByRole('link', { name: 'View on LinkedIn' }).first()).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await saveScreen(page, 'document-post-panel', 1280);
  await panel.getByRole('button', { name: 'Close' }).first().click();

  // The library lists it under Documents, with its pages; its picture opens the PDF.
  await page.goto('/media');
  await page.getByLabel('Type').selectOption('document');
  const card = page.getByTestId('media-card').filter({ hasText: 'winter-hours.pdf' });
  await expect(card).toContainText(/PDF · 4 pages · \d/);
  await expect(page.getByTestId('media-card')).toHaveCount(1);
  await expect(
    card.getByRole('link', { name: 'Open winter-hours.pdf (PDF, opens in a new tab)' }),
  ).toHaveAttribute('href', /\.pdf(\?|$)/);
  await saveScreen(page, 'document-library', 1280);
});
