import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { openLanding } from './helpers';

/** The guided tour at /demo (spec §2 "Demo", §4): intro card, then six steps of sample data. */
const stepTitles = [
  'Welcome to Kitepost',
  'Your Dashboard',
  'AI Content Generator',
  'Content Calendar',
  'Social Accounts',
  'Ready to Get Started?',
] as const;

const TRIAL_COPY = '7-day free trial • No credit card required • Cancel anytime';

function stepHeading(page: Page, n: number) {
  return page.getByRole('heading', { name: `Step ${n} of 6: ${stepTitles[n - 1]}`, exact: true });
}

function progress(page: Page) {
  return page.getByRole('progressbar', { name: 'Tour progress' });
}

async function openDemo(page: Page): Promise<void> {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'See Kitepost in action' })).toBeVisible();
}

async function startDemo(page: Page): Promise<void> {
  await openDemo(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
}

async function next(page: Page, n: number): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, n)).toBeVisible();
  await expect(page.getByText(`Step ${n} of 6: ${stepTitles[n - 1]}`, { exact: true })).toBeVisible();
}

test('the intro card offers the 5-minute tour, Start Demo and Close', async ({ page }) => {
  await openDemo(page);
  await expect(page).toHaveTitle('Product tour — Kitepost');
  await expect(page.getByText(/^Take a guided tour/)).toBeVisible();
  await expect(page.getByText('5-minute overview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Demo' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeEnabled();
  // The tour itself is not shown before Start Demo.
  await expect(progress(page)).toHaveCount(0);
});

test('Next walks through all six steps and each mock screen', async ({ page }) => {
  await startDemo(page);
  await expect(page.getByText('Step 1 of 6: Welcome to Kitepost', { exact: true })).toBeVisible();
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
  await expect(progress(page)).toHaveAttribute('aria-valuemin', '1');
  await expect(progress(page)).toHaveAttribute('aria-valuemax', '6');
  for (const platform of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter']) {
    await expect(page.getByRole('listitem').filter({ hasText: platform }).first()).toBeVisible();
  }

  // 2. Dashboard
  await next(page, 2);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '2');
  for (const label of ['Posts This Month', 'Total Engagement', 'Scheduled Posts', 'AI Credits Used']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('47', { exact: true })).toBeVisible();
  await expect(page.getByText('143/200', { exact: true })).toBeVisible();
  await expect(page.getByText('57 remaining')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  // 3. Content generator
  await next(page, 3);
  const fields = {
    'Business type': 'Restaurant',
    'Target audience': 'Local families and foodies',
    'Content type': 'Promotional',
    Tone: 'Professional',
  };
  for (const [label, value] of Object.entries(fields)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(page.getByLabel('Campaign description')).toHaveValue(/weekend brunch/);
  await expect(page.getByRole('button', { name: 'Generate Content Ideas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate More' })).toBeVisible();
  for (const platform of ['LinkedIn', 'Instagram', 'Twitter']) {
    await expect(page.getByRole('heading', { name: platform, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Best time')).toHaveCount(3);
  await expect(page.getByText('Estimated reach')).toHaveCount(3);
  await expect(page.getByText('#LocalBusiness #Hospitality #SmallBusiness')).toBeVisible();
  await page.getByRole('button', { name: 'Generate More' }).click();
  await expect(page.getByText('Sample set 2 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Twitter', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Content Ideas' }).click();
  await expect(page.getByText('Sample set 1 of 2')).toBeVisible();

  // 4. Calendar
  await next(page, 4);
  await expect(page.getByRole('heading', { name: 'December 2024' })).toBeVisible();
  const cells = page.getByTestId('demo-calendar-cell');
  await expect(cells).toHaveCount(35);
  await expect(cells.first()).toContainText('Sunday, December 1');
  await expect(cells.nth(30)).toContainText('Tuesday, December 31');
  await expect(cells.nth(31)).toContainText('Wednesday, January 1');
  await expect(cells.last()).toContainText('Saturday, January 4');
  await expect(page.getByRole('button', { name: 'Export Calendar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule Post' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming Posts' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Cancel / })).toHaveCount(4);

  // 5. Social accounts
  await next(page, 5);
  await expect(page.getByRole('button', { name: 'Manage LinkedIn' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Instagram' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Manage/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Connect Twitter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Facebook' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Connect/ })).toHaveCount(2);

  // 6. Final step
  await next(page, 6);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '6');
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('button', { name: 'Close Demo' })).toBeVisible();
  await expect(page.getByText(TRIAL_COPY, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
});

test('dots jump to a step, Previous goes back, and the progress bar follows', async ({ page }) => {
  await startDemo(page);
  const dots = page.getByRole('button', { name: /^Go to step \d$/ });
  await expect(dots).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Go to step 1' })).toHaveAttribute('aria-current', 'step');

  await page.getByRole('button', { name: 'Go to step 4' }).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByRole('button', { name: 'Go to step 4' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Go to step 1' })).not.toHaveAttribute('aria-current');

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(stepHeading(page, 3)).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '3');

  await page.getByRole('button', { name: 'Go to step 6' }).click();
  await expect(stepHeading(page, 6)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Go to step 1' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
});

test('the tour works from the keyboard', async ({ page }) => {
  await startDemo(page);
  // Start Demo hands focus to the first step's title.
  await expect(stepHeading(page, 1)).toBeFocused();
  const nextButton = page.getByRole('button', { name: 'Next' });
  await nextButton.focus();
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 2)).toBeVisible();
  await expect(nextButton).toBeFocused();
  await page.getByRole('button', { name: 'Go to step 5' }).focus();
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 5)).toBeVisible();
  await nextButton.focus();
  await page.keyboard.press('Enter');
  // Next is now disabled; focus moves to the new step's title instead of being lost.
  await expect(stepHeading(page, 6)).toBeFocused();
});

test('Close and Close Demo go to the landing page when the tab cannot be closed', async ({ context }) => {
  // A tab the script did not open (its history holds about:blank too): window.close() is refused.
  const page = await context.newPage();
  await openDemo(page);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
  expect(page.isClosed()).toBe(false);

  await startDemo(page);
  await page.getByRole('button', { name: 'Go to step 6' }).click();
  await page.getByRole('button', { name: 'Close Demo' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
  expect(page.isClosed()).toBe(false);
  await page.close();
});

test('Close and Close Demo close the tab that Watch Demo opened', async ({ page, context }) => {
  await openLanding(page);
  for (const button of ['Close', 'Close Demo'] as const) {
    const [demo] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Watch Demo' }).click(),
    ]);
    await expect(demo.getByRole('heading', { name: 'See Kitepost in action' })).toBeVisible();
    if (button === 'Close Demo') {
      await demo.getByRole('button', { name: 'Start Demo' }).click();
      await demo.getByRole('button', { name: 'Go to step 6' }).click();
    }
    const closed = demo.waitForEvent('close');
    // The tab closes under the click, so the click itself may report the closed target.
    await demo
      .getByRole('button', { name: button, exact: true })
      .click()
      .catch(() => undefined);
    await closed;
    expect(demo.isClosed()).toBe(true);
  }
  // The landing page that opened the demo stays where it was.
  await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
});

test('the intro and every step are accessible (axe, WCAG 2 A/AA)', async ({ page }) => {
  await openDemo(page);
  await expectAccessible(page, 'demo intro');
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expectAccessible(page, 'demo step 1 (welcome)');
  await next(page, 2);
  await expectAccessible(page, 'demo step 2 (dashboard)');
  await next(page, 3);
  await expectAccessible(page, 'demo step 3 (content generator)');
  await next(page, 4);
  await expectAccessible(page, 'demo step 4 (calendar)');
  await next(page, 5);
  await expectAccessible(page, 'demo step 5 (social accounts)');
  await next(page, 6);
  await expectAccessible(page, 'demo step 6 (final)');
});

for (const width of [1280, 375] as const) {
  test.describe(`demo screens at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 800 } });

    async function save(page: Page, name: string): Promise<void> {
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/demo-${name}-${width}.png`, fullPage: true });
    }

    test('intro and every step', async ({ page }) => {
      await openDemo(page);
      await save(page, 'intro');
      await page.getByRole('button', { name: 'Start Demo' }).click();
      await expect(stepHeading(page, 1)).toBeVisible();
      await save(page, 'step1');
      for (let n = 2; n <= 6; n++) {
        await next(page, n);
        await page.evaluate(() => window.scrollTo(0, 0));
        await save(page, `step${n}`);
      }
    });
  });
}
