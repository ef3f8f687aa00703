import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../src/contracts/settings';
import {
  auditLog,
  media,
  posts,
  sandboxBillingSubscriptions,
  sessions,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../../src/server/db/schema';
import { billingProviderOf } from '../../src/server/integrations/billing/create-billing-provider';
import {
  deletionMessages,
  deletionRefusals,
} from '../../src/server/modules/account/account-deletion.service';
import { addMember } from '../factories/analytics';
import { subscribeInSandbox } from '../factories/billing';
import { uploadImage } from '../factories/media';
import { asUser, createPost } from '../factories/posts';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_ADMIN_CODE, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const SUPPORT_SENTENCE = 'Please contact support to delete your account.';

function deleteAccount(app: FastifyInstance, cookie: string, confirmEmail: string) {
  return app.inject({
    method: 'DELETE',
    url: '/api/user/account',
    headers: { cookie },
    payload: { confirmEmail },
    remoteAddress: randomIp(),
  });
}

const workspaceOf = (user: { user: { id: string } }) =>
  (user.user as unknown as { workspace: { id: string } }).workspace.id;

describe.each(databaseKinds)('DELETE /api/user/account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const userExists = async (id: string) =>
    (await db().select().from(users).where(eq(users.id, id))).length > 0;

  it('refuses a confirmation that is not the email with 400 and deletes nothing', async () => {
    const account = await signUp(t.app);
    const response = await deleteAccount(t.app, account.cookie, 'someone-else@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(accountMessages.confirmEmailMismatch);
    expect(await userExists(account.user.id)).toBe(true);
    const empty = await deleteAccount(t.app, account.cookie, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].path).toBe('body.confirmEmail');
  });

  it('refuses the owner of a workspace with other members: 409, the spec sentence and why', async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    await addMember(t, workspaceOf(owner), 'viewer');
    const response = await deleteAccount(t.app, owner.cookie, owner.email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'conflict',
        message: SUPPORT_SENTENCE,
        reason:
          "You own Olivia's workspace, which has other members. Transfer ownership or remove them first.",
      },
    });
    expect(accountMessages.deletionUnavailable.description).toBe(SUPPORT_SENTENCE);
    // Refused before the typed email is even looked at: a client may ask without risk.
    expect((await deleteAccount(t.app, owner.cookie, 'x')).statusCode).toBe(409);
    expect(await userExists(owner.user.id)).toBe(true);
    expect((await asUser(t.app, owner.cookie).get('/api/auth/user')).statusCode).toBe(200);
  });

  it('deletes the user, their workspace, posts and images; clears the cookie; audited', async () => {
    const account = await signUp(t.app);
    const workspaceId = workspaceOf(account);
    const other = await signIn(t.app, account.email, account.password);
    const post = await createPost(t.app, account.cookie);
    const image = await uploadImage(t.app, account.cookie, 'png', { width: 32, height: 32 });
    const [stored] = await db().select().from(media).where(eq(media.id, image.id));
    expect(await t.ctx.storage.read(stored?.storageKey ?? '')).not.toBeNull();
    expect(await t.ctx.storage.read(stored?.thumbnailKey ?? '')).not.toBeNull();
    await db()
      .insert(posts)
      .values({
        workspaceId,
        platform: 'linkedin',
        content: 'Due tomorrow',
        status: 'scheduled',
        scheduledAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
        publishJobId: 'publish-job-of-a-deleted-post',
      });
    const cancel = vi.spyOn(t.ctx.jobs, 'cancel');

    // The typed email is compared without regard to case or surrounding spaces.
    const response = await deleteAccount(t.app, account.cookie, `  ${account.email.toUpperCase()} `);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = [response.headers['set-cookie']].flat().join('\n');
    expect(cleared).toMatch(/kitepost\.session_token=;/);
    expect(cleared).toMatch(/Max-Age=0/i);

    expect((await asUser(t.app, account.cookie).get('/api/auth/user')).statusCode).toBe(401);
    expect((await asUser(t.app, other).get('/api/auth/user')).statusCode).toBe(401);
    expect(await userExists(account.user.id)).toBe(false);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, workspaceId))).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.user.id))).toEqual([]);
    expect(await t.ctx.storage.read(stored?.storageKey ?? '')).toBeNull();
    expect(await t.ctx.storage.read(stored?.thumbnailKey ?? '')).toBeNull();
    expect(cancel).toHaveBeenCalledWith(expect.any(String), 'publish-job-of-a-deleted-post');
    cancel.mockRestore();

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, account.user.id), eq(auditLog.action, 'user.self_deleted')));
    expect(entry).toMatchObject({ actorUserId: account.user.id, targetType: 'user' });
    expect(entry?.after).toMatchObject({ deletedWorkspaceIds: [workspaceId], cancelledSubscriptions: [] });
    // The same email can sign up again: nothing of the old account is left in the way.
    await signUp(t.app, { email: account.email });
  });

  it('a member of another workspace: that workspace and the posts they made there stay', async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    const sharedId = workspaceOf(owner);
    const member = await signUp(t.app, { firstName: 'Eddie' });
    const ownId = workspaceOf(member);
    // Eddie keeps his own workspace and also joins Olivia's as an editor.
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: sharedId, userId: member.user.id, role: 'editor' });
    await db().update(users).set({ activeWorkspaceId: sharedId }).where(eq(users.id, member.user.id));
    const theirPost = await createPost(t.app, member.cookie, { content: 'Written by Eddie' });
    expect(theirPost.createdByUserId).toBe(member.user.id);
    const [placed] = await db().select().from(posts).where(eq(posts.id, theirPost.id));
    expect(placed?.workspaceId).toBe(sharedId);

    const response = await deleteAccount(t.app, member.cookie, member.email);
    expect(response.statusCode).toBe(204);
    expect(await userExists(member.user.id)).toBe(false);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, ownId))).toEqual([]);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, sharedId))).toHaveLength(1);
    const [kept] = await db().select().from(posts).where(eq(posts.id, theirPost.id));
    expect(kept).toMatchObject({ content: 'Written by Eddie', createdByUserId: null });
    const members = await db()
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, sharedId));
    expect(members.map((m) => m.userId)).toEqual([owner.user.id]);
    // The owner still sees the post.
    const list = (await asUser(t.app, owner.cookie).get(`/api/posts/${theirPost.id}`)).json();
    expect(list).toMatchObject({ id: theirPost.id, createdByUserId: null });
  });

  it('cancels a live subscription at the provider at once, then deletes', async () => {
    const account = await signUp(t.app);
    await subscribeInSandbox(t.app, account.cookie, 'starter');
    const [mine] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, workspaceOf(account)));
    const atProvider = () =>
      db()
        .select()
        .from(sandboxBillingSubscriptions)
        .where(eq(sandboxBillingSubscriptions.id, mine?.providerSubscriptionId ?? ''));
    expect((await atProvider())[0]?.status).toBe('active');

    const response = await deleteAccount(t.app, account.cookie, account.email);
    expect(response.statusCode).toBe(204);
    expect((await atProvider())[0]?.status).toBe('canceled');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, account.user.id), eq(auditLog.action, 'user.self_deleted')));
    expect(entry?.after).toMatchObject({ cancelledSubscriptions: [mine?.providerSubscriptionId] });
  });

  it('when the provider cannot cancel: 502 and nothing is deleted', async () => {
    const account = await signUp(t.app);
    await subscribeInSandbox(t.app, account.cookie, 'starter');
    const failing = vi
      .spyOn(billingProviderOf(t.ctx.billing), 'cancelSubscription')
      .mockRejectedValueOnce(new Error('provider down'));
    const logged = vi.spyOn(t.ctx.log, 'error').mockImplementation(() => undefined);
    const response = await deleteAccount(t.app, account.cookie, account.email);
    failing.mockRestore();
    logged.mockRestore();
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(deletionMessages.cancelFailed);
    expect(await userExists(account.user.id)).toBe(true);
    // A retry goes through.
    expect((await deleteAccount(t.app, account.cookie, account.email)).statusCode).toBe(204);
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { confirmEmail: 'a@example.com' },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('DELETE /api/user/account for super admins on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses the last super admin and the operator account; another admin may go', async () => {
    const admin = await signUp(t.app);
    await t.ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const alone = await deleteAccount(t.app, admin.cookie, admin.email);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toMatchObject({
      message: SUPPORT_SENTENCE,
      reason: deletionRefusals.lastAdmin,
    });

    // The admin code with nobody signed in signs in the built-in operator (an admin too).
    const access = await t.app.inject({
      method: 'POST',
      url: '/api/admin/access',
      payload: { accessCode: TEST_ADMIN_CODE },
      remoteAddress: randomIp(),
    });
    expect(access.statusCode).toBe(200);
    const operatorCookie = cookieFrom(access);
    const operator = (await asUser(t.app, operatorCookie).get('/api/auth/user')).json();
    const refused = await deleteAccount(t.app, operatorCookie, operator.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: SUPPORT_SENTENCE,
      reason: deletionRefusals.systemUser,
    });

    // With the operator there, the admin is no longer the last one.
    expect((await deleteAccount(t.app, admin.cookie, admin.email)).statusCode).toBe(204);
  });
});

async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: randomIp(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode}`);
  return cookieFrom(response);
}
