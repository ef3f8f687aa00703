import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/*
 * Issue 29, the bio page as a person builds it: on /links, type the address, title and a link
 * while the preview (the page's own renderer in a Shadow DOM) follows, save, then open /@<slug>
 * on a phone: it fits the width, passes axe, has its Open Graph tags, and its link is a short link.
 */

test.use({ viewport: { width: 1280, height: 900 } });

test('build a bio page in the editor and open it at phone width', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signUp(page, newUser('bio'));
  const slug = `bakery-${Date.now().toString(36)}`;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Link in Bio' }).click();
  await expect(page.getByRole('heading', { name: 'Link in Bio', level: 1 })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview' });

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Rye & Co');
  // Playwright's locators reach into the open shadow root: the preview follows the typing.
  await expect(preview.getByRole('heading', { name: 'Rye & Co', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Sourdough baked at dawn.');
  await expect(preview.getByText('Sourdough baked at dawn.')).toBeVisible();

  await page.getByRole('button', { name: 'Add link', exact: true }).click();
  const link = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('textbox', { name: 'Link', exact: true }) });
  await link.getByRole('textbox', { name: 'Title', exact: true }).fill('Order bread');
  await link.getByRole('textbox', { name: 'Link', exact: true }).fill('https://rye.example/order');
  await expect(preview.getByRole('link', { name: 'Order bread' })).toBeVisible();
  await expectAccessible(page, 'links: bio page editor');

  // A reserved address is refused at its field; the server holds the same rules.
  const address = page.getByRole('textbox', { name: 'Address', exact: true });
  await address.fill('Admin');
  await page.getByRole('button', { name: 'Save page', exact: true }).click();
  await expect(address).toHaveAccessibleDescription(/"admin" is reserved. Choose another address./);
  await address.fill(slug);
  await page.getByRole('button', { name: 'Save page', exact: true }).click();
  await expectToast(page, 'Page saved');
  const view = page.getByRole('link', { name: /View page/ });
  await expect(view).toHaveAttribute('href', new RegExp(`/@${slug}$`));
  await expect(view).toHaveAttribute('target', '_blank');

  // A visitor on a phone, signed out.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await visitor.newPage();
  try {
    const answer = await phone.goto(`/@${slug}`);
    expect(answer?.status()).toBe(200);
    await expect(phone.getByRole('heading', { name: 'Rye & Co', level: 1 })).toBeVisible();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await expect(phone.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Rye & Co');
    await expect(phone.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      new RegExp(`/@${slug}$`),
    );
    await expect(phone.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    await expect(phone.getByRole('link', { name: 'Order bread' })).toHaveAttribute(
      'href',
      /\/l\/[1-9A-HJ-NP-Za-km-z]{10}(\?|$)/,
    );
    await expectAccessible(phone, `bio page /@${slug} at 390 px`);
  } finally {
    await visitor.close();
  }
});
