import type { Locator, Page } from '@playwright/test';
import { paidPlans } from '../../src/contracts/plans';
import { expect, test } from './fixtures';
import { clickFooterLogo, expectToast, openLanding, toast } from './helpers';

/**
 * The public landing page (spec §1, §2 "Landing page", §9 plans): every element of the issue,
 * end to end against the real server (the newsletter box included).
 */

const NEWSLETTER_THANKS = 'Thanks for subscribing! Watch your inbox for tips and product news.';

/** The six advertised capabilities of spec §1, as the feature cards title them. */
const capabilities = [
  /AI content generation/i,
  /Smart scheduling/i,
  /Multi-platform publishing/i,
  /Analytics and insights/i,
  /Brand consistency/i,
  /Team collaboration/i,
];

function uniqueEmail(label: string): string {
  return `newsletter-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'page is wider than the viewport').toBeLessThanOrEqual(width);
}

/** Scrolls the pricing section into view and waits for its cards. */
async function showPricing(page: Page): Promise<Locator> {
  const section = page.locator('section#pricing');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText('Most Popular')).toBeVisible();
  return section;
}

function newsletterBox(page: Page): Locator {
  return page.getByRole('contentinfo').getByRole('region', { name: 'Stay Updated' });
}

test.describe('landing page at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the top bar anchors scroll to their sections', async ({ page }) => {
    await openLanding(page);
    const banner = page.getByRole('banner');
    for (const [label, id, from] of [
      ['Features', 'features', 'bottom'],
      ['Pricing', 'pricing', 'top'],
      ['Testimonials', 'testimonials', 'top'],
    ] as const) {
      await page.evaluate(
        (where) =>
          window.scrollTo({ top: where === 'top' ? 0 : document.body.scrollHeight, behavior: 'instant' }),
        from,
      );
      const section = page.locator(`section#${id}`);
      const heading = section.getByRole('heading', { level: 2 }).first();
      await expect(heading).not.toBeInViewport();
      const anchor = banner.getByRole('link', { name: label, exact: true });
      await expect(anchor).toHaveAttribute('href', `#${id}`);
      await anchor.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      // The section's top comes to the top of the window, below the sticky top bar.
      await expect
        .poll(async () => Math.round((await section.boundingBox())?.y ?? -1), { message: `#${id} top` })
        .toBeGreaterThanOrEqual(0);
      await expect.poll(async () => (await section.boundingBox())?.y ?? 9999).toBeLessThan(120);
      await expect(section).toBeInViewport();
      await expect(heading).toBeInViewport();
    }
  });

  test('Sign In, Start Free Trial, Admin and User Login open their dialogs', async ({ page }) => {
    await openLanding(page);
    const banner = page.getByRole('banner');
    const dialog = page.getByRole('dialog');

    await banner.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await banner.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('First Name')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const admin = banner.getByRole('button', { name: 'Admin' });
    // The red Admin button.
    await expect(admin).toHaveClass(/\bbg-red-600\b/);
    await admin.click();
    await expect(page.getByRole('dialog', { name: 'Super Admin Access' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'User Login' }).click();
    const userLogin = page.getByRole('dialog', { name: 'User Login' });
    await expect(userLogin).toBeVisible();
    await expect(userLogin.getByLabel('Access Code')).toHaveAttribute('maxlength', '4');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await main.getByRole('button', { name: 'Start 7-Day Free Trial' }).first().click();
    await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  });

  test('Watch Demo opens /demo in a new tab', async ({ page, context }) => {
    await openLanding(page);
    const watchDemo = page.getByRole('main').getByRole('link', { name: 'Watch Demo' });
    await expect(watchDemo).toHaveAttribute('href', '/demo');
    await expect(watchDemo).toHaveAttribute('target', '_blank');
    await expect(watchDemo).toHaveAttribute('rel', /\bnoopener\b/);

    const popup = context.waitForEvent('page');
    await watchDemo.click();
    const demo = await popup;
    await demo.waitForLoadState();
    expect(new URL(demo.url()).pathname).toBe('/demo');
    // The landing stays where it was.
    expect(new URL(page.url()).pathname).toBe('/');
    await demo.close();
  });

  test('a feature card for each advertised capability, with a description and highlights', async ({
    page,
  }) => {
    await openLanding(page);
    const section = page.locator('section#features');
    await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
    const cards = section.locator('article');
    await expect(cards).toHaveCount(capabilities.length);
    for (const capability of capabilities) {
      const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: capability }) });
      await expect(card, String(capability)).toHaveCount(1);
      await expect(card.locator('p')).not.toHaveText('');
      expect(await card.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    }
    // Approval workflows are part of team collaboration (spec §1).
    await expect(
      cards.filter({ hasText: /Team collaboration/i }).getByText(/approval workflows/i),
    ).toBeVisible();
    // Multi-platform publishing names the four platforms.
    const publishing = cards.filter({ hasText: /Multi-platform publishing/i });
    for (const platform of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter']) {
      await expect(publishing.getByText(platform, { exact: true })).toBeVisible();
    }
  });

  test('three pricing cards from the plan table', async ({ page }) => {
    await openLanding(page);
    const section = await showPricing(page);
    const cards = section.locator('article');
    await expect(cards).toHaveCount(3);
    expect(paidPlans.map((plan) => [plan.name, plan.price])).toEqual([
      ['Starter', 19],
      ['Professional', 49],
      ['Enterprise', 99],
    ]);

    for (const [index, plan] of paidPlans.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(plan.name);
      await expect(card).toContainText(`$${plan.price}`);
      await expect(card).toContainText('/month');
      const items = card.getByRole('listitem');
      await expect(items).toHaveText(plan.features);
      await expect(card.getByRole('button', { name: /Start Free Trial/ })).toBeVisible();
      if (plan.popular) await expect(card.getByText('Most Popular')).toBeVisible();
      else await expect(card.getByText('Most Popular')).toHaveCount(0);
    }
    await expect(cards.filter({ hasText: 'Most Popular' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Most Popular' }).getByRole('heading')).toHaveText('Professional');
    // Enterprise's custom integrations are the public API: its documentation.
    await expect(cards.nth(2).getByRole('link', { name: 'Custom integrations' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    await expect(section).toContainText('14-day money-back guarantee');
  });

  test("a signed-out pricing card's Start Free Trial opens the sign-up dialog", async ({ page }) => {
    await openLanding(page);
    const section = await showPricing(page);
    for (const plan of paidPlans) {
      await section
        .locator('article')
        .filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) })
        .getByRole('button', { name: /Start Free Trial/ })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByLabel('First Name')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });

  test('the claims, the testimonials and the closing call to action', async ({ page }) => {
    await openLanding(page);
    const main = page.getByRole('main');
    for (const claim of [
      /7-day free trial/i,
      /no credit card required/i,
      /14-day money-back guarantee/i,
      /10,000\+ businesses/i,
      /5-minute/i,
    ]) {
      await expect(main.getByText(claim).first(), String(claim)).toBeVisible();
    }

    const testimonials = page.locator('section#testimonials figure');
    await expect(testimonials).toHaveCount(3);
    for (const figure of await testimonials.all()) {
      await expect(figure.locator('blockquote')).not.toHaveText('');
      const caption = figure.locator('figcaption');
      // Avatar, name and role.
      await expect(caption.locator('[aria-hidden="true"]').first()).toHaveText(/^[A-Z]{1,2}$/);
      expect((await caption.innerText()).split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(3);
    }

    const demoLink = main.getByRole('link', { name: /5-minute demo/i });
    await expect(demoLink).toHaveAttribute('href', '/demo');
    await demoLink.click();
    await expect(page).toHaveURL(/\/demo$/);
  });

  test('the footer: product links, contact, legal placeholders', async ({ page, request }) => {
    await openLanding(page);
    const footer = page.getByRole('contentinfo');
    const product = footer.getByRole('navigation', { name: 'Product' });
    await expect(product.getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '/demo');
    await expect(product.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    await expect(product.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    await expect(product.getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
    const api = product.getByRole('link', { name: /^API/ });
    await expect(api).toHaveAttribute('href', '/api/docs');
    // /api/docs is the API's documentation page; /api/openapi.json the document it renders.
    const docs = await request.get('/api/docs');
    expect(docs.ok()).toBe(true);
    expect(docs.headers()['content-type']).toMatch(/^text\/html/);
    const document = await request.get('/api/openapi.json');
    expect(((await document.json()) as { openapi?: string }).openapi).toMatch(/^3\./);

    await expect(footer.getByRole('heading', { name: 'Contact & Support' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'support@kitepost.app' })).toHaveAttribute(
      'href',
      'mailto:support@kitepost.app',
    );

    // Footer Pricing scrolls back up to the pricing section.
    await product.getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('section#pricing')).toBeInViewport();

    // The legal links are placeholders: reachable from the keyboard, and they say so.
    for (const label of ['Privacy Policy', 'Terms of Service', 'Cookie Policy']) {
      const placeholder = footer.getByRole('button', { name: label });
      await placeholder.focus();
      await expect(placeholder).toBeFocused();
      await page.keyboard.press('Enter');
      await expectToast(page, label, 'support@kitepost.app');
    }
    // No dead links anywhere on the page.
    await expect(page.locator('a:not([href])')).toHaveCount(0);
  });

  test('newsletter: a new address, the same address again, and an address the server refuses', async ({
    page,
  }) => {
    await openLanding(page);
    const box = newsletterBox(page);
    await box.scrollIntoViewIfNeeded();
    const email = box.getByLabel('Email address');
    const subscribe = box.getByRole('button', { name: 'Subscribe' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(subscribe).toBeDisabled();
    await email.fill('   ');
    await expect(subscribe).toBeDisabled();

    const address = uniqueEmail('ui');
    await email.fill(address);
    await expect(subscribe).toBeEnabled();
    const first = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await subscribe.click();
    const firstAnswer = await first;
    expect(firstAnswer.status()).toBe(200);
    expect(firstAnswer.request().postDataJSON()).toEqual({ email: address });
    await expectToast(page, 'Subscribed', NEWSLETTER_THANKS);
    await expect(toast(page)).toHaveAttribute('data-variant', 'default');
    await expect(email).toHaveValue('');
    await expect(subscribe).toBeDisabled();

    // The same address again: the same answer (the box never tells who is subscribed).
    await email.fill(address);
    const second = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await email.press('Enter');
    expect((await second).status()).toBe(200);
    await expectToast(page, 'Subscribed', NEWSLETTER_THANKS);
    await expect(email).toHaveValue('');

    // The browser's email check lets this through; the server refuses it with 400.
    await email.fill('someone@localhost');
    const third = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await subscribe.click();
    expect((await third).status()).toBe(400);
    await expectToast(page, 'Subscription Failed', 'Please enter a valid email address.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    // The field keeps the address so it can be corrected.
    await expect(email).toHaveValue('someone@localhost');
  });

  test('newsletter: the pending state, rate limiting and a network failure', async ({ page }) => {
    await openLanding(page);
    const box = newsletterBox(page);
    const email = box.getByLabel('Email address');

    // Pending: hold the answer until the label has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/newsletter', async (route) => {
      await held;
      await route.continue();
    });
    await email.fill(uniqueEmail('pending'));
    await box.getByRole('button', { name: 'Subscribe' }).click();
    const pending = box.getByRole('button', { name: 'Subscribing...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expectToast(page, 'Subscribed', NEWSLETTER_THANKS);
    await expect(box.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await page.unroute('**/api/newsletter');

    // 429: the server's message.
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'rate_limited', message: 'Too many attempts. Try again in 60 seconds.' },
        }),
      }),
    );
    await email.fill(uniqueEmail('limited'));
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscription Failed', 'Too many attempts. Try again in 60 seconds.');
    await page.unroute('**/api/newsletter');

    // The network fails.
    await page.route('**/api/newsletter', (route) => route.abort('connectionrefused'));
    await email.fill(uniqueEmail('offline'));
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscription Failed', 'Network error or server unavailable');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await page.unroute('**/api/newsletter');
  });

  test('footer logo: one click clears the session flags; the counter resets after 3 s', async ({ page }) => {
    // The page's timers on a clock the test moves on: a pause of 3.2 s passes at once.
    await page.clock.install();
    await openLanding(page);
    await page.evaluate(() => {
      sessionStorage.setItem('userLoggedIn', 'true');
      sessionStorage.setItem('currentUser', '{}');
    });
    await clickFooterLogo(page, 1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('userLoggedIn'),
        sessionStorage.getItem('currentUser'),
      ]),
    ).toEqual([null, null]);

    // Let that click's run expire, then 4 clicks, a pause of more than 3 s, and 1 click: no dialog.
    await page.clock.fastForward(3200);
    await clickFooterLogo(page, 4);
    await page.clock.fastForward(3200);
    await clickFooterLogo(page, 1);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Five quick clicks (the one above started a new run: let it expire first).
    await page.clock.fastForward(3200);
    await clickFooterLogo(page, 5);
    await expect(page.getByRole('dialog', { name: 'Super Admin Access' })).toBeVisible();
  });

  test('keyboard: Tab reaches the top bar, the hero and the newsletter box', async ({ page }) => {
    await openLanding(page);
    const reached = new Set<string>();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element) return '';
        const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
        return `${element.tagName}:${label.trim()}`;
      });
      reached.add(name);
    }
    const names = [...reached].join('\n');
    for (const expected of [
      'A:Features',
      'A:Pricing',
      'A:Testimonials',
      'BUTTON:Sign In',
      'BUTTON:Start Free Trial',
      'BUTTON:Admin',
      'BUTTON:Start 7-Day Free Trial',
      'A:Watch Demo',
      'BUTTON:User Login',
      'INPUT:',
      'BUTTON:Privacy Policy',
    ]) {
      expect(names, `Tab did not reach ${expected}`).toContain(expected);
    }
  });

  test('screenshot at 1280 px', async ({ page }) => {
    await openLanding(page);
    await showPricing(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectNoHorizontalScroll(page, 1280);
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'test-results/screens/public-landing-1280.png', fullPage: true });
  });
});

test.describe('landing page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('no horizontal scroll; the menu opens the dialogs; screenshot', async ({ page }) => {
    await openLanding(page);
    await expectNoHorizontalScroll(page, 375);
    await showPricing(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, 375);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const banner = page.getByRole('banner');
    const openMenu = async () => {
      await banner.getByRole('button', { name: 'Open menu' }).click();
      await expect(banner.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    };
    const dialog = page.getByRole('dialog');

    await openMenu();
    await expectNoHorizontalScroll(page, 375);
    await banner.getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('section#pricing')).toBeInViewport();
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeVisible();

    await openMenu();
    await banner.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await openMenu();
    await banner.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await openMenu();
    await banner.getByRole('button', { name: 'Admin' }).click();
    await expect(page.getByRole('dialog', { name: 'Super Admin Access' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'User Login' }).click();
    await expect(page.getByRole('dialog', { name: 'User Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'test-results/screens/public-landing-375.png', fullPage: true });
  });
});
