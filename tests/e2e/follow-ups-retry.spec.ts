import {
  calendarEvents,
  fabricatedPost,
  openCalendar,
  routeFabricatedPosts,
  ZONE,
  zonedDay,
} from './calendar-helpers';
import { expect, test } from './fixtures';
import { newUser, signUp } from './helpers';

/*
 * "Retry the rest" of a published X post whose thread stopped at a refused post and whose first
 * comment failed: the button, the confirmation the server asks for when Kitepost lost track of a
 * step, and the retry with `confirm: true`. The post is fabricated (a platform's refusal is needed);
 * the server's side is tests/integration/post-follow-ups.test.ts.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ timezoneId: ZONE, viewport: { width, height: width < 600 ? 812 : 800 } });

    test('retries the rest of a stopped thread and the failed comment, confirming a lost step', async ({
      page,
    }) => {
      await signUp(page, newUser(`follow-ups${width}`));
      const at = zonedDay(0, 0, 10).toUTC().toISO();
      const post = fabricatedPost({
        platform: 'twitter',
        postType: 'thread',
        content: 'Our sourdough week, a thread 1/4',
        status: 'published',
        scheduledAt: at,
        publishedAt: at,
        externalUrl: 'https://x.com/bakery/status/1',
        attemptCount: 1,
        thread: [
          {
            content: 'Day 1: the starter 2/4',
            mediaIds: [],
            status: 'published',
            externalId: '2',
            url: 'https://x.com/bakery/status/2',
            error: null,
          },
          {
            content: 'Day 2: the first rise 3/4',
            mediaIds: [],
            status: 'failed',
            externalId: null,
            url: null,
            error:
              'Kitepost lost track of this while sending it to X (Twitter): look there before posting it again.',
          },
          {
            content: 'Day 3: baking 4/4',
            mediaIds: [],
            status: 'pending',
            externalId: null,
            url: null,
            error: null,
          },
        ],
        firstComment: 'Order for Saturday at bakery.example',
        firstCommentStatus: 'failed',
        firstCommentError: 'Comments are turned off.',
      });
      await routeFabricatedPosts(page, [post], {});
      const bodies: unknown[] = [];
      await page.route(`**/api/posts/${post.id}/follow-ups/retry`, async (route) => {
        const body = route.request().postDataJSON() as { confirm?: boolean };
        bodies.push(body);
        if (!body.confirm) {
          await route.fulfill({
            status: 409,
            json: {
              error: {
                code: 'confirmation_required',
                message:
                  'Kitepost lost track of a step it sent to X (Twitter): it may be there already. Look there, then confirm to send it again.',
              },
            },
          });
          return;
        }
        await route.fulfill({ json: { retried: 3 } });
      });

      await openCalendar(page);
      await calendarEvents(page).filter({ hasText: 'Our sourdough week' }).first().click();
      const panel = page.getByRole('dialog', { name: 'X (Twitter) post' });
      const retry = panel.getByRole('button', { name: 'Retry the rest of the thread and the comment' });
      await retry.scrollIntoViewIfNeeded();
      await expect(retry).toBeVisible();
      await page.waitForTimeout(300);
      await panel.screenshot({ path: `${SHOTS}/follow-ups-retry-${width}.png` });
      // Nothing in the panel is wider than the panel (a long button label wraps).
      expect(await panel.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);

      await retry.click();
      const alert = panel.getByRole('alert');
      await expect(alert).toContainText('it may be there already');
      await expect(alert).toContainText('Sending it again may post it twice.');
      await alert.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await panel.screenshot({ path: `${SHOTS}/follow-ups-confirm-${width}.png` });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await alert.getByRole('button', { name: 'Send it again anyway' }).click();
      await expect(panel.getByRole('alert')).toHaveCount(0);
      expect(bodies).toEqual([{}, { confirm: true }]);
      // The retry refetches the posts: let the routed answers finish before the page closes.
      await page.waitForLoadState('networkidle');
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });
}
