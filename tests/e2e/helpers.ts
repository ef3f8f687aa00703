import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

/** One demo user as the server writes it to `${DATA_DIR}/demo-users.json` (not in production). */
export interface DemoUser {
  firstName: string;
  lastName: string;
  email: string;
  accessCode: string;
  tier: string;
}

/** Reads the seeded demo users; the server writes the file after it starts, so wait for it. */
export async function readDemoUsers(): Promise<DemoUser[]> {
  const file = path.resolve(E2E_DATA_DIR, 'demo-users.json');
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const users = JSON.parse(await readFile(file, 'utf8')) as DemoUser[];
      if (Array.isArray(users) && users.length > 0) return users;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`No demo users in ${file}: ${String(error)}`);
    }
    if (Date.now() > deadline) throw new Error(`No demo users in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;

/** A user nobody has signed up with yet (unique email per call). */
export function newUser(label: string): NewUser {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Robin',
    lastName: 'Tester',
    email: `e2e-${label}-${stamp}@example.com`,
    password: 'correct-horse-42',
  };
}

/** The toast on screen (one at a time). */
export function toast(page: Page): Locator {
  return page.locator('[data-slot="toast"]');
}

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const current = toast(page);
  await expect(current).toContainText(title);
  if (description) await expect(current).toContainText(description);
}

/** Opens the landing page and waits until it is interactive. */
export async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
}

/**
 * Opens the Sign In / Sign Up dialog from the landing page: Sign In from the top bar (wide
 * screens), Sign Up from the hero's 'Start 7-Day Free Trial' (every width).
 */
export async function openAuthDialog(page: Page, tab: 'Sign In' | 'Sign Up'): Promise<Locator> {
  await openLanding(page);
  if (tab === 'Sign In') {
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  } else {
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).first().click();
  }
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

export async function fillSignUp(dialog: Locator, user: NewUser): Promise<void> {
  await dialog.getByLabel('First Name').fill(user.firstName);
  await dialog.getByLabel('Last Name').fill(user.lastName);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
}

/** Presses Create Account and waits for the dashboard. */
export async function submitSignUp(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
}

/** Signs a new user up through the dialog and waits for the dashboard. */
export async function signUp(page: Page, user: NewUser): Promise<void> {
  const dialog = await openAuthDialog(page, 'Sign Up');
  await fillSignUp(dialog, user);
  await submitSignUp(page, dialog);
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
}

/**
 * Confirms the signed-in user's email address as a person does on a server that sends no email
 * (the e2e server on E2E_PORT): the banner's Resend link answers with the link itself, which
 * opens the confirmation page. Until then the account may not invite anyone (issue 23).
 */
export async function confirmEmailThroughBanner(page: Page): Promise<void> {
  const banner = page.getByTestId('email-verification-banner');
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await banner.getByRole('link', { name: 'Confirm now' }).click();
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await expect(banner).toHaveCount(0);
}

/** Signs in with a seeded demo user's access code (for tests about the signed-in app). */
export async function signInWithDemoUser(page: Page, index = 0): Promise<DemoUser> {
  const demo = (await readDemoUsers())[index];
  if (!demo) throw new Error(`no demo user #${index}`);
  await openLanding(page);
  await page.getByRole('button', { name: 'User Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await dialog.getByLabel('Access Code').fill(demo.accessCode);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${demo.firstName}` })).toBeVisible();
  return demo;
}

/** Signs out from the application shell (wide screens) and waits for the landing page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByRole('button', { name: 'User Login' })).toBeVisible();
}

/** Clicks the footer logo `times` times. */
export async function clickFooterLogo(page: Page, times: number): Promise<void> {
  const logo = page.getByRole('contentinfo').getByRole('button', { name: 'Kitepost' });
  for (let i = 0; i < times; i++) await logo.click();
}

/**
 * Chromium's virtual authenticator (the DevTools WebAuthn domain): a platform authenticator that
 * holds passkeys. With `userVerified: false` the browser answers NotAllowedError, as when a
 * person closes the prompt.
 */
export async function addVirtualAuthenticator(page: Page, { userVerified = true } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: userVerified,
    },
  });
  return { cdp, authenticatorId };
}
