import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp, toast } from './helpers';

/** The idea cards on screen. */
function ideaCards(page: Page): Locator {
  return page.getByRole('article');
}

/** The first line of each card's text. */
async function firstLines(page: Page): Promise<string[]> {
  const texts = await page.locator('[data-slot="post-content"]').allInnerTexts();
  return texts.map((text) => text.split('\n')[0]?.trim() ?? '');
}

/** Holds the generation call for a moment, so the pending state can be seen. */
async function slowGeneration(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
}

async function fillForm(page: Page): Promise<void> {
  await page.getByLabel('Business type').selectOption('restaurant');
  await page.getByLabel('Target audience').fill('Local families and foodies');
  await page
    .getByLabel('Campaign description')
    .fill('Launch our new weekend brunch menu and fill tables before the holidays.');
}

/** The card of one platform (the first one, if there are several). */
function cardOf(page: Page, platform: string): Locator {
  return ideaCards(page)
    .filter({ has: page.getByRole('heading', { name: platform, exact: true }) })
    .first();
}

test.describe('Content generator, signed out', () => {
  test('a visitor fills the form, sees six ideas, and the premium actions explain themselves', async ({
    page,
  }) => {
    await slowGeneration(page, '/api/generate-content');
    await page.goto('/content-generator');
    await expect(page.getByRole('heading', { name: 'Content Generator', level: 1 })).toBeVisible();
    // Signed out: no credit count.
    await expect(page.getByText(/credits? remaining/)).toHaveCount(0);

    // The spec's defaults.
    await expect(page.getByLabel('Content type')).toHaveValue('promotional');
    await expect(page.getByLabel('Tone')).toHaveValue('professional');
    await fillForm(page);
    await page.getByLabel('Content type').selectOption('educational');
    await expect(page.getByLabel('Content type').locator('option:checked')).toHaveText('Educational');

    const requests: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/generate-content')) requests.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expectToast(page, 'Content Generated!', 'Generated 6 new posts successfully.');
    await expect(page.getByRole('button', { name: 'Generate Content Ideas' })).toBeEnabled();
    expect(requests[0]).toMatchObject({
      businessType: 'restaurant',
      targetAudience: 'Local families and foodies',
      contentType: 'educational',
      tone: 'professional',
      previousPosts: [],
    });

    const cards = ideaCards(page);
    await expect(cards).toHaveCount(6);
    // The offline composer wrote them, and says so.
    await expect(page.getByText('Written by the offline composer')).toBeVisible();
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();

    // Each card: platform, text, hashtags, tips, an estimate labelled as one, and its length.
    await expect(cardOf(page, 'X (Twitter)')).toBeVisible();
    const first = cards.first();
    await expect(first.getByRole('list', { name: 'Hashtags' }).getByRole('listitem').first()).toHaveText(
      /^#\w+/,
    );
    await expect(first.getByText('Best time')).toBeVisible();
    await expect(first.getByText('Est. reach')).toBeVisible();
    await expect(first.getByTitle(/estimate/)).toHaveText(/^~[\d.]+[KM]?\b/);
    await expect(first.getByText(/^Length: \d+ \/ \d+$/)).toBeVisible();
    await expect(cardOf(page, 'X (Twitter)').getByText(/\/ 280$/)).toBeVisible();

    // Edit, Save and Schedule on an unsaved idea (spec §8).
    await first.getByRole('button', { name: 'Edit' }).click();
    await expectToast(
      page,
      'Edit Feature',
      'Editing posts is available for premium users. Sign up to unlock this feature!',
    );
    await first.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Post Saved', 'Sign up to save and organize your favorite content ideas!');
    await expect(toast(page)).toHaveAttribute('data-variant', 'default');
    await first.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(page, 'Upgrade Required', 'Please sign up to schedule posts and save your content.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start free trial' })).toBeVisible();
    // The destructive toast is on screen too: the check covers it.
    await expectAccessible(page, 'content generator, signed out, with ideas and a toast');

    // Generate More sends what is shown, and brings new ideas.
    const before = await firstLines(page);
    const shownContents = await page.locator('[data-slot="post-content"]').allInnerTexts();
    await page.getByRole('button', { name: 'Generate More' }).click();
    await expectToast(page, 'Content Generated!', 'Generated 6 new posts successfully.');
    await expect(cards).toHaveCount(6);
    const more = requests[1] as { previousPosts: string[] };
    expect(more.previousPosts.map((text) => text.trim())).toEqual(shownContents.map((text) => text.trim()));
    const after = await firstLines(page);
    expect(after).not.toEqual(before);
    expect(after.filter((line) => before.includes(line)).length).toBeLessThan(after.length);
  });

  test('a refused generation shows Generation Failed with the server message', async ({ page }) => {
    await page.route('**/api/generate-content', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'rate_limited', message: 'Too many ideas for now. Try again later.' },
        }),
      }),
    );
    await page.goto('/content');
    await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
    await expectToast(page, 'Generation Failed', 'Too many ideas for now. Try again later.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(ideaCards(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      '/?auth=signup',
    );
  });
});

