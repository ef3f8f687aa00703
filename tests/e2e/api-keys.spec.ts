import { expectAccessible } from './axe';
import { E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

test('create an API key in Settings, call the API with it, then revoke it', async ({ page, playwright }) => {
  await signUp(page, newUser('api-key'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: /API keys/ }).click();
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByLabel('Name').fill('Zapier');
  await form.getByLabel('Acts as').selectOption('editor');
  await form.getByRole('button', { name: 'Create key' }).click();

  // The key, shown once.
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('You won’t be able to see this key again.')).toBeVisible();
  const key = await shown.getByLabel('API key').inputValue();
  expect(key).toMatch(/^kp_live_/);
  await expectAccessible(page, 'the new API key');
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Zapier' });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Editor');

  // Another program, without the browser's cookies, with the key.
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  try {
    expect((await api.get('/api/posts')).status()).toBe(200);
    await page.reload();
    await expect(row).toContainText(/Last used\s*just now/);

    await row.getByRole('button', { name: 'Revoke Zapier' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expectToast(page, 'API key revoked');
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke Zapier' })).toHaveCount(0);
    expect((await api.get('/api/posts')).status()).toBe(401);
  } finally {
    await api.dispose();
  }
});
