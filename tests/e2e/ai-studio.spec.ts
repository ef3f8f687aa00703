import type { Post } from '../../src/contracts/posts';
import { expectAccessible } from './axe';
import { connectSandboxX, openComposer, scheduleSoon, ZONE } from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/**
 * The AI studio (issue 30) on the offline writer and renderer (the e2e server has no AI service):
 * a branded graphic attached in the composer and scheduled, a composer action with Undo, and a
 * month planned from one brief and accepted as drafts. One user, one test: CI time is tight.
 */
test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 900 } });

const LONG_TEXT =
  'Our bakery on Elm Street is turning ten this winter, and we want to thank every neighbour who ever stopped by for a loaf. ' +
  'Basically, from Monday to Saturday every sourdough is half price (while the ovens keep up, of course). ' +
  'We will also bake a giant birthday cake on Saturday afternoon and share it with everyone who comes in. ' +
  'Bring your friends, bring your family, and bring your appetite. ' +
  'Thank you for ten wonderful years of flour, butter and early mornings together.';

async function postsOf(page: import('@playwright/test').Page): Promise<Post[]> {
  const response = await page.request.get('/api/posts?limit=200');
  expect(response.status()).toBe(200);
  return (await response.json()) as Post[];
}

test('branded graphic, a composer action with Undo, and a planned month', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('ai-studio'));
  const kit = await (await page.request.get('/api/user/brand-kit')).json();
  const saved = await page.request.put('/api/user/brand-kit', {
    data: { ...kit, brandName: 'Elm Street Bakery', primaryColour: '#1e3a8a' },
  });
  expect(saved.status()).toBe(200);
  const handle = `studio${Date.now().toString(36)}`;
  await connectSandboxX(page, context, handle);

  await test.step('Create image: a branded graphic attached in the composer, then scheduled', async () => {
    const composer = await openComposer(page);
    await composer.getByLabel(`@${handle}`).check();
    await composer.getByLabel('Post text').fill('Ten years on Elm Street: cake for everyone on Saturday!');
    await composer.getByRole('button', { name: 'Create image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create image' });
    await expect(dialog.getByText('No AI image service is connected')).toBeVisible();
    await dialog.getByLabel('Template').selectOption('announcement');
    await expect(dialog.getByLabel('Shape')).toHaveValue('16:9');
    await expectAccessible(page, 'create image dialog');
    await dialog.getByRole('button', { name: 'Create image' }).click();
    const preview = dialog.getByRole('img');
    await expect(preview).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText('1600 × 900, saved to your media library.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Attach to post' }).click();
    await expect(dialog).toHaveCount(0);

    await scheduleSoon(composer, 30);
    await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expectToast(page, 'Post Scheduled');
    const post = (await postsOf(page)).find((item) => item.content.startsWith('Ten years on Elm Street'));
    expect(post?.status).toMatch(/scheduled|publishing|published/);
    expect(post?.mediaIds).toHaveLength(1);
    const media = await (await page.request.get(`/api/media/${post?.mediaIds[0]}`)).json();
    expect(media).toMatchObject({ source: 'ai_graphic', template: 'announcement', width: 1600, height: 900 });
  });

  await test.step('AI › Shorten streams a shorter text in; Undo puts the old one back', async () => {
    const composer = await openComposer(page);
    const field = composer.getByLabel('Post text');
    await field.fill(LONG_TEXT);
    await composer.getByRole('button', { name: 'AI' }).click();
    await page.getByRole('menuitem', { name: 'Shorten' }).click();
    await expect(composer.getByText('Shortened by the offline composer.')).toBeVisible();
    await expect(composer.getByText('Sandbox').first()).toBeVisible();
    const shorter = await field.inputValue();
    expect(shorter.length).toBeGreaterThan(0);
    expect(shorter.length).toBeLessThan(LONG_TEXT.length);
    await composer.getByRole('button', { name: 'Undo' }).click();
    await expect(field).toHaveValue(LONG_TEXT);
  });

  await test.step('Plan a month: X and LinkedIn for two weeks, one left out, the rest accepted', async () => {
    await page.goto('/content-generator');
    await page.getByRole('tab', { name: 'Plan a month' }).click();
    await page
      .getByLabel('What should the month achieve?')
      .fill('Celebrate ten years and fill the Saturday tastings');
    await expect(page.getByLabel('Account').first()).toHaveValue(/^account:/);
    await page.getByRole('button', { name: 'Add a network' }).click();
    await page.getByLabel('Account').nth(1).selectOption('platform:linkedin');
    await page.getByLabel('Per week').nth(1).fill('2');
    await page.getByLabel('Weeks').selectOption('2');
    await expect(page.getByText('10 posts, one AI credit each.')).toBeVisible();
    await page.getByRole('button', { name: 'Plan the posts' }).click();

    const preview = page.getByRole('region', { name: 'Your plan' });
    await expect(preview.getByRole('button', { name: 'Accept all' })).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByRole('article')).toHaveCount(10);
    await expect(preview.getByRole('heading', { name: /^Week 1/ })).toBeVisible();
    await preview.getByRole('checkbox').first().uncheck();
    await expectAccessible(page, 'plan preview');
    await preview.getByRole('button', { name: 'Accept selected (9)' }).click();
    await expect(preview.getByText('9 drafts were added to your calendar.')).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute(
      'href',
      '/calendar',
    );

    const drafts = (await postsOf(page)).filter((item) => item.status === 'draft' && item.scheduledAt);
    expect(drafts).toHaveLength(9);
    expect(new Set(drafts.map((item) => item.platform))).toEqual(new Set(['twitter', 'linkedin']));
  });
});
