import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { base32Decode, totp } from '../factories/totp';
import { expectAccessible } from './axe';
import { E2E_CODES_OFF_URL } from './env';
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

/** The code an authenticator app shows for the key typed from the screen (SHA1, 6 digits, 30 s). */
function codeFor(secret: string, at: number = Date.now()): string {
  return totp({ secret: base32Decode(secret), algorithm: 'sha1', digits: 6, period: 30 }, at);
}

/** The 30-second step a time falls in (RFC 6238 §4). */
function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / 30);
}

/**
 * Settings › Privacy & Security (issue 23), as a person clicks through it: two-factor set up
 * from the secret shown on screen, the backup codes, passkeys with Chromium's virtual
 * authenticator, and the owner's requirement with the prompt it brings. The API's refusals are
 * the integration tests'. Screens go to test-results/screens/security-*.png.
 */

async function saveScreen(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screens/security-${name}-${width}.png` });
}

async function openSecurity(page: Page) {
  await page.goto('/settings');
  const row = page.locator('#two-factor');
  await expect(row.getByRole('heading', { name: /Two-factor authentication/ })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  return row;
}

/**
 * The code of the 30-second step after `usedStep`, so a code is never sent twice. The app shows it
 * within 30 s; the server takes the steps either side of its own (RFC 6238 §5.2's allowed drift,
 * a window of 1 step in better-auth), so the test sends it at once instead of waiting up to 30 s.
 */
function nextStepCode(secret: string, usedStep: number): string {
  return codeFor(secret, (usedStep + 1) * 30_000);
}

/** Turns two-factor on from Settings; answers the secret read off the screen and the backup codes. */
async function turnOnTwoFactor(page: Page, user: NewUser) {
  const row = await openSecurity(page);
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Turn on' }).click();

  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const scan = page.getByRole('dialog', { name: 'Scan the QR code' });
  await expect(scan.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await scan.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await saveScreen(page, 'setup-scan');

  // A wrong code leaves it off and says why, under the field.
  const wrong = String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0');
  await scan.getByLabel('6-digit code from the app').fill(wrong);
  await scan.getByRole('button', { name: 'Turn on' }).click();
  await expect(scan.getByText(/That code is not right/)).toBeVisible();

  const usedStep = totpStep();
  await scan.getByLabel('6-digit code from the app').fill(codeFor(secret));
  await scan.getByRole('button', { name: 'Turn on' }).click();

  const done = page.getByRole('dialog', { name: 'Two-factor authentication is on' });
  const listed = done.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = (await listed.allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  await saveScreen(page, 'setup-codes');
  await expectAccessible(page, 'backup codes');

  const downloading = page.waitForEvent('download');
  await done.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('kitepost-backup-codes.txt');
  const file = await readFile((await download.path()) as string, 'utf8');
  for (const code of codes) expect(file).toContain(code);
  expect(file).toContain(user.email);

  await done.getByRole('button', { name: 'I have saved them' }).click();
  await expect(done).toBeHidden();
  await expectToast(page, 'Two-factor authentication is on');
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  return { secret, codes, usedStep };
}

test('two-factor: set up from the key on screen, backup codes saved, then sign in with a code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('totp');
  await signUp(page, user);

  // Cancelling after the password leaves it off, and says so.
  const row = await openSecurity(page);
  await row.getByRole('button', { name: 'Turn on' }).click();
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan the QR code' });
  await expect(scan).toBeVisible();
  await scan.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Two-factor authentication is still off');
  await expect(row.getByText('Off', { exact: true })).toBeVisible();

  const { secret, usedStep } = await turnOnTwoFactor(page, user);
  await saveScreen(page, 'two-factor-on');

  await signOut(page);

  // The password alone no longer signs in: the Sign In dialog asks for the code.
  const dialog = await openAuthDialog(page, 'Sign In');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = dialog.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(nextStepCode(secret, usedStep));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');

  await page.goto('/settings');
  await expect(page.locator('#two-factor').getByText('On', { exact: true })).toBeVisible();
});

test('two-factor: turned off with the password and a backup code; new backup codes replace the old', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('totp-off');
  await signUp(page, user);
  const { codes } = await turnOnTwoFactor(page, user);
  const row = page.locator('#two-factor');

  await row.getByRole('button', { name: 'New backup codes' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Make new backup codes' });
  await regenerate.getByLabel('Your password').fill('not-the-password');
  await regenerate.getByRole('button', { name: 'Make new codes' }).click();
  await expect(regenerate.getByText('Your password is not correct.')).toBeVisible();
  await regenerate.getByLabel('Your password').fill(user.password);
  await regenerate.getByRole('button', { name: 'Make new codes' }).click();
  const fresh = page.getByRole('dialog', { name: 'Your new backup codes' });
  await expect(fresh.getByRole('listitem')).toHaveCount(10);
  const newCodes = (await fresh.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(newCodes).toHaveLength(10);
  expect(newCodes.some((code) => codes.includes(code))).toBe(false);
  await fresh.getByRole('button', { name: 'I have saved them' }).click();

  await row.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Your password').fill(user.password);
  await off.getByLabel('Code').fill(newCodes[0] as string);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, 'Two-factor authentication is off');
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
});

/*
 * WebAuthn refuses an IP address as the relying party ("SecurityError: This is an invalid
 * domain" in Chromium), and better-auth's passkey plugin takes the relying party from APP_URL's
 * host. The main e2e server's APP_URL is http://127.0.0.1:5055; the second server (5056) is
 * reached as localhost (tests/e2e/env.ts), so passkeys are tested there.
 */
test.describe('passkeys', () => {
  test.use({ baseURL: E2E_CODES_OFF_URL });

  test('added with the virtual authenticator, renamed, removed', async ({ page }) => {
    const user = newUser('passkey');
    await signUp(page, user);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    await page.goto('/settings');
    const passkeys = page.locator('#passkeys');
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();

    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    // Named after this browser unless the person types another name.
    await expect(add.getByLabel('Name')).toHaveValue(/Chrome/);
    await add.getByLabel('Name').fill('Work laptop');
    await add.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Passkey added');
    await expect(add).toBeHidden();
    const list = passkeys.getByRole('list', { name: 'Passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Work laptop');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await passkeys.scrollIntoViewIfNeeded();
    await saveScreen(page, 'passkeys');

    await list.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await expect(rename.getByLabel('Name')).toHaveValue('Work laptop');
    await rename.getByLabel('Name').fill('Office laptop');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(list).toContainText('Office laptop');

    await list.getByRole('button', { name: 'Remove Office laptop' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await confirm.getByRole('button', { name: 'Remove passkey' }).click();
    await expectToast(page, 'Passkey removed');
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  });

  test('closing the browser prompt adds nothing and says nothing alarming', async ({ page }) => {
    const user = newUser('passkey-cancel');
    await signUp(page, user);
    // An authenticator that refuses user verification: the browser answers NotAllowedError, as when
    // the person closes the prompt.
    await addVirtualAuthenticator(page, { userVerified: false });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByRole('button', { name: 'Continue' }).click();
    // Back to the name, ready to try again; no error shown.
    await expect(add.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(add.getByRole('alert')).toHaveCount(0);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
  });
});

/**
 * Confirms the signed-in user's address without a mailbox: on a server without SMTP the resend
 * answer carries the confirmation link (the banner's "Confirm now"; the banner is tested in
 * account-recovery.spec.ts). Inviting needs a confirmed address.
 */
async function confirmEmail(page: Page): Promise<void> {
  const resend = await page.request.post('/api/auth/verify-email/resend');
  expect(resend.status()).toBe(200);
  const { confirmUrl } = (await resend.json()) as { confirmUrl?: string };
  const token = new URL(confirmUrl as string).searchParams.get('token');
  const confirmed = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(confirmed.status()).toBe(200);
}

test('an owner requires two-factor: the switch, and the prompt a member without it sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = newUser('require-2fa');
  await signUp(page, owner);
  await confirmEmail(page);

  // An editor joins (the invitation itself is team.spec.ts's to click through).
  const editor = newUser('require-2fa-editor');
  editor.firstName = 'Eddie';
  const invited = await page.request.post('/api/team/invitations', {
    data: { email: editor.email, role: 'editor' },
  });
  expect(invited.status()).toBe(201);
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
  const editorContext = await browser.newContext();
  const member = await editorContext.newPage();
  await signUp(member, editor);
  await member.goto(inviteUrl);
  await member.getByRole('button', { name: /^Accept and join/ }).click();
  await member.waitForURL('**/dashboard');

  // The owner turns the requirement on and sees who has two-factor.
  await page.goto('/team');
  const required = page.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
  await expect(required).not.toBeChecked();
  await required.check();
  await expectToast(page, 'Two-factor sign-in required');
  await expect(required).toBeChecked();
  const members = page.locator('#team-members');
  await expect(members.getByRole('listitem').filter({ hasText: editor.email })).toContainText('No 2FA');
  await expect(page.locator('#team-two-factor')).toContainText('0 of 2 members use two-factor sign-in.');
  // The owner, without two-factor too, is asked on the next visit, not in the middle of this one.
  const ownerPrompt = page.getByRole('alertdialog', { name: 'Set up two-factor sign-in' });
  await expect(ownerPrompt).toBeHidden();
  await saveScreen(page, 'team-require');

  // The editor's next visit asks, over the app's pages.
  await member.reload();
  const prompt = member.getByRole('alertdialog', { name: 'Set up two-factor sign-in' });
  await expect(prompt).toBeVisible();
  await saveScreen(member, 'prompt');
  await expectAccessible(member, 'two-factor prompt');

  // "Later" puts it off for the rest of this visit; the editor sees the setting, read-only.
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();
  await member.goto('/team');
  const seen = member.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
  await expect(seen).toBeChecked();
  await expect(seen).toBeDisabled();
  await expect(member.locator('#team-two-factor')).toContainText('Only the owner can change it.');
  // Who has two-factor is for the managers to see.
  await expect(member.locator('#team-members')).not.toContainText('2FA');
  await member.reload();
  await expect(member.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(prompt).toBeHidden();

  // The editor's next visit (another tab: its own session storage) asks again, and "Set it up
  // now" opens the setup in Settings, which the prompt never covers.
  const nextVisit = await browser.newContext({ storageState: await editorContext.storageState() });
  const again = await nextVisit.newPage();
  await again.goto('/calendar');
  const prompt2 = again.getByRole('alertdialog', { name: 'Set up two-factor sign-in' });
  await prompt2.getByRole('button', { name: 'Set it up now' }).click();
  await again.waitForURL('**/settings');
  await expect(again.getByRole('dialog', { name: 'Turn on two-factor authentication' })).toBeVisible();
  await expect(prompt2).toBeHidden();
  await nextVisit.close();
  await editorContext.close();

  // The owner's own next page load asks too.
  await page.reload();
  await expect(ownerPrompt).toBeVisible();
});

test('profile: a new email address waits for its link, and the card says so', async ({ page }) => {
  const user = newUser('email-change');
  await signUp(page, user);
  await page.goto('/settings');
  const profile = page.locator('#profile');
  const email = profile.getByRole('textbox', { name: 'Email' });
  const next = newUser('email-change-new').email;
  await email.fill(next);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(
    page,
    'Confirm your new email address',
    `We have sent a link to ${next}. Your email address changes once you open it.`,
  );
  // The address in use stays until the link is opened; the new one is shown as waiting.
  await expect(email).toHaveValue(user.email);
  await expect(profile.getByText(`Waiting for confirmation: ${next}.`)).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Save profile' })).toBeDisabled();
});
