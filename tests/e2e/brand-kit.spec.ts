import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp, toast } from './helpers';

interface ServerPost {
  content: string;
  brandFindings: Array<{ kind: string; value: string; message: string }>;
}

async function serverPosts(page: Page): Promise<ServerPost[]> {
  const response = await page.request.get('/api/user/posts');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerPost[];
}

function brandKitSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Brand Kit' });
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const section = brandKitSection(page);
  await expect(section.getByLabel('Brand name')).toBeVisible();
  return section;
}

/** Types a tag and presses Enter. */
async function addTag(field: Locator, tag: string): Promise<void> {
  await field.fill(tag);
  await field.press('Enter');
}

test.describe('Settings: Brand Kit', () => {
  test('the brand kit is saved, prefills the tone, and posts are checked against it', async ({ page }) => {
    await signUp(page, newUser('brandkit'));
    const section = await openSettings(page);

    // A new workspace starts from the defaults.
    await expect(section.getByLabel('Default tone')).toHaveValue('professional');
    await expect(section.getByRole('radio', { name: /Sparing/ })).toBeChecked();
    await expectAccessible(page, 'settings: brand kit');

    await section.getByLabel('Brand name').fill('Sol Bistro');
    await section.getByLabel('Brand voice').fill('Warm and neighbourly, proud of local produce.');
    await section.getByLabel('Default tone').selectOption('casual');
    await section.getByLabel('Audience').fill('Local families and foodies');
    await addTag(section.getByLabel('Keywords'), 'brunch');
    await addTag(section.getByLabel('Banned words'), 'cheap');
    // Typed with '#', kept without it; a space ends a hashtag too.
    await section.getByLabel('Required hashtags').fill('#SolBistro ');
    await section.getByRole('radio', { name: /None/ }).check();
    await section.getByRole('button', { name: 'Save brand kit' }).click();
    await expectToast(page, 'Brand Kit Saved');
    await expect(toast(page)).toHaveAttribute('data-variant', 'default');

    const saved = await (await page.request.get('/api/user/brand-kit')).json();
    expect(saved).toMatchObject({
      brandName: 'Sol Bistro',
      defaultTone: 'casual',
      keywords: ['brunch'],
      bannedWords: ['cheap'],
      requiredHashtags: ['SolBistro'],
      emojiPolicy: 'none',
    });

    // It is the server's: a reload shows it again.
    await page.reload();
    await expect(section.getByLabel('Brand name')).toHaveValue('Sol Bistro');
    await expect(section.getByRole('button', { name: 'Remove cheap' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Remove #SolBistro' })).toBeVisible();
    await expect(section.getByRole('radio', { name: /None/ })).toBeChecked();

    // The generator takes its tone from the brand kit.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Content Generator' })
      .click();
    // Exact: Settings' 'Default tone' selects must not match while the page changes.
    await expect(page.getByLabel('Tone', { exact: true })).toHaveValue('casual');
    await page.getByLabel('Campaign description').fill('Our weekend brunch menu is back.');
    await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
    await expectToast(page, 'Content Generated!');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);

    // Each card shows exactly what the server found.
    const posts = await serverPosts(page);
    expect(posts).toHaveLength(6);
    for (const post of posts) {
      const card = cards.filter({
        has: page.locator('[data-slot="post-content"]', { hasText: post.content }),
      });
      const findings = card.getByRole('list', { name: 'Brand check findings' }).getByRole('listitem');
      await expect(findings).toHaveText(post.brandFindings.map((finding) => finding.message));
    }

    // A banned word and a missing hashtag written in by hand are flagged on save...
    const card = cards.first();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Post text').fill('Pancakes, waffles and good coffee. So cheap!');
    const removeRequired = card.getByRole('button', { name: 'Remove #SolBistro' });
    if (await removeRequired.count()) await removeRequired.click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Post Saved');
    const findings = card.getByRole('list', { name: 'Brand check findings' }).getByRole('listitem');
    await expect(findings).toHaveText([
      'Uses the banned word "cheap".',
      'Missing the required hashtag #SolBistro.',
    ]);

    // ...and cleared when the post is on brand again.
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Post text').fill('Pancakes, waffles and good coffee. See you Saturday!');
    await addTag(card.getByLabel('Hashtags'), 'SolBistro');
    await card.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Post Saved');
    await expect(card.getByRole('list', { name: 'Brand check findings' })).toHaveCount(0);
  });

  test('a refused save shows the issues next to the fields', async ({ page }) => {
    await signUp(page, newUser('brandkit400'));
    const section = await openSettings(page);
    await page.route('**/api/user/brand-kit', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'validation_failed',
                message: 'Invalid request',
                issues: [{ path: 'bannedWords.0', message: 'A banned word is at most 60 characters' }],
              },
            }),
          })
        : route.continue(),
    );
    await addTag(section.getByLabel('Banned words'), 'cheap');
    await section.getByRole('button', { name: 'Save brand kit' }).click();
    await expectToast(page, 'Brand Kit Not Saved', 'A banned word is at most 60 characters');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(section.getByText('A banned word is at most 60 characters')).toBeVisible();
    await expect(section.getByLabel('Banned words')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a brand kit that cannot be loaded says so and offers to try again', async ({ page }) => {
    await signUp(page, newUser('brandkit500'));
    let fail = true;
    await page.route('**/api/user/brand-kit', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
          })
        : route.continue(),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByText('Your brand kit could not be loaded')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(brandKitSection(page).getByLabel('Brand name')).toBeVisible();
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`brand kit screen at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('settings with the brand kit', async ({ page }) => {
      await signUp(page, newUser(`bkscreen${viewport.width}`));
      await page.goto('/settings');
      const section = brandKitSection(page);
      await section.getByLabel('Brand name').fill('Sol Bistro');
      await addTag(section.getByLabel('Keywords'), 'brunch');
      await addTag(section.getByLabel('Keywords'), 'local produce');
      await addTag(section.getByLabel('Banned words'), 'cheap');
      await addTag(section.getByLabel('Required hashtags'), 'SolBistro');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/screens/settings-brand-kit-${viewport.width}.png`,
        fullPage: true,
      });
    });
  });
}
