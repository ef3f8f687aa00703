import type { Page } from '@playwright/test';
import { E2E_ADMIN_ACCESS_CODE } from './env';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

/**
 * Settings › Subscription, the sandbox billing portal and the admin's refund card, in sandbox
 * billing (the e2e server has no STRIPE_* keys). Paying itself is billing.spec.ts's subject: here
 * the test card is charged through the API to reach each state quickly.
 */

async function payWithTestCard(page: Page, plan: 'starter' | 'professional' | 'enterprise') {
  const setup = await page.request.post('/api/create-subscription', { data: { plan } });
  expect(setup.status()).toBe(200);
  const { clientSecret } = (await setup.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/billing/sandbox/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
}

function subscriptionSection(page: Page) {
  return page.getByRole('region', { name: 'Subscription' });
}

test.describe('Settings › Subscription', () => {
  test('a new account shows its Professional trial, the usage of each limit and the sandbox label', async ({
    page,
  }) => {
    await signUp(page, newUser('settings-trial'));

    // The shell's banner counts the trial's days and offers a plan.
    const banner = page.getByTestId('billing-banner');
    await expect(banner).toContainText('Your Professional trial ends in 7 days.');
    await expect(banner.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/subscribe?plan=professional',
    );

    await page.goto('/settings#subscription');
    const section = subscriptionSection(page);
    await expect(section.getByTestId('subscription-plan')).toHaveText('Professional Plan');
    await expect(section.getByTestId('subscription-status')).toHaveText('Trial');
    await expect(section.getByTestId('subscription-timeline')).toHaveText(
      /^Your Professional trial ends on .+ \(7 days left\)\.$/,
    );
    await expect(section.getByText('Sandbox billing — no money moves')).toBeVisible();
    await expect(section.getByText('AI posts this month')).toBeVisible();
    await expect(section.getByText('0 of 200')).toBeVisible();
    await expect(section.getByText('0 of 10')).toBeVisible();
    await expect(section.getByText('1 · unlimited')).toBeVisible();
    // No customer yet: nothing to manage, a plan to choose.
    await expect(section.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/subscribe?plan=professional',
    );
  });

  test('the sandbox portal cancels at the period end, Settings then shows the end date, and resume undoes it', async ({
    page,
  }) => {
    await signUp(page, newUser('settings-portal'));
    await payWithTestCard(page, 'starter');

    // A plan in good standing: no billing banner in the shell.
    const billingRead = page.waitForResponse((response) =>
      response.url().endsWith('/api/billing/subscription'),
    );
    await page.goto('/dashboard');
    await billingRead;
    await expect(page.getByTitle("Your workspace's plan").filter({ visible: true })).toHaveText('Starter');
    await expect(page.getByTestId('billing-banner')).toHaveCount(0);

    await page.goto('/settings');
    const section = subscriptionSection(page);
    await expect(section.getByTestId('subscription-plan')).toHaveText('Starter Plan');
    await expect(section.getByTestId('subscription-status')).toHaveText('Active');
    await expect(section.getByTestId('subscription-timeline')).toHaveText(/^Renews on .+\.$/);

    await section.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/billing/sandbox-portal');
    await expect(page.getByText('Sandbox billing portal.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Starter Plan' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your Starter subscription?' });
    await expect(confirm).toContainText('moves to the Free plan');
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectToast(page, 'Subscription Cancelled', 'Your Starter plan stays active until');
    await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.waitForURL(/\/settings#subscription$/);
    await expect(section.getByTestId('subscription-status')).toHaveText('Cancelled');
    await expect(section.getByTestId('subscription-timeline')).toHaveText(
      /^Cancelled — your Starter plan ends on .+\.$/,
    );
    const billing = await page.request.get('/api/billing/subscription');
    expect(await billing.json()).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: true });

    await section.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await expectToast(page, 'Subscription Resumed');
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  });
});

test.describe('Admin › Subscriptions', () => {
  test('the admin refunds a fresh Starter subscription: refunded, cancelled, on the free plan', async ({
    page,
  }) => {
    const user = newUser('refund');
    await signUp(page, user);
    await payWithTestCard(page, 'starter');
    const access = await page.request.post('/api/admin/access', {
      data: { accessCode: E2E_ADMIN_ACCESS_CODE },
    });
    expect(access.status()).toBe(200);

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const card = page.getByRole('region', { name: 'Subscriptions' });
    const row = card.getByRole('row').filter({ hasText: user.email });
    await expect(row).toContainText('Starter');
    await expect(row).toContainText('$19.00');
    await row.getByRole('button', { name: `Refund $19.00 to ${user.email}` }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Refund and cancel?' });
    await expect(confirm).toContainText(
      `Refund $19.00 to ${user.email} and cancel the Starter subscription?`,
    );
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
    await expectToast(page, 'Refund Issued', `$19.00 refunded to ${user.email}`);
    await expect(row).toContainText('Refunded');
    await expect(row.getByRole('button', { name: /Refund/ })).toHaveCount(0);

    const billing = await page.request.get('/api/billing/subscription');
    expect(await billing.json()).toMatchObject({ plan: 'free', status: 'cancelled' });
  });
});
