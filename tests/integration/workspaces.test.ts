import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import { forbiddenMessage, type WorkspaceList } from '../../src/contracts/team';
import { media, posts, subscriptions, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { PUBLISH_POST_JOB } from '../../src/server/modules/publishing/publish-queue';
import { uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { acceptInvitation, activeWorkspaceOf, addMember, invite } from '../factories/team';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('workspaces on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const workspaceOf = (user: { user: unknown }) => (user.user as SessionUser).workspace;
  const listOf = async (cookie: string): Promise<WorkspaceList> => {
    const response = await asUser(t.app, cookie).get('/api/workspaces');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const deleteTeam = (cookie: string, confirmName: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/team', headers: { cookie }, payload: { confirmName } });

  /** `member` joins `owner`'s team as an editor, then switches back to their own workspace. */
  async function joinTeamOf(
    owner: { cookie: string },
    member: { cookie: string; email: string; user: unknown },
  ) {
    const invitation = await invite(t.app, owner.cookie, 'editor', member.email);
    expect((await acceptInvitation(t.app, member.cookie, invitation.token)).statusCode).toBe(200);
    await asUser(t.app, member.cookie).post('/api/workspaces/active', {
      workspaceId: workspaceOf(member).id,
    });
  }

  it("lists a new user's one workspace, active, with its plan and member count", async () => {
    const ada = await signUp(t.app, { firstName: 'Ada' });
    expect(await listOf(ada.cookie)).toEqual({
      workspaces: [
        {
          id: workspaceOf(ada).id,
          name: "Ada's workspace",
          role: 'owner',
          plan: 'professional',
          memberCount: 1,
          active: true,
        },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/workspaces' })).statusCode).toBe(401);
  });

  it('switches between the workspaces a user belongs to, and only those', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada' });
    const sam = await addMember(t.app, ada.cookie, 'viewer');
    const samOwn = workspaceOf(sam);
    expect((await listOf(sam.cookie)).workspaces.filter((w) => w.active).map((w) => w.id)).toEqual([
      workspaceOf(ada).id,
    ]);

    const switched = await asUser(t.app, sam.cookie).post('/api/workspaces/active', {
      workspaceId: samOwn.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((switched.json().user as SessionUser).workspace).toMatchObject({ id: samOwn.id, role: 'owner' });
    expect((await listOf(sam.cookie)).workspaces.filter((w) => w.active).map((w) => w.id)).toEqual([
      samOwn.id,
    ]);
    // The choice sticks across requests: the session query follows users.active_workspace_id.
    expect((await activeWorkspaceOf(t.app, sam.cookie)).id).toBe(samOwn.id);
    // A viewer in Ada's workspace is an owner in their own: the role follows the workspace.
    expect(
      (await asUser(t.app, sam.cookie).patch('/api/team/settings', { requireApproval: true })).statusCode,
    ).toBe(200);

    const stranger = await signUp(t.app);
    const foreign = await asUser(t.app, stranger.cookie).post('/api/workspaces/active', {
      workspaceId: samOwn.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Workspace not found');
    const missing = await asUser(t.app, stranger.cookie).post('/api/workspaces/active', {
      workspaceId: randomUUID(),
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await asUser(t.app, stranger.cookie).post('/api/workspaces/active', { workspaceId: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect((await activeWorkspaceOf(t.app, stranger.cookie)).id).toBe(workspaceOf(stranger).id);
  });

  it('refuses to delete with the wrong name, as a non-owner, or when it is your only workspace', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada' });
    const admin = await addMember(t.app, ada.cookie, 'admin');

    const wrong = await deleteTeam(ada.cookie, "ada's workspace");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/Type the workspace name/);
    expect((await deleteTeam(ada.cookie, '')).statusCode).toBe(400);

    const byAdmin = await deleteTeam(admin.cookie, "Ada's workspace");
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe(forbiddenMessage('admin', 'workspace.own'));

    const only = await deleteTeam(ada.cookie, "Ada's workspace");
    expect(only.statusCode).toBe(409);
    expect(only.json().error.message).toBe(
      'This is your only workspace. To leave Kitepost, delete your account in Settings.',
    );
    const [row] = await db()
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceOf(ada).id));
    expect(row).toBeDefined();
  });

  it('refuses to delete a workspace whose paid subscription is live', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada' });
    // Ada joins another team, so this is not her only workspace.
    await joinTeamOf(await signUp(t.app, { firstName: 'Bo' }), ada);
    await db()
      .insert(subscriptions)
      .values({
        workspaceId: workspaceOf(ada).id,
        provider: 'sandbox',
        providerCustomerId: 'cus_test',
        providerSubscriptionId: `sub_${randomUUID()}`,
        plan: 'starter',
        status: 'active',
      });

    const refused = await deleteTeam(ada.cookie, "Ada's workspace");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/paid subscription/);

    // Once it has ended, the workspace can go.
    await db()
      .update(subscriptions)
      .set({ status: 'canceled', endedAt: new Date() })
      .where(eq(subscriptions.workspaceId, workspaceOf(ada).id));
    expect((await deleteTeam(ada.cookie, "Ada's workspace")).statusCode).toBe(200);
  });

  it('deletes the workspace with its posts, drops their publish jobs, and lands the owner in the next one', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada' });
    const adaOwn = workspaceOf(ada);
    const bo = await signUp(t.app, { firstName: 'Bo' });
    // Ada also belongs to Bo's team; Sam belongs only to Ada's (his own workspace is gone).
    await joinTeamOf(bo, ada);
    const sam = await addMember(t.app, ada.cookie, 'editor');
    await db()
      .delete(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceOf(sam).id));
    const [scheduled] = await db()
      .insert(posts)
      .values({
        workspaceId: adaOwn.id,
        platform: 'twitter',
        content: 'Goes out tomorrow',
        hashtags: [],
        status: 'scheduled',
        scheduledAt: new Date(Date.now() + 86_400_000),
        publishVersion: 1,
        publishJobId: randomUUID(),
      })
      .returning();

    const image = await uploadImage(t.app, ada.cookie, 'png', { width: 200, height: 200 });
    const [stored] = await db().select().from(media).where(eq(media.id, image.id));
    expect(await t.ctx.storage.read(stored?.storageKey ?? '')).not.toBeNull();
    expect(await t.ctx.storage.read(stored?.thumbnailKey ?? '')).not.toBeNull();

    const cancel = vi.spyOn(t.ctx.jobs, 'cancel');
    try {
      const deleted = await deleteTeam(ada.cookie, "  Ada's workspace ");
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((deleted.json().user as SessionUser).workspace).toMatchObject({
        id: workspaceOf(bo).id,
        role: 'editor',
      });
      expect(cancel).toHaveBeenCalledWith(PUBLISH_POST_JOB, scheduled?.publishJobId);
    } finally {
      cancel.mockRestore();
    }
    expect(await db().select().from(workspaces).where(eq(workspaces.id, adaOwn.id))).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.workspaceId, adaOwn.id))).toEqual([]);
    // The image's bytes went with it: no row would ever point at them again.
    expect(await t.ctx.storage.read(stored?.storageKey ?? '')).toBeNull();
    expect(await t.ctx.storage.read(stored?.thumbnailKey ?? '')).toBeNull();
    expect((await listOf(ada.cookie)).workspaces.map((w) => w.id)).toEqual([workspaceOf(bo).id]);

    // Sam, left with nothing, has a Free workspace of his own and can still use Kitepost.
    const samSession = await asUser(t.app, sam.cookie).get('/api/auth/user');
    expect(samSession.statusCode, samSession.body).toBe(200);
    expect((samSession.json() as SessionUser).workspace).toMatchObject({ role: 'owner', plan: 'free' });
  });

  it('a user somehow left with no workspace gets a Free one when signing in, instead of a refusal', async () => {
    const stranded = await signUp(t.app);
    const ownWorkspace = workspaceOf(stranded).id;
    // As a crash between a team's deletion and ensureWorkspaceFor would leave them.
    await db().delete(workspaces).where(eq(workspaces.id, ownWorkspace));
    expect((await asUser(t.app, stranded.cookie).get('/api/auth/user')).statusCode).toBe(401);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: stranded.email, password: stranded.password },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { workspace } = signIn.json<{ user: SessionUser }>().user;
    expect(workspace).toMatchObject({ role: 'owner', plan: 'free' });
    expect(workspace.id).not.toBe(ownWorkspace);
  });
});
