import { expect, test } from './fixtures';
import {
  expectToast,
  fillSignUp,
  newUser,
  openAuthDialog,
  signOut,
  signUp,
  submitSignUp,
  toast,
} from './helpers';

test.describe('Sign In / Sign Up dialog', () => {
  test('sign up through the dialog lands on the dashboard with a welcome toast', async ({ page }) => {
    const user = newUser('signup');
    const dialog = await openAuthDialog(page, 'Sign Up');

    const createAccount = dialog.getByRole('button', { name: 'Create Account' });
    await expect(createAccount).toBeDisabled();
    await dialog.getByLabel('First Name').fill(user.firstName);
    await dialog.getByLabel('Last Name').fill(user.lastName);
    await dialog.getByLabel('Email').fill(user.email);
    await expect(createAccount).toBeDisabled();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');

    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill(user.password);
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await expect(createAccount).toBeEnabled();
    await submitSignUp(page, dialog);

    await expectToast(page, 'Account Created Successfully', `Welcome to Kitepost, ${user.firstName}!`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();

    // The mirror is written, and the server (not the mirror) keeps the session across a reload.
    const mirror = await page.evaluate(() => ({
      loggedIn: sessionStorage.getItem('userLoggedIn'),
      user: JSON.parse(sessionStorage.getItem('currentUser') ?? 'null') as { email?: string } | null,
    }));
    expect(mirror.loggedIn).toBe('true');
    expect(mirror.user?.email).toBe(user.email);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
  });

  test('signing up with an email already taken shows Sign Up Failed and keeps the dialog open', async ({
    page,
  }) => {
    const user = newUser('taken');
    await signUp(page, user);
    await signOut(page);

    const dialog = await openAuthDialog(page, 'Sign Up');
    await fillSignUp(dialog, user);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Sign Up Failed');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows Login Failed and the dialog stays open', async ({ page }) => {
    const user = newUser('wrongpw');
    await signUp(page, user);
    await signOut(page);

    const dialog = await openAuthDialog(page, 'Sign In');
    const signIn = dialog.getByRole('button', { name: 'Sign In', exact: true });
    await expect(signIn).toBeDisabled();
    await dialog.getByLabel('Email').fill(user.email);
    await expect(signIn).toBeDisabled();
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await expect(signIn).toBeEnabled();
    await signIn.click();

    await expectToast(page, 'Login Failed', 'Invalid email or password');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
    await expect(page).toHaveURL(/\/$/);
  });

  test('the right password signs in and opens the dashboard', async ({ page }) => {
    const user = newUser('signin');
    await signUp(page, user);
    await signOut(page);
    expect(await page.evaluate(() => sessionStorage.getItem('userLoggedIn'))).toBeNull();

    const dialog = await openAuthDialog(page, 'Sign In');
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Login Successful', `Welcome back, ${user.firstName}!`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
  });

  test('?auth=signup opens the Sign Up tab and the pricing cards open sign up when signed out', async ({
    page,
  }) => {
    await page.goto('/?auth=signup');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const pricing = page.locator('#pricing');
    await pricing.scrollIntoViewIfNeeded();
    await expect(pricing.getByText('Most Popular')).toBeVisible();
    await expect(pricing.getByRole('heading', { name: 'Professional' })).toBeVisible();
    await expect(pricing.getByText('$49')).toBeVisible();
    await pricing.getByRole('button', { name: 'Start Free Trial of the Starter plan' }).click();
    await expect(page.getByRole('dialog').getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
