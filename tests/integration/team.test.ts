import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import type { NotificationList } from '../../src/contracts/notifications';
import { forbiddenMessage, type Team, teamMessages } from '../../src/contracts/team';
import { activity, notifications, outbox, workspaceMembers } from '../../src/server/db/schema';
import { signUpConfirmed } from '../factories/mail';
import { asUser, createPost } from '../factories/posts';
import { activeWorkspaceOf, addMember, setWorkspacePlan } from '../factories/team';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('team members and roles on %s', (kind) => {
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
  const roleOf = async (ownerCookie: string, userId: string) =>
    (await teamOf(ownerCookie)).members.find((m) => m.userId === userId)?.role;
  const setRole = (cookie: string, userId: string, role: string) =>
    asUser(t.app, cookie).patch(`/api/team/members/${userId}`, { role });
  const feedOf = async (workspaceId: string) =>
    (await db().select().from(activity).where(eq(activity.workspaceId, workspaceId))).map((e) => e.summary);

  async function newTeam() {
    const owner = await signUpConfirmed(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const workspaceId = (owner.user as SessionUser).workspace.id;
    return { owner, workspaceId };
  }

  it('lists the team: the workspace, your role, members owner first then by role and name', async () => {
    const { owner, workspaceId } = await newTeam();
    await addMember(t.app, owner.cookie, 'viewer', { firstName: 'Vera', lastName: 'Viewer' });
    await addMember(t.app, owner.cookie, 'editor', { firstName: 'Zoe', lastName: 'Zed' });
    await addMember(t.app, owner.cookie, 'editor', { firstName: 'Bea', lastName: 'Bell' });
    const admin = await addMember(t.app, owner.cookie, 'admin', { firstName: 'Al', lastName: 'Admin' });

    const team = await teamOf(admin.cookie);
    expect(team.workspace).toEqual({
      id: workspaceId,
      name: "Ada's workspace",
      requireApproval: false,
      requireTwoFactor: false,
      plan: 'professional',
      teamCollaboration: true,
    });
    expect(team.yourRole).toBe('admin');
    expect(team.members.map((m) => `${m.role} ${m.firstName}`)).toEqual([
      'owner Ada',
      'admin Al',
      'editor Bea',
      'editor Zoe',
      'viewer Vera',
    ]);
    expect(team.members[0]).toMatchObject({ email: owner.email, lastName: 'Lovelace' });
    expect(Number.isNaN(Date.parse(team.members[0]?.joinedAt ?? ''))).toBe(false);
  });

  it('lets managers change roles, tells the member, and the new role applies at once', async () => {
    const { owner, workspaceId } = await newTeam();
    const admin = await addMember(t.app, owner.cookie, 'admin', { firstName: 'Al' });
    const sam = await addMember(t.app, owner.cookie, 'viewer', { firstName: 'Sam' });
    expect((await createPostAs(sam.cookie)).statusCode).toBe(403);

    const changed = await setRole(admin.cookie, sam.userId, 'editor');
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Team).members.find((m) => m.userId === sam.userId)?.role).toBe('editor');
    expect((await activeWorkspaceOf(t.app, sam.cookie)).role).toBe('editor');
    expect((await createPostAs(sam.cookie)).statusCode).toBe(201);

    const bell = (await asUser(t.app, sam.cookie).get('/api/notifications')).json() as NotificationList;
    expect(bell.notifications[0]).toMatchObject({
      kind: 'member_role_changed',
      title: 'Your role is now Editor',
      link: '/team',
    });
    expect(await feedOf(workspaceId)).toContain("Al changed Sam's role from Viewer to Editor");

    // The same role again changes nothing and tells nobody.
    expect((await setRole(admin.cookie, sam.userId, 'editor')).statusCode).toBe(200);
    const count = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sam.userId), eq(notifications.kind, 'member_role_changed')));
    expect(count).toHaveLength(1);
  });

  async function createPostAs(cookie: string) {
    return asUser(t.app, cookie).post('/api/posts', {
      platform: 'linkedin',
      content: 'Spring menu',
      hashtags: [],
    });
  }

  it("protects the owner's role: nobody changes it, an admin cannot make an owner", async () => {
    const { owner } = await newTeam();
    const admin = await addMember(t.app, owner.cookie, 'admin');
    const editor = await addMember(t.app, owner.cookie, 'editor');

    const demoteOwner = await setRole(admin.cookie, owner.user.id, 'viewer');
    expect(demoteOwner.statusCode).toBe(409);
    expect(demoteOwner.json().error.message).toBe(teamMessages.cannotChangeOwner);
    const ownSelf = await setRole(owner.cookie, owner.user.id, 'admin');
    expect(ownSelf.statusCode).toBe(409);
    expect(ownSelf.json().error.message).toBe(teamMessages.cannotChangeOwner);

    const promote = await setRole(admin.cookie, editor.userId, 'owner');
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.message).toBe(teamMessages.ownerOnlyTransfer);
    expect(await roleOf(owner.cookie, owner.user.id)).toBe('owner');
    expect(await roleOf(owner.cookie, editor.userId)).toBe('editor');

    const byEditor = await setRole(editor.cookie, admin.userId, 'viewer');
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().error.message).toBe(forbiddenMessage('editor', 'team.manage'));

    const stranger = await signUpConfirmed(t);
    const notMember = await setRole(owner.cookie, stranger.user.id, 'editor');
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error.message).toBe(teamMessages.notAMember);
    expect((await setRole(owner.cookie, editor.userId, 'superuser')).statusCode).toBe(400);
  });

  it('lets an admin demote themselves, after which they manage nothing', async () => {
    const { owner } = await newTeam();
    const admin = await addMember(t.app, owner.cookie, 'admin');
    const demoted = await setRole(admin.cookie, admin.userId, 'editor');
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((demoted.json() as Team).yourRole).toBe('editor');
    expect(
      (
        await asUser(t.app, admin.cookie).post('/api/team/invitations', {
          email: 'x@example.com',
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('transfers ownership in one step: the member becomes owner, the owner an admin', async () => {
    const { owner, workspaceId } = await newTeam();
    const sam = await addMember(t.app, owner.cookie, 'editor', { firstName: 'Sam' });

    const transferred = await setRole(owner.cookie, sam.userId, 'owner');
    expect(transferred.statusCode, transferred.body).toBe(200);
    const team = transferred.json() as Team;
    expect(team.yourRole).toBe('admin');
    expect(team.members.map((m) => [m.userId, m.role])).toEqual([
      [sam.userId, 'owner'],
      [owner.user.id, 'admin'],
    ]);
    const owners = await db()
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
    expect(owners.map((o) => o.userId)).toEqual([sam.userId]);
    expect(await feedOf(workspaceId)).toContain('Ada made Sam the owner and is now an Admin');
    const bell = (await asUser(t.app, sam.cookie).get('/api/notifications')).json() as NotificationList;
    expect(bell.notifications[0]).toMatchObject({
      kind: 'member_role_changed',
      title: 'You are now the owner',
    });

    // The former owner is an admin now: no second transfer, no deleting the workspace.
    expect((await setRole(owner.cookie, owner.user.id, 'owner')).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/team',
      headers: { cookie: owner.cookie },
      payload: { confirmName: team.workspace.name },
    });
    expect(del.statusCode).toBe(403);
    // And the new owner can hand it back.
    expect((await setRole(sam.cookie, owner.user.id, 'owner')).statusCode).toBe(200);
    expect(await roleOf(owner.cookie, owner.user.id)).toBe('owner');
  });

  it('removes a member: they lose access, are told in their own workspace and by email; their posts stay', async () => {
    const { owner, workspaceId } = await newTeam();
    const admin = await addMember(t.app, owner.cookie, 'admin', { firstName: 'Al' });
    const sam = await addMember(t.app, owner.cookie, 'editor', { firstName: 'Sam', lastName: 'Rivera' });
    const post = await createPost(t.app, sam.cookie, { content: 'Written by Sam before leaving' });

    const removed = await asUser(t.app, admin.cookie).delete(`/api/team/members/${sam.userId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await teamOf(owner.cookie)).members.map((m) => m.userId)).not.toContain(sam.userId);
    const samOwn = (sam.user as SessionUser).workspace;
    expect((await activeWorkspaceOf(t.app, sam.cookie)).id).toBe(samOwn.id);
    const switchBack = await asUser(t.app, sam.cookie).post('/api/workspaces/active', { workspaceId });
    expect(switchBack.statusCode).toBe(404);

    const bell = (await asUser(t.app, sam.cookie).get('/api/notifications')).json() as NotificationList;
    expect(bell.notifications[0]).toMatchObject({
      kind: 'member_removed',
      title: "You were removed from Ada's workspace",
      link: null,
    });
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, sam.email));
    expect(mails.map((m) => m.subject)).toContain("Kitepost: You were removed from Ada's workspace");

    const posts = (await asUser(t.app, owner.cookie).get('/api/posts')).json();
    expect(JSON.stringify(posts)).toContain(post.id);
    expect(await feedOf(workspaceId)).toContain('Al removed Sam Rivera (Editor) from the team');
  });

  it('never removes the owner or yourself, nor someone who is not a member', async () => {
    const { owner } = await newTeam();
    const admin = await addMember(t.app, owner.cookie, 'admin');
    const editor = await addMember(t.app, owner.cookie, 'editor');

    const ownerGone = await asUser(t.app, admin.cookie).delete(`/api/team/members/${owner.user.id}`);
    expect(ownerGone.statusCode).toBe(409);
    const self = await asUser(t.app, admin.cookie).delete(`/api/team/members/${admin.userId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toMatch(/Leave workspace/);
    const stranger = await signUpConfirmed(t);
    expect(
      (await asUser(t.app, owner.cookie).delete(`/api/team/members/${stranger.user.id}`)).statusCode,
    ).toBe(404);
    expect((await asUser(t.app, editor.cookie).delete(`/api/team/members/${admin.userId}`)).statusCode).toBe(
      403,
    );
    expect((await teamOf(owner.cookie)).members).toHaveLength(3);
  });

  it('gives a removed member who had no other workspace a Free one, so they can still sign in', async () => {
    const { owner } = await newTeam();
    const sam = await addMember(t.app, owner.cookie, 'viewer');
    // Sam's own workspace is gone (e.g. they deleted it): this team is all they have.
    await db()
      .delete(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, (sam.user as SessionUser).workspace.id));
    expect((await asUser(t.app, owner.cookie).delete(`/api/team/members/${sam.userId}`)).statusCode).toBe(
      204,
    );
    const session = await asUser(t.app, sam.cookie).get('/api/auth/user');
    expect(session.statusCode, session.body).toBe(200);
    expect((session.json() as SessionUser).workspace).toMatchObject({ role: 'owner', plan: 'free' });
  });

  it('lets a member leave, but not the owner nor someone with no other workspace', async () => {
    const { owner, workspaceId } = await newTeam();
    const sam = await addMember(t.app, owner.cookie, 'approver', { firstName: 'Sam' });
    const left = await asUser(t.app, sam.cookie).post('/api/team/leave');
    expect(left.statusCode, left.body).toBe(204);
    expect((await activeWorkspaceOf(t.app, sam.cookie)).id).toBe((sam.user as SessionUser).workspace.id);
    expect((await teamOf(owner.cookie)).members).toHaveLength(1);
    expect(await feedOf(workspaceId)).toContain('Sam (Approver) left the team');

    const ownerLeaves = await asUser(t.app, owner.cookie).post('/api/team/leave');
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().error.message).toBe(teamMessages.ownerCannotLeave);

    const eve = await addMember(t.app, owner.cookie, 'viewer');
    await db()
      .delete(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, (eve.user as SessionUser).workspace.id));
    const onlyOne = await asUser(t.app, eve.cookie).post('/api/team/leave');
    expect(onlyOne.statusCode).toBe(409);
    expect(onlyOne.json().error.message).toMatch(/only workspace/);
  });

  it('turns approvals on and off; on needs the plan, off is always allowed', async () => {
    const { owner, workspaceId } = await newTeam();
    const editor = await addMember(t.app, owner.cookie, 'editor');
    const api = asUser(t.app, owner.cookie);

    const on = await api.patch('/api/team/settings', { requireApproval: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json() as Team).workspace.requireApproval).toBe(true);
    expect((await activeWorkspaceOf(t.app, editor.cookie)).requireApproval).toBe(true);
    expect(await feedOf(workspaceId)).toContain(
      "Ada turned on approvals: editors' posts now wait for an approver",
    );

    expect(
      (await asUser(t.app, editor.cookie).patch('/api/team/settings', { requireApproval: false })).statusCode,
    ).toBe(403);
    expect((await api.patch('/api/team/settings', { requireApproval: 'yes' })).statusCode).toBe(400);

    await setWorkspacePlan(t.ctx, workspaceId, 'starter');
    const off = await api.patch('/api/team/settings', { requireApproval: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as Team).workspace.requireApproval).toBe(false);
    const again = await api.patch('/api/team/settings', { requireApproval: true });
    expect(again.statusCode).toBe(402);
    expect((await teamOf(owner.cookie)).workspace.requireApproval).toBe(false);
  });
});
