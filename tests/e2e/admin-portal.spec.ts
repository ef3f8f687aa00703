import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { authMessages } from '../../src/contracts/auth';
import { E2E_ADMIN_ACCESS_CODE, E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { expectToast, newUser, toast } from './helpers';

/**
 * The super-admin portal's user management (spec §2 "Super Admin Portal", §4, §5, §7, §8) on the
 * real server: create, search and filter, edit, activate/deactivate and delete, with the spec's
 * texts, its refetch rules and the audit log. Screens go to test-results/screens/admin-*.png.
 */

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/screens/admin-${name}-${width}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, `${name} at ${width}px scrolls sideways`).toBe(false);
}

/** Enters the admin code through the Super Admin Access dialog on /admin. */
async function enterAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  const dialog = page.getByRole('dialog', { name: 'Super Admin Access' });
  await dialog.getByLabel('Access Code').fill(E2E_ADMIN_ACCESS_CODE);
  await dialog.getByRole('button', { name: 'Access Portal' }).click();
  await expect(page.getByText('Admin Access', { exact: true })).toBeVisible();
}

async function statValue(page: Page, label: string): Promise<string> {
  const card = page.getByRole('group', { name: label });
  await expect(card).not.toContainText('…');
  return (await card.locator('p').nth(1).textContent())?.trim() ?? '';
}

async function expectStat(page: Page, label: string, value: number): Promise<void> {
  await expect(page.getByRole('group', { name: label }).locator('p').nth(1)).toHaveText(
    value.toLocaleString('en-US'),
  );
}

async function statNumber(page: Page, label: string): Promise<number> {
  return Number((await statValue(page, label)).replace(/[$,]/g, ''));
}

/** A second browser-less client with its own cookies and client address (for sign-in checks). */
async function outsider(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: {
      'x-forwarded-for': `10.99.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`,
    },
  });
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Search users by email or name...').fill(text);
}

function userRow(page: Page, email: string): Locator {
  return page.getByRole('row').filter({ hasText: email });
}

