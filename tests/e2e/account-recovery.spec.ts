import type { Page } from '@playwright/test';
import { securityMessages } from '../../src/contracts/security-messages';
import { parseOtpauthUri, totp } from '../factories/totp';
import { expectAccessible } from './axe';
import { E2E_CODES_OFF_URL, E2E_MAIL_SINK_URL } from './env';
import { expect, test } from './fixtures';
import {
  addVirtualAuthenticator,
  expectToast,
  type NewUser,
  newUser,
  openAuthDialog,
  signOut,
  signUp,
} from './helpers';

/*
 * Account recovery and second factors as a person uses them (issue 23): a forgotten password
 * reset through the emailed link, a sign-in that asks for the authenticator app's code, and a
 * sign-in with a passkey. They run on the e2e server that sends its email over SMTP to a real
 * SMTP server (tests/fakes/smtp/mail-sink.ts) and is reached as `localhost` (WebAuthn refuses an
 * IP address as relying party). The API's rules (expired, reused, forged tokens, rate limits)
 * are the integration tests'.
 */
test.use({ baseURL: E2E_CODES_OFF_URL });

interface SinkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for an email to `to` whose text holds `pattern`, and answers the first match. */
async function waitForMailLink(to: string, pattern: RegExp): Promise<{ mail: SinkMail; link: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${E2E_MAIL_SINK_URL}/__fake/mail?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as SinkMail[];
    for (const mail of mails) {
      const link = pattern.exec(mail.text)?.[0];
      if (link) return { mail, link };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no email to ${to} matching ${pattern}; got: ${mails.map((m) => m.subject).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Calls the API from the page (its cookies, its origin), as the app's own code would. */
async function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** A new account, made through the API from the landing page; the browser is signed out after. */
async function createAccount(page: Page, label: string): Promise<NewUser> {
  const user = newUser(label);
  await page.goto('/');
  const created = await callApi(page, 'POST', '/api/auth/signup', user);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return user;
}

async function signInThroughDialog(page: Page, email: string, password: string) {
  const dialog = await openAuthDialog(page, 'Sign In');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  return dialog;
}

test('the TOTP the tests compute matches RFC 6238 (appendix B)', () => {
  const rfc = {
    secret: Buffer.from('12345678901234567890'),
    algorithm: 'sha1' as const,
    digits: 8,
    period: 30,
  };
  expect(totp(rfc, 59_000)).toBe('94287082');
  expect(totp(rfc, 1_111_111_109_000)).toBe('07081804');
  expect(totp(rfc, 20_000_000_000_000)).toBe('65353130');
});

test('forgot password: the emailed link sets a new password, which signs in; the old one no longer does', async ({
  page,
}) => {
  const user = await createAccount(page, 'reset');
  await callApi(page, 'POST', '/api/auth/logout');

  const dialog = await openAuthDialog(page, 'Sign In');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // The address typed in the sign-in form comes along.
  await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
  await expectAccessible(page, 'forgot password step');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(securityMessages.resetRequested);
  await page.keyboard.press('Escape');

  const { mail, link } = await waitForMailLink(
    user.email,
    /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/,
  );
  expect(mail.to).toEqual([user.email]);
  expect(new URL(link).origin).toBe(E2E_CODES_OFF_URL);

  // A cold load of the link, as from a mail client. The token in the address reaches no one
  // else: the page asks nothing of another origin, and a Referer never leaves this one.
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== E2E_CODES_OFF_URL) elsewhere.push(request.url());
  });
  const opened = await page.goto(link);
  expect(opened?.headers()['referrer-policy']).toBe('same-origin');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'reset password page');
  const newPassword = 'a-brand-new-secret-77';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('not-the-same-at-all');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(securityMessages.resetDone);
  expect(elsewhere).toEqual([]);

  // Its Sign in button opens the landing's dialog.
  await page.getByRole('button', { name: 'Sign in' }).click();
  const signIn = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(signIn).toBeVisible();
  await expect(page).toHaveURL(`${E2E_CODES_OFF_URL}/`);

  // The old password is refused…
  await signIn.getByLabel('Email').fill(user.email);
  await signIn.getByLabel('Password', { exact: true }).fill(user.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Login Failed');
  await expect(signIn).toBeVisible();
  // …and the new one signs in.
  await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();

  // The link worked once: opened again, it says so and offers a new one.
  await signOut(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-secret-88');
  await page.getByLabel('Confirm new password').fill('yet-another-secret-88');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    new RegExp(
      `${escapeRegExp(securityMessages.resetLinkInvalid)}|${escapeRegExp(securityMessages.resetLinkExpired)}`,
    ),
  );
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('two-factor: enabled with a code the test computes, then asked for at sign-in', async ({ page }) => {
  const user = await createAccount(page, 'totp');
  const enabled = await callApi(page, 'POST', '/api/user/two-factor/enable', { password: user.password });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
  expect(backupCodes).toHaveLength(10);
  const secret = parseOtpauthUri(totpURI);
  const verified = await callApi(page, 'POST', '/api/user/two-factor/verify', { code: totp(secret) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  await callApi(page, 'POST', '/api/auth/logout');

  const dialog = await signInThroughDialog(page, user.email, user.password);
  await expect(dialog.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const code = dialog.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toBeFocused();
  await expectAccessible(page, 'two-factor step');

  // A wrong code: the server's words, in the dialog.
  const right = totp(secret);
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(securityMessages.twoFactorWrongCode);
  await expect(page).not.toHaveURL(/dashboard/);

  // The backup code field is there for a lost phone; the app's code is used here.
  await dialog.getByRole('button', { name: 'Use a backup code instead' }).click();
  await expect(dialog.getByLabel('Backup code')).toBeFocused();
  await dialog.getByRole('button', { name: 'Use the code from your app' }).click();

  await dialog.getByLabel('Authentication code').fill(totp(secret));
  await dialog.getByLabel('Trust this browser for 30 days').check();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  await expectToast(page, 'Login Successful', `Welcome back, ${user.firstName}!`);
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();

  // Trusted: the next sign-in in this browser asks for no code.
  await signOut(page);
  await signInThroughDialog(page, user.email, user.password);
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
});

test('email confirmation: the banner asks, the emailed link confirms, the banner goes', async ({ page }) => {
  const user = newUser('verify');
  await signUp(page, user);
  const banner = page.getByTestId('email-verification-banner');
  await expect(banner).toContainText(`Confirm your email address. We sent a link to ${user.email}.`);
  await expect(banner).toContainText('Inviting people and the weekly report wait until then.');
  await expectAccessible(page, 'dashboard with the email confirmation banner');

  const { link } = await waitForMailLink(user.email, /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(securityMessages.emailVerified);
  await expectAccessible(page, 'email confirmed page');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Opened again, it says the same (better-auth confirms an address once, then answers so)…
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  // …and a forged one says what to do.
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(securityMessages.verifyLinkInvalid);
});

/**
 * Registers a passkey for the signed-in user through the API, with the browser's own
 * navigator.credentials.create (what @simplewebauthn/browser's startRegistration does: base64url
 * fields to bytes and back).
 */
async function registerPasskey(page: Page, name: string) {
  return page.evaluate(async (name) => {
    const toBytes = (value: string) => {
      const base64 = value
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(value.length / 4) * 4, '=');
      return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    };
    const toBase64Url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const post = (path: string, body?: unknown) =>
      fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });

    const optionsResponse = await post('/api/user/passkeys/options');
    if (!optionsResponse.ok) return { status: optionsResponse.status, step: 'options' };
    const options = await optionsResponse.json();
    const credential = (await navigator.credentials.create({
      publicKey: {
        ...options,
        challenge: toBytes(options.challenge),
        user: { ...options.user, id: toBytes(options.user.id) },
        excludeCredentials: (options.excludeCredentials ?? []).map((item: { id: string }) => ({
          ...item,
          id: toBytes(item.id),
        })),
      },
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAttestationResponse;
    const publicKey = response.getPublicKey();
    const json = {
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      response: {
        clientDataJSON: toBase64Url(response.clientDataJSON),
        attestationObject: toBase64Url(response.attestationObject),
        transports: response.getTransports(),
        publicKeyAlgorithm: response.getPublicKeyAlgorithm(),
        ...(publicKey ? { publicKey: toBase64Url(publicKey) } : {}),
        authenticatorData: toBase64Url(response.getAuthenticatorData()),
      },
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    };
    const saved = await post('/api/user/passkeys', { response: json, name });
    return { status: saved.status, step: 'register' };
  }, name);
}

/**
 * Chromium answers a conditional (autofill) request at once when a virtual authenticator holds a
 * passkey for the site, as if the person had picked it from the email field's suggestions. While
 * this flag is set the page says the browser has no passkey autofill, so the button is what signs in.
 */
const NO_AUTOFILL_FLAG = 'e2e:no-passkey-autofill';

test('passkey: "Sign in with a passkey", and the email field\'s passkey suggestion (conditional UI)', async ({
  page,
}) => {
  await page.addInitScript((flag) => {
    const real = PublicKeyCredential.isConditionalMediationAvailable?.bind(PublicKeyCredential);
    PublicKeyCredential.isConditionalMediationAvailable = () =>
      localStorage.getItem(flag) ? Promise.resolve(false) : (real?.() ?? Promise.resolve(false));
  }, NO_AUTOFILL_FLAG);
  await addVirtualAuthenticator(page);
  const user = await createAccount(page, 'passkey');
  const registered = await registerPasskey(page, 'Test laptop');
  expect(registered).toEqual({ status: 201, step: 'register' });
  await callApi(page, 'POST', '/api/auth/logout');

  // The button.
  await page.evaluate((flag) => localStorage.setItem(flag, '1'), NO_AUTOFILL_FLAG);
  const dialog = await openAuthDialog(page, 'Sign In');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/dashboard');
  await expectToast(page, 'Login Successful', `Welcome back, ${user.firstName}!`);
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
  await signOut(page);

  // The suggestion: opening the dialog is enough once the passkey is picked.
  await page.evaluate((flag) => localStorage.removeItem(flag), NO_AUTOFILL_FLAG);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