test.describe('Content generator, signed in', () => {
  // Away from UTC, so that 'tomorrow 14:00 local' is really converted to and from the server's UTC.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('credits, drafts, editing with a live count and preview, saving and scheduling', async ({ page }) => {
    const user = newUser('generator');
    await signUp(page, user);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Content Generator' })
      .click();
    await expect(page.getByRole('heading', { name: 'Content Generator', level: 1 })).toBeVisible();
    await expect(page.getByText('200 credits remaining')).toBeVisible();

    await slowGeneration(page, '/api/user/generate-content');
    await fillForm(page);
    await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expectToast(page, 'Content Generated!', 'Generated 6 new posts successfully.');
    await expect(ideaCards(page)).toHaveCount(6);
    await expect(page.getByText('194 credits remaining')).toBeVisible();
    // Saved as drafts: no visitor Save button, a Draft badge instead.
    await expect(ideaCards(page).getByText('Draft', { exact: true })).toHaveCount(6);
    await expect(ideaCards(page).getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectAccessible(page, 'content generator, signed in, with ideas');

    // Edit the X card: the count follows the text, over the limit Save is disabled.
    const card = cardOf(page, 'X (Twitter)');
    await card.getByRole('button', { name: 'Edit' }).click();
    const text = card.getByLabel('Post text');
    await expect(text).toBeVisible();
    const counter = card.getByText(/^Length: \d+ \/ 280$/);
    const initialCount = await counter.innerText();
    await text.fill('Brunch is back this Saturday. Bring the whole family!');
    await expect(counter).not.toHaveText(initialCount);
    await expect(card.getByRole('figure', { name: 'Preview on X (Twitter)' })).toContainText(
      'Brunch is back this Saturday. Bring the whole family!',
    );
    await expectAccessible(page, 'content generator, editing a card');

    await text.fill(`Long ${'word '.repeat(60)}`);
    await expect(card.getByText(/^Too long for X \(Twitter\): remove \d+ characters?\.$/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();

    const edited = 'Brunch is back this Saturday at 9. Bring the whole family!';
    await text.fill(edited);
    await expect(card.getByText(/Too long/)).toHaveCount(0);
    await card.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Post Saved', 'Your changes are saved.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'default');
    await expect(card.getByLabel('Post text')).toHaveCount(0);
    await expect(card.locator('[data-slot="post-content"]')).toHaveText(edited);

    // Schedule: the dialog proposes tomorrow 14:00 local, and names the time zone.
    await card.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule post' });
    await expect(dialog).toBeVisible();
    const expected = await page.evaluate(() => {
      const now = new Date();
      const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        value: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T14:00`,
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
    });
    await expect(dialog.getByLabel('Date and time')).toHaveValue(expected.value);
    await expect(dialog.getByText(`Time zone: ${expected.zone}`)).toBeVisible();
    await expectAccessible(page, 'schedule dialog');
    await dialog.getByRole('button', { name: 'Schedule post' }).click();
    await expectToast(page, 'Post Scheduled');
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText(/^Scheduled for /)).toBeVisible();
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();

    // The server holds the edit and the schedule.
    const posts = (await (await page.request.get('/api/user/posts')).json()) as Array<{
      content: string;
      status: string;
      scheduledAt: string | null;
    }>;
    const saved = posts.find((post) => post.content === edited);
    expect(saved?.status).toBe('scheduled');
    const [date] = expected.value.split('T');
    expect(
      await page.evaluate((iso) => {
        const d = new Date(iso ?? '');
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${d.getHours()}:${d.getMinutes()}`;
      }, saved?.scheduledAt),
    ).toBe(`${date} 14:0`);
  });

  test('a refused schedule shows Scheduling Failed with the server message', async ({ page }) => {
    await signUp(page, newUser('schedfail'));
    await page.goto('/content-generator');
    await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
    await expectToast(page, 'Content Generated!');
    await page.route('**/api/posts/*/schedule', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'bad_request', message: 'Choose a time in the future.' } }),
      }),
    );
    await ideaCards(page).first().getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule post' });
    await dialog.getByRole('button', { name: 'Schedule post' }).click();
    await expectToast(page, 'Scheduling Failed', 'Choose a time in the future.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
  });

  test('out of credits: Generation Failed and an upgrade prompt linking to /subscribe', async ({ page }) => {
    await signUp(page, newUser('nocredits'));
    await page.goto('/content-generator');
    await expect(page.getByText('200 credits remaining')).toBeVisible();
    const message =
      'You have used all AI credits of your plan this month. Upgrade your plan for more posts, or wait until your credits reset.';
    await page.route('**/api/user/generate-content', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'plan_limit', message } }),
      }),
    );
    await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
    await expectToast(page, 'Generation Failed', message);
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    const upgrade = page.getByRole('link', { name: 'Upgrade plan' });
    await expect(upgrade).toHaveAttribute('href', '/subscribe');
    await expect(page.getByText('You are out of AI credits')).toBeVisible();
  });
});

/** Screens for review at a desktop and a phone width, in test-results/screens/. */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`content generator screens at ${viewport.width}px`, () => {
    test.use({ viewport });

    async function save(page: Page, name: string): Promise<void> {
      await page.waitForTimeout(400);
      // Nothing may be wider than the screen (long words and links wrap).
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${name}-${viewport.width}.png`, fullPage: true });
    }

    test('signed out, then signed in with an editing card and the schedule dialog', async ({ page }) => {
      await page.goto('/content-generator');
      await fillForm(page);
      await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
      await expectToast(page, 'Content Generated!');
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page, 'generator-signed-out');

      await signUp(page, newUser(`screens${viewport.width}`));
      await page.goto('/content-generator');
      await fillForm(page);
      await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
      await expectToast(page, 'Content Generated!');
      const card = cardOf(page, 'X (Twitter)');
      await card.getByRole('button', { name: 'Edit' }).click();
      // A long link and a long word must wrap, not stretch the card.
      await card
        .getByLabel('Post text')
        .fill(
          'Brunch is back! Book at https://solbistro.example.com/reservations/weekend-brunch?utm_source=x and try our Supercalifragilisticexpialidociouspancakes 🥞',
        );
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page, 'generator-editing');

      await card.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('article').first().getByRole('button', { name: 'Schedule' }).click();
      await expect(page.getByRole('dialog', { name: 'Schedule post' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/screens/generator-schedule-${viewport.width}.png` });
    });
  });
}
