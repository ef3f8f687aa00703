import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import { INVITATION_TTL_DAYS, type Team, teamMessages, type WorkspaceList } from '../../src/contracts/team';
import { activity, invitations, notifications, outbox, workspaceMembers } from '../../src/server/db/schema';
import { confirmEmail, signUpConfirmed } from '../factories/mail';
import { asUser } from '../factories/posts';
import {
  acceptInvitation,
  activeWorkspaceOf,
  addMember,
  expireInvitation,
  invite,
  setWorkspacePlan,
} from '../factories/team';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('team invitations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const teamOf = async (cookie: string): Promise<Team> => {
    const response = await asUser(t.app, cookie).get('/api/team');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const preview = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/team/invitations/${token}`, remoteAddress: randomIp() });
  const owner = () => signUpConfirmed(t, { firstName: 'Ada', lastName: 'Lovelace' });

  it('invites by email, previews the link signed out, and joins the second user with the role', async () => {
    const ada = await owner();
    const adaWorkspace = (ada.user as SessionUser).workspace;
    const sam = await signUp(t.app, { firstName: 'Sam', lastName: 'Rivera' });
    const samOwn = (sam.user as SessionUser).workspace;

    const created = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
      email: `  ${sam.email.toUpperCase()} `,
      role: 'editor',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json();
    // Without SMTP_URL the outbox is the sandbox: nothing is emailed, and the answer says so.
    expect(invitation).toMatchObject({ email: sam.email, role: 'editor', emailStatus: 'sandbox' });
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation.inviteUrl).toBe(`${TEST_APP_URL}/invite/${invitation.token}`);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_TTL_DAYS);

    // Never stored in the clear: a hash to find it, a sealed copy to show the link again.
    const [row] = await db().select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenSealed).not.toContain(invitation.token);
    expect(JSON.stringify(row)).not.toContain(invitation.token);

    // Sam's own sign-up sent him a confirmation too: the invitation is the other one.
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, sam.email));
    const mail = mails.find((row) => row.subject.includes('invited you'));
    expect(mail?.subject).toBe(`Ada invited you to ${adaWorkspace.name} on Kitepost`);
    expect(mail?.textBody).toContain('as an Editor');
    // The outbox keeps the message with the link's token hidden, and the token only sealed
    // (decision 046); the mail job puts it back when it sends.
    expect(mail?.textBody).toContain(`Accept the invitation: ${TEST_APP_URL}/invite/[hidden-1]`);
    expect(mail?.htmlBody).toContain(`href="${TEST_APP_URL}/invite/[hidden-1]"`);
    expect(JSON.stringify(mail)).not.toContain(invitation.token);
    expect(JSON.parse(t.ctx.tokenCipher.decrypt(mail?.secretsSealed ?? ''))).toEqual([invitation.token]);

    const pending = await teamOf(ada.cookie);
    expect(pending.invitations).toEqual([
      expect.objectContaining({
        id: invitation.id,
        email: sam.email,
        role: 'editor',
        invitedByName: 'Ada Lovelace',
        expired: false,
        inviteUrl: invitation.inviteUrl,
      }),
    ]);

    const shown = await preview(invitation.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      workspaceName: adaWorkspace.name,
      role: 'editor',
      email: sam.email,
      invitedByName: 'Ada Lovelace',
      expiresAt: invitation.expiresAt,
      status: 'pending',
    });

    const accepted = await acceptInvitation(t.app, sam.cookie, invitation.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().workspaceId).toBe(adaWorkspace.id);
    expect(accepted.json().user.workspace).toMatchObject({ id: adaWorkspace.id, role: 'editor' });
    expect(await activeWorkspaceOf(t.app, sam.cookie)).toMatchObject({
      id: adaWorkspace.id,
      name: adaWorkspace.name,
      role: 'editor',
    });

    const joined = await teamOf(ada.cookie);
    expect(joined.members.map((m) => [m.email, m.role])).toEqual([
      [ada.email, 'owner'],
      [sam.email, 'editor'],
    ]);
    expect(joined.invitations).toEqual([]);
    expect((await preview(invitation.token)).json().status).toBe('accepted');

    const feed = await db().select().from(activity).where(eq(activity.workspaceId, adaWorkspace.id));
    expect(feed.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([`Ada invited ${sam.email} as Editor`, 'Sam joined as Editor']),
    );
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.workspaceId, adaWorkspace.id), eq(notifications.kind, 'member_joined')));
    expect(notices.map((n) => n.userId)).toEqual([ada.user.id]);
    expect(notices[0]).toMatchObject({ title: 'Sam Rivera joined the team', link: '/team' });

    // Both workspaces in Sam's switcher; switching back to their own.
    const list = await asUser(t.app, sam.cookie).get('/api/workspaces');
    expect(list.statusCode, list.body).toBe(200);
    const { workspaces } = list.json() as WorkspaceList;
    expect(workspaces).toEqual(
      expect.arrayContaining([
        {
          id: samOwn.id,
          name: samOwn.name,
          role: 'owner',
          plan: 'professional',
          memberCount: 1,
          active: false,
        },
        {
          id: adaWorkspace.id,
          name: adaWorkspace.name,
          role: 'editor',
          plan: 'professional',
          memberCount: 2,
          active: true,
        },
      ]),
    );
    const back = await asUser(t.app, sam.cookie).post('/api/workspaces/active', { workspaceId: samOwn.id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.workspace).toMatchObject({ id: samOwn.id, role: 'owner' });
    expect((await activeWorkspaceOf(t.app, sam.cookie)).id).toBe(samOwn.id);
  });

  it('refuses an expired invitation with its text, and replaces it when the address is invited again', async () => {
    const ada = await owner();
    const sam = await signUpConfirmed(t);
    const first = await invite(t.app, ada.cookie, 'viewer', sam.email);
    await expireInvitation(t.ctx, first.id);

    expect((await preview(first.token)).json().status).toBe('expired');
    expect((await teamOf(ada.cookie)).invitations).toEqual([
      expect.objectContaining({ id: first.id, expired: true }),
    ]);
    const refused = await acceptInvitation(t.app, sam.cookie, first.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(teamMessages.invitationExpired);
    expect((await activeWorkspaceOf(t.app, sam.cookie)).role).toBe('owner');

    const second = await invite(t.app, ada.cookie, 'approver', sam.email);
    expect((await preview(first.token)).json().status).toBe('revoked');
    expect((await teamOf(ada.cookie)).invitations.map((i) => i.id)).toEqual([second.id]);
    expect((await acceptInvitation(t.app, sam.cookie, second.token)).statusCode).toBe(200);
    expect((await activeWorkspaceOf(t.app, sam.cookie)).role).toBe('approver');
  });

  it('revokes an open invitation: its link stops working and it leaves the list', async () => {
    const ada = await owner();
    const sam = await signUpConfirmed(t);
    const invitation = await invite(t.app, ada.cookie, 'editor', sam.email);

    const revoked = await asUser(t.app, ada.cookie).delete(`/api/team/invitations/${invitation.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await teamOf(ada.cookie)).invitations).toEqual([]);
    expect((await preview(invitation.token)).json().status).toBe('revoked');
    const refused = await acceptInvitation(t.app, sam.cookie, invitation.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(teamMessages.invitationRevoked);
    expect(
      (await asUser(t.app, ada.cookie).delete(`/api/team/invitations/${invitation.id}`)).statusCode,
    ).toBe(404);

    // Someone else's workspace cannot revoke it.
    const other = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
      email: sam.email,
      role: 'viewer',
    });
    const stranger = await owner();
    const foreign = await asUser(t.app, stranger.cookie).delete(`/api/team/invitations/${other.json().id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await preview(other.json().token)).json().status).toBe('pending');
  });

  it('lets a link be used once: another user gets 409, the same user is simply taken there again', async () => {
    const ada = await owner();
    const adaWorkspaceId = (ada.user as SessionUser).workspace.id;
    const invitation = await invite(t.app, ada.cookie, 'editor');
    const sam = await signUpConfirmed(t);
    const eve = await signUpConfirmed(t);
    expect((await acceptInvitation(t.app, sam.cookie, invitation.token)).statusCode).toBe(200);

    const second = await acceptInvitation(t.app, eve.cookie, invitation.token);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(teamMessages.invitationAccepted);

    await asUser(t.app, sam.cookie).post('/api/workspaces/active', {
      workspaceId: (sam.user as SessionUser).workspace.id,
    });
    const again = await acceptInvitation(t.app, sam.cookie, invitation.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.workspace).toMatchObject({ id: adaWorkspaceId, role: 'editor' });
    const rows = await db()
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, adaWorkspaceId));
    expect(rows).toHaveLength(2);
  });

  it('lets exactly one of two concurrent accepts win', async () => {
    const ada = await owner();
    const invitation = await invite(t.app, ada.cookie, 'viewer');
    const [sam, eve] = await Promise.all([signUpConfirmed(t), signUpConfirmed(t)]);
    const answers = await Promise.all([
      acceptInvitation(t.app, sam.cookie, invitation.token),
      acceptInvitation(t.app, eve.cookie, invitation.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await teamOf(ada.cookie)).members).toHaveLength(2);
  });

  it('refuses to invite a member or an address already invited', async () => {
    const ada = await owner();
    const sam = await addMember(t.app, ada.cookie, 'editor');
    const member = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
      email: sam.email,
      role: 'viewer',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(teamMessages.alreadyMember);
    const self = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
      email: ada.email,
      role: 'admin',
    });
    expect(self.statusCode).toBe(409);

    const pending = await invite(t.app, ada.cookie, 'viewer');
    const twice = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
      email: pending.email,
      role: 'admin',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(teamMessages.alreadyInvited);
  });

  it('checks the body: a valid address and an invitable role (never owner)', async () => {
    const ada = await owner();
    const api = asUser(t.app, ada.cookie);
    expect(
      (await api.post('/api/team/invitations', { email: 'not-an-email', role: 'editor' })).statusCode,
    ).toBe(400);
    expect(
      (await api.post('/api/team/invitations', { email: 'x@example.com', role: 'owner' })).statusCode,
    ).toBe(400);
    expect((await api.delete('/api/team/invitations/not-a-uuid')).statusCode).toBe(400);
  });

  it('needs a plan with team collaboration to invite (402), and still when the link is used', async () => {
    const ada = await owner();
    const workspaceId = (ada.user as SessionUser).workspace.id;
    const invitation = await invite(t.app, ada.cookie, 'editor');

    await setWorkspacePlan(t.ctx, workspaceId, 'starter');
    const refused = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
      email: 'late@example.com',
      role: 'editor',
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toMatch(/Starter/);
    const sam = await signUpConfirmed(t);
    expect((await acceptInvitation(t.app, sam.cookie, invitation.token)).statusCode).toBe(402);

    await setWorkspacePlan(t.ctx, workspaceId, 'free');
    expect(
      (
        await asUser(t.app, ada.cookie).post('/api/team/invitations', {
          email: 'a@example.com',
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(402);
    const team = await teamOf(ada.cookie);
    expect(team.workspace).toMatchObject({ plan: 'free', teamCollaboration: false });
  });

  it('answers 404 for an unknown link and 400 for something that is not a link', async () => {
    const unknown = await preview('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(teamMessages.invitationNotFound);
    expect((await preview('short')).statusCode).toBe(400);
    const sam = await signUpConfirmed(t);
    const accept = await acceptInvitation(t.app, sam.cookie, 'b'.repeat(43));
    expect(accept.statusCode).toBe(404);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/team/invitations/${'c'.repeat(43)}/accept`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('rate-limits the public preview per address', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/team/invitations/${'d'.repeat(43)}`,
        remoteAddress: ip,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 404)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('still creates the invitation when the email cannot be sent: the link can be copied', async () => {
    const ada = await owner();
    const send = vi.spyOn(t.ctx.mail, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    try {
      const created = await asUser(t.app, ada.cookie).post('/api/team/invitations', {
        email: 'offline@example.com',
        role: 'viewer',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(send).toHaveBeenCalledTimes(1);
      // The answer says so: the dialog must not claim an email went out.
      expect(created.json().emailStatus).toBe('not_sent');
      expect((await teamOf(ada.cookie)).invitations[0]?.inviteUrl).toBe(created.json().inviteUrl);
    } finally {
      send.mockRestore();
    }
  });

  it('shows links only to members who manage the team; editors and viewers cannot invite or revoke', async () => {
    const ada = await owner();
    const invitation = await invite(t.app, ada.cookie, 'viewer');
    const admin = await addMember(t.app, ada.cookie, 'admin');
    await confirmEmail(t, admin.email);
    const editor = await addMember(t.app, ada.cookie, 'editor');
    const viewer = await addMember(t.app, ada.cookie, 'viewer');

    expect((await teamOf(admin.cookie)).invitations[0]?.inviteUrl).toBe(invitation.inviteUrl);
    for (const member of [editor, viewer]) {
      const seen = await teamOf(member.cookie);
      expect(seen.invitations.map((i) => [i.id, i.inviteUrl])).toEqual([[invitation.id, null]]);
      const api = asUser(t.app, member.cookie);
      expect(
        (await api.post('/api/team/invitations', { email: 'x@example.com', role: 'viewer' })).statusCode,
      ).toBe(403);
      expect((await api.delete(`/api/team/invitations/${invitation.id}`)).statusCode).toBe(403);
    }
    // An admin may invite any invitable role, admins included.
    expect(
      (
        await asUser(t.app, admin.cookie).post('/api/team/invitations', {
          email: 'boss@example.com',
          role: 'admin',
        })
      ).statusCode,
    ).toBe(201);
  });
});
