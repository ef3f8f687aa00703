import type { Page } from '@playwright/test';
import type { Team } from '../../src/contracts/team';
import { expectAccessible } from './axe';
import { openCalendar, saveScreen } from './calendar-helpers';
import { expect, test } from './fixtures';
import { confirmEmailThroughBanner, expectToast, newUser, signUp } from './helpers';

async function teamOf(page: Page): Promise<Team> {
  const response = await page.request.get('/api/team');
  expect(response.status()).toBe(200);
  return (await response.json()) as Team;
}

test('a team: invite, accept in another browser, submit for approval, approve, scheduled', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = newUser('owner');
  owner.firstName = 'Olive';
  await signUp(page, owner);
  // Inviting waits for a confirmed address.
  await confirmEmailThroughBanner(page);

  // The owner turns approvals on and invites an editor.
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const approvals = page.getByRole('switch', { name: 'Require approval before posts are published' });
  await approvals.check();
  await expectToast(page, 'Approvals Turned On');
  await expect(approvals).toBeChecked();

  const editor = newUser('editor');
  editor.firstName = 'Eddie';
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a team member' });
  await invite.getByLabel('Email').fill(editor.email);
  await invite.getByLabel('Role').selectOption('editor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  // The e2e server has no SMTP_URL: the dialog says no email goes out, and offers the link.
  await expectToast(
    page,
    'Invitation Created',
    `This server sends no email: copy the link and send it to ${editor.email} yourself.`,
  );
  // The toast opened above the dialog; one Escape still closes the dialog.
  await page.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await expect(page.locator('#team-invitations')).toContainText(editor.email);
  await expectAccessible(page, 'team page');
  const inviteUrl = (await teamOf(page)).invitations[0]?.inviteUrl;
  expect(inviteUrl).toBeTruthy();

  // The editor, in a browser of their own, signs up and accepts.
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await signUp(editorPage, editor);
  await editorPage.goto(inviteUrl as string);
  const workspaceName = (await teamOf(page)).workspace.name;
  await expect(editorPage.getByText(`invited you to join ${workspaceName}`)).toBeVisible();
  await editorPage.getByRole('button', { name: `Accept and join ${workspaceName}` }).click();
  await editorPage.waitForURL('**/dashboard');

  // The owner sees the new member.
  await page.reload();
  await expect(page.locator('#team-members')).toContainText(editor.email);
  await expect(page.locator('#team-members')).toContainText('Editor');

  // The bell tells the owner, and opens and closes from the keyboard (a Radix popover).
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.focus();
  await page.keyboard.press('Enter');
  const notices = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notices).toContainText('Eddie Tester joined the team');
  await page.keyboard.press('Escape');
  await expect(notices).toBeHidden();
  await expect(bell).toBeFocused();
  // Seen, so no longer counted.
  await expect(bell).toHaveAccessibleName('Notifications');

  // The owner keeps the dashboard open while the editor writes.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Olive', level: 1 })).toBeVisible();

  // The editor writes a post; it waits for approval instead of being scheduled.
  await openCalendar(editorPage);
  await editorPage.getByRole('button', { name: 'Add Post' }).click();
  const composer = editorPage.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel('LinkedIn, no account yet').check();
  await composer.getByLabel('Post text').fill('Our winter menu starts on Monday.');
  await composer.getByRole('button', { name: 'Submit for approval' }).click();
  await expectToast(editorPage, 'Submitted for Approval');

  // The owner's open tab learns of it when the bell next asks (it asks again when the tab is shown),
  // without a reload; the owner reviews it from the dashboard and approves it.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  const queue = page.getByRole('region', { name: 'Needs approval' });
  await expect(queue).toContainText('Our winter menu starts on Monday.');
  await queue
    .getByRole('link', { name: /Review/ })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: 'LinkedIn post' });
  await expect(panel.getByTestId('post-status')).toHaveText('Waiting for approval');
  await saveScreen(page, 'team-approval-panel', 1280, false);
  await panel.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Post Approved');
  await expect(panel.getByTestId('post-status')).toHaveText('Scheduled');

  // The editor sees it scheduled.
  await editorPage.reload();
  await expect(editorPage.locator('.fc-event').filter({ hasText: 'Our winter menu' })).toBeVisible();
  const posts = await (await editorPage.request.get('/api/posts')).json();
  expect(posts.find((p: { content: string }) => p.content.startsWith('Our winter menu')).status).toBe(
    'scheduled',
  );

  // The editor belongs to two workspaces now and goes back to their own from the keyboard (a
  // Radix menu: Enter opens it on the first workspace, Enter chooses it).
  const switcher = editorPage.getByRole('button', { name: /^Workspace: .*\. Switch workspace$/ });
  await switcher.focus();
  await editorPage.keyboard.press('Enter');
  const own = editorPage.getByRole('menuitemradio', { name: /^Eddie's workspace/ });
  await expect(own).toBeFocused();
  await expect(editorPage.getByRole('menuitemradio', { checked: true })).toContainText(workspaceName);
  await editorPage.keyboard.press('Enter');
  await expectToast(editorPage, "Switched to Eddie's workspace");
  await expect(editorPage.getByRole('menu')).toBeHidden();
  await editorContext.close();
});