test.describe('Super Admin Portal › Users', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('create, search, edit, deactivate and delete a user with the spec’s texts', async ({ page }) => {
    test.setTimeout(90_000);
    const statsCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/admin/stats')) statsCalls.push(req.method());
    });

    await enterAdmin(page);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    for (const label of ['Total Users', 'Active Subscriptions', 'Enterprise Users', 'Monthly Revenue']) {
      await expect(page.getByRole('group', { name: label })).toBeVisible();
    }
    expect(await statValue(page, 'Monthly Revenue')).toMatch(/^\$[\d,.]+$/);
    const totalBefore = await statNumber(page, 'Total Users');
    const enterpriseBefore = await statNumber(page, 'Enterprise Users');

    const users = page.getByRole('region', { name: 'User Management' });
    await expect(users.getByRole('columnheader')).toHaveText([
      'User',
      'Email',
      'Access Code',
      'Plan',
      'Status',
      'Posts',
      'Credits',
      'Joined',
      'Actions',
    ]);
    await expect(users.getByLabel('Status')).toHaveValue('all');
    await expect(users.getByLabel('Status').locator('option')).toHaveText(['All', 'Active', 'Inactive']);
    await expect(users.getByLabel('Plan').locator('option')).toHaveText([
      'All',
      'Free',
      'Starter',
      'Professional',
      'Enterprise',
    ]);
    await shoot(page, 'users', 1280);

    // Create New User: email and first name required; 'Creating...' while the server works.
    const person = newUser('admin');
    const first = `Quinn${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Create User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New User' });
    await expect(create.getByLabel('Email')).toHaveAttribute('type', 'email');
    const submit = create.getByRole('button', { name: 'Create User' });
    await expect(submit).toBeDisabled();
    await create.getByLabel('Email').fill(person.email);
    await expect(submit).toBeDisabled();
    await create.getByLabel('First Name').fill('   ');
    await expect(submit).toBeDisabled();
    await create.getByLabel('First Name').fill(first);
    await expect(submit).toBeEnabled();
    await expect(create.getByLabel('Subscription Plan')).toHaveValue('free');
    await expect(create.getByLabel('Subscription Status')).toHaveValue('active');
    await expect(create.getByLabel('Account active')).toBeChecked();
    // No access code unless the admin asks for one.
    await expect(create.getByLabel('Can sign in with an access code')).not.toBeChecked();
    await create.getByLabel('Can sign in with an access code').check();
    await shoot(page, 'create', 1280);

    await page.route('**/api/admin/users', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const statsBeforeCreate = statsCalls.length;
    await submit.click();
    await expect(create.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await expectToast(page, 'User Created');
    // The code is shown this once, in the dialog, until Done.
    const issued = page.getByRole('dialog', { name: 'Access Code' });
    let accessCode = (await issued.getByLabel('New access code').textContent())?.trim() ?? '';
    expect(accessCode).toMatch(/^[2-9A-Z]{4}$/);
    await shoot(page, 'issued-code', 1280);
    await issued.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.unroute('**/api/admin/users');
    await expect.poll(() => statsCalls.length).toBeGreaterThan(statsBeforeCreate);
    await expectStat(page, 'Total Users', totalBefore + 1);

    // The same email again: refused, with the spec's toast and the server's reason in the dialog.
    await page.getByRole('button', { name: 'Create User' }).click();
    await create.getByLabel('Email').fill(person.email);
    await create.getByLabel('First Name').fill('Again');
    await create.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Creation Failed', 'Failed to create user. Please try again.');
    await expect(create.getByRole('alert')).toContainText('already exists');
    await create.getByRole('button', { name: 'Cancel' }).click();

    // Search by 'first last', case-insensitively, combined with the filters.
    await search(page, `${first.toUpperCase()} `);
    const row = userRow(page, person.email);
    await expect(row).toBeVisible();
    await expect(users.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText(first);
    await expect(row).toContainText('ID:');
    await expect(row.getByText('Free', { exact: true }).first()).toBeVisible();
    await expect(row).toContainText('Active');
    // The table never shows the code again: •••• and Regenerate.
    await expect(row.locator('code')).toHaveText('••••');
    expect(await row.textContent()).not.toContain(accessCode);
    await users.getByLabel('Status').selectOption('inactive');
    await expect(users.getByText('No users found')).toBeVisible();
    await users.getByLabel('Status').selectOption('active');
    await users.getByLabel('Plan').selectOption('enterprise');
    await expect(users.getByText('No users found')).toBeVisible();
    await users.getByLabel('Plan').selectOption('free');
    await expect(row).toBeVisible();
    await users.getByLabel('Plan').selectOption('all');
    await users.getByLabel('Status').selectOption('all');
    await search(page, person.email.toUpperCase());
    await expect(row).toBeVisible();

    // Edit User: 'Saving...', then the row and the stats show the new plan.
    await row.getByRole('button', { name: `Edit ${first}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Email')).toHaveValue(person.email);
    await expect(edit.getByLabel('Can sign in with an access code')).toBeChecked();
    await edit.getByLabel('Last Name').fill('Edited');
    await edit.getByLabel('Subscription Plan').selectOption('enterprise');
    await edit.getByLabel('Stripe Customer ID').fill('cus_e2e123');
    await shoot(page, 'edit', 1280);
    await page.route('**/api/admin/users/*', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expectToast(page, 'User Updated');
    await page.unroute('**/api/admin/users/*');
    const name = `${first} Edited`;
    await expect(row).toContainText(name);
    await expect(row.getByText('Enterprise', { exact: true })).toBeVisible();
    await search(page, `${first.toLowerCase()} edited`);
    await expect(row).toBeVisible();
    await expect(users.getByRole('row')).toHaveCount(2);
    await expectStat(page, 'Enterprise Users', enterpriseBefore + 1);

    // Regenerate (after a confirm): a new code, shown once; the old one stops working.
    const client = await outsider();
    await row.getByRole('button', { name: `Regenerate access code of ${name}` }).click();
    const confirmRegenerate = page.getByRole('alertdialog', { name: 'Regenerate access code?' });
    await confirmRegenerate.getByRole('button', { name: 'Regenerate' }).click();
    const regenerated = page.getByRole('dialog', { name: 'Access Code' });
    const newCode = (await regenerated.getByLabel('New access code').textContent())?.trim() ?? '';
    expect(newCode).toMatch(/^[2-9A-Z]{4}$/);
    await regenerated.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (newCode !== accessCode) {
      expect((await client.post('/api/user/login', { data: { accessCode } })).status()).toBe(401);
    }
    accessCode = newCode;

    // The user signs in with their access code while active.
    const before = await client.post('/api/user/login', { data: { accessCode } });
    expect(before.status()).toBe(200);

    // Deactivate: 'Status Updated', the badge says Inactive, only the users are read again.
    const statsBeforeToggle = statsCalls.length;
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expectToast(page, 'Status Updated');
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
    await page.waitForTimeout(300);
    expect(statsCalls.length).toBe(statsBeforeToggle);
    // Their session ended, and no sign-in path lets them back in.
    expect((await client.get('/api/auth/user')).status()).toBe(401);
    const refused = await client.post('/api/user/login', { data: { accessCode } });
    expect(refused.ok()).toBe(false);
    expect(await refused.json()).toMatchObject({ message: authMessages.inactive });
    await client.dispose();

    await users.getByLabel('Status').selectOption('inactive');
    await expect(row).toBeVisible();
    await users.getByLabel('Status').selectOption('active');
    await expect(users.getByText('No users found')).toBeVisible();
    await users.getByLabel('Status').selectOption('all');

    // A refused status change says so with the spec's words.
    await page.route('**/api/admin/users/*/status', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
    );
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expectToast(page, 'Status Update Failed', 'Failed to update user status. Please try again.');
    await page.unroute('**/api/admin/users/*/status');
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expectToast(page, 'Status Updated');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // Delete asks with the spec's text; a failure has its own toast; then it goes for good.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `Are you sure you want to permanently delete ${name}? This action cannot be undone and will remove all user data.`,
    );
    await page.route('**/api/admin/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } })
        : route.continue(),
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Delete Failed', 'Failed to delete user. Please try again.');
    await page.unroute('**/api/admin/users/*');
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User Deleted');
    await expect(users.getByText('No users found')).toBeVisible();
    await expectStat(page, 'Total Users', totalBefore);

    // The audit log tells who did what, newest first.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('region', { name: 'Audit log' });
    const entries = audit.getByRole('listitem').filter({ hasText: person.email });
    await expect(entries.first()).toContainText('User deleted');
    await expect(audit).toContainText('User updated');
    await expect(audit).toContainText('User created');
    await expect(audit.getByText('User status changed').first()).toBeVisible();
    await shoot(page, 'audit', 1280);

    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await expect(page.getByRole('region', { name: 'Subscriptions' })).toBeVisible();
    await expect(toast(page)).toHaveCount(1);
  });

  test('pages through more users than fit on a page', async ({ page }) => {
    test.setTimeout(90_000);
    const access = await page.request.post('/api/admin/access', {
      data: { accessCode: E2E_ADMIN_ACCESS_CODE },
    });
    expect(access.status()).toBe(200);
    const tag = `pager${Date.now().toString(36)}`;
    for (let i = 0; i < 102; i++) {
      const created = await page.request.post('/api/admin/users', {
        data: { email: `${tag}-${i}@example.com`, firstName: 'Pager', lastName: tag },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto('/admin');
    await search(page, tag);
    const users = page.getByRole('region', { name: 'User Management' });
    await expect(users.getByText('Showing 1–100 of 102')).toBeVisible();
    await expect(users.getByRole('row')).toHaveCount(101);
    // Newest first.
    await expect(users.getByRole('row').nth(1)).toContainText(`${tag}-101@example.com`);
    await expect(users.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await users.getByRole('button', { name: 'Next' }).click();
    await expect(users.getByText('Showing 101–102 of 102')).toBeVisible();
    await expect(users.getByRole('row')).toHaveCount(3);
    await expect(users.getByRole('button', { name: 'Next' })).toBeDisabled();
    // A new search starts again at the first page.
    await search(page, `${tag}-7`);
    await expect(users.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
  });
});

test.describe('Super Admin Portal on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the table becomes cards and the dialogs fit', async ({ page }) => {
    const access = await page.request.post('/api/admin/access', {
      data: { accessCode: E2E_ADMIN_ACCESS_CODE },
    });
    expect(access.status()).toBe(200);
    const person = newUser('phone');
    const created = await page.request.post('/api/admin/users', {
      data: {
        email: person.email,
        firstName: 'Phoebe',
        lastName: 'Phone',
        subscriptionPlan: 'professional',
        hasAccessCode: true,
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/admin');
    const users = page.getByRole('region', { name: 'User Management' });
    await expect(users.getByRole('table')).toHaveCount(0);
    await search(page, person.email);
    const card = users.getByRole('article', { name: 'Phoebe Phone' });
    await expect(card).toContainText(person.email);
    await expect(card.getByText('Professional', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Deactivate Phoebe Phone' })).toBeVisible();
    await shoot(page, 'users', 390);

    // The narrowest phones: the hidden code, Regenerate and the new code fit at 375 px.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(card.locator('code')).toHaveText('••••');
    await shoot(page, 'users', 375);
    await card.getByRole('button', { name: 'Regenerate access code of Phoebe Phone' }).click();
    const confirmRegenerate = page.getByRole('alertdialog', { name: 'Regenerate access code?' });
    await shoot(page, 'regenerate', 375);
    await confirmRegenerate.getByRole('button', { name: 'Regenerate' }).click();
    const issued = page.getByRole('dialog', { name: 'Access Code' });
    await expect(issued.getByLabel('New access code')).toHaveText(/^[2-9A-Z]{4}$/);
    await shoot(page, 'issued-code', 375);
    await issued.getByRole('button', { name: 'Done' }).click();
    await page.setViewportSize({ width: 390, height: 844 });

    await card.getByRole('button', { name: 'Edit Phoebe Phone' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await shoot(page, 'edit', 390);
    await page.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New User' })).toBeVisible();
    await shoot(page, 'create', 390);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page.getByRole('region', { name: 'Audit log' })).toContainText(person.email);
    await shoot(page, 'audit', 390);
  });
});
