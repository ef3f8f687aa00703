import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUser, adminMessages } from '../../src/contracts/admin';
import {
  auditLog,
  posts,
  sessions,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../../src/server/db/schema';
import { grantAdminAccess } from '../factories/admin-access';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('admin user management on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    admin.cookie = await grantAdminAccess(t.app, admin.cookie);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const asAdmin = () => asUser(t.app, admin.cookie);
  const createUser = async (overrides: Record<string, unknown> = {}): Promise<AdminUser> => {
    const response = await asAdmin().post('/api/admin/users', {
      email: uniqueEmail('made'),
      firstName: 'Made',
      lastName: 'ByAdmin',
      subscriptionPlan: 'free',
      subscriptionStatus: 'active',
      isActive: true,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const auditRows = (targetId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));
  const signInWithPassword = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress: randomIp(),
    });

  it('answers 401 signed out and 403 to a normal user on every route', async () => {
    const someone = await signUp(t.app);
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/audit'],
      ['POST', '/api/admin/users', { email: uniqueEmail(), firstName: 'X' }],
      ['PUT', `/api/admin/users/${someone.user.id}`, { isActive: false }],
      ['PUT', `/api/admin/users/${someone.user.id}/status`, { isActive: false }],
      ['DELETE', `/api/admin/users/${someone.user.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const signedOut = await t.app.inject({
        method,
        url,
        remoteAddress: randomIp(),
        ...(payload ? { payload } : {}),
      });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      const user = await t.app.inject({
        method,
        url,
        headers: { cookie: someone.cookie },
        remoteAddress: randomIp(),
        ...(payload ? { payload } : {}),
      });
      expect(user.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await db().select().from(users).where(eq(users.id, someone.user.id));
    expect(row?.isActive).toBe(true);
  });

  it('creates a user with a unique access code and a workspace, active by default, audited', async () => {
    const email = uniqueEmail('Create');
    const response = await asAdmin().post('/api/admin/users', {
      email: `  ${email.toUpperCase()} `,
      firstName: 'Katherine',
      subscriptionPlan: 'enterprise',
      subscriptionStatus: 'active',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created: AdminUser = response.json();
    expect(created).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Katherine',
      lastName: '',
      subscriptionPlan: 'enterprise',
      subscriptionStatus: 'active',
      isActive: true,
      totalPosts: 0,
      totalCreditsUsed: 0,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      role: 'user',
    });
    // No code unless the admin asks for one.
    expect(created).toMatchObject({ hasAccessCode: false, accessCode: null });
    const [membership] = await db()
      .select({ role: workspaceMembers.role, plan: workspaces.plan })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, created.id));
    expect(membership).toEqual({ role: 'owner', plan: 'enterprise' });
    const [entry] = await auditRows(created.id, 'admin.user_created');
    expect(entry).toMatchObject({ actorUserId: admin.user.id, before: null, targetType: 'user' });
    expect(entry?.after).toMatchObject({ email: email.toLowerCase(), subscriptionPlan: 'enterprise' });
  });

  it('answers 400 to a bad email or an empty first name, 409 to a taken email', async () => {
    const bad = await asAdmin().post('/api/admin/users', { email: 'not-an-email', firstName: 'A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toMatchObject({
      path: 'body.email',
      message: 'Enter a valid email address',
    });
    const noName = await asAdmin().post('/api/admin/users', { email: uniqueEmail(), firstName: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.issues[0]).toMatchObject({ path: 'body.firstName' });
    const wrongPlan = await asAdmin().post('/api/admin/users', {
      email: uniqueEmail(),
      firstName: 'A',
      subscriptionPlan: 'gold',
    });
    expect(wrongPlan.statusCode).toBe(400);
    const taken = await asAdmin().post('/api/admin/users', {
      email: admin.email.toUpperCase(),
      firstName: 'A',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(adminMessages.emailTaken);
  });

  it('edits the whole user: names, email, plan, status and Stripe ids, audited before and after', async () => {
    const user = await createUser({ firstName: 'Before', subscriptionPlan: 'free' });
    const edited = {
      ...user,
      email: uniqueEmail('after'),
      firstName: 'After',
      lastName: 'Edit',
      subscriptionPlan: 'professional',
      subscriptionStatus: 'past_due',
      stripeCustomerId: 'cus_TEST123',
      stripeSubscriptionId: `sub_${user.id.slice(0, 8)}`,
    };
    const response = await asAdmin().put(`/api/admin/users/${user.id}`, edited);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email: edited.email,
      firstName: 'After',
      lastName: 'Edit',
      hasAccessCode: false,
      accessCode: null,
      subscriptionPlan: 'professional',
      subscriptionStatus: 'past_due',
      stripeCustomerId: 'cus_TEST123',
      stripeSubscriptionId: edited.stripeSubscriptionId,
    });
    const [workspace] = await db()
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, String(user.workspaceId)));
    expect(workspace).toMatchObject({
      billingProvider: 'stripe',
      billingCustomerId: 'cus_TEST123',
      plan: 'professional',
    });
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, String(user.workspaceId)));
    expect(sub).toMatchObject({
      provider: 'stripe',
      providerSubscriptionId: edited.stripeSubscriptionId,
      status: 'past_due',
    });
    const [entry] = await auditRows(user.id, 'admin.user_updated');
    expect(entry?.before).toMatchObject({
      firstName: 'Before',
      subscriptionPlan: 'free',
      stripeCustomerId: null,
    });
    expect(entry?.after).toMatchObject({
      firstName: 'After',
      subscriptionPlan: 'professional',
    });

    // Renaming the linked subscription updates that row rather than adding one.
    const relinked = await asAdmin().put(`/api/admin/users/${user.id}`, {
      ...edited,
      stripeSubscriptionId: 'sub_relinked',
    });
    expect(relinked.json().stripeSubscriptionId).toBe('sub_relinked');
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, String(user.workspaceId)));
    expect(rows.map((r) => r.providerSubscriptionId)).toEqual(['sub_relinked']);
  });

  it('refuses edits that clash or make no sense with 400, 404 or 409', async () => {
    const user = await createUser();
    const other = await createUser();
    const put = (body: object, id = user.id) => asAdmin().put(`/api/admin/users/${id}`, { ...user, ...body });
    const takenEmail = await put({ email: other.email });
    expect([takenEmail.statusCode, takenEmail.json().error.message]).toEqual([409, adminMessages.emailTaken]);
    expect((await put({ hasAccessCode: 'yes' })).statusCode).toBe(400);
    expect((await put({ firstName: '' })).statusCode).toBe(400);
    expect((await put({ subscriptionStatus: 'paused' })).statusCode).toBe(400);
    const noCustomer = await put({ stripeSubscriptionId: 'sub_orphan' });
    expect([noCustomer.statusCode, noCustomer.json().error.message]).toEqual([
      400,
      adminMessages.subscriptionNeedsCustomer,
    ]);
    expect((await put({}, 'no-such-user')).statusCode).toBe(404);
    expect(
      (await asAdmin().put('/api/admin/users/no-such-user/status', { isActive: false })).statusCode,
    ).toBe(404);
    expect((await asAdmin().put(`/api/admin/users/${user.id}/status`, { isActive: 'no' })).statusCode).toBe(
      400,
    );
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, accessCodeHash: null, isActive: true });
  });

  it('deactivating ends every session, refuses every sign-in with the spec message and pauses scheduled posts', async () => {
    const member = await signUp(t.app);
    const second = await signInWithPassword(member.email, member.password);
    expect(second.statusCode).toBe(200);
    const issued = await asAdmin().post(`/api/admin/users/${member.user.id}/access-code`);
    expect(issued.statusCode, issued.body).toBe(200);
    const post = await createPost(t.app, member.cookie);
    const scheduled = await asUser(t.app, member.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(2),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await asUser(t.app, member.cookie).get('/api/auth/user')).statusCode).toBe(200);

    const off = await asAdmin().put(`/api/admin/users/${member.user.id}/status`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isActive).toBe(false);

    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect((await asUser(t.app, member.cookie).get('/api/auth/user')).statusCode).toBe(401);
    const password = await signInWithPassword(member.email, member.password);
    expect([password.statusCode, password.json().message]).toEqual([401, 'Invalid email or password']);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: issued.json().accessCode },
      remoteAddress: randomIp(),
    });
    expect([code.statusCode, code.json().message]).toEqual([401, 'Invalid access code or account inactive']);

    const [paused] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(paused).toMatchObject({ status: 'draft', failureReason: adminMessages.postsPausedReason });
    const [entry] = await auditRows(member.user.id, 'admin.user_status_changed');
    expect(entry).toMatchObject({ actorUserId: admin.user.id, before: { isActive: true } });
    expect(entry?.after).toMatchObject({ isActive: false, sessionsEnded: 2, postsPaused: 1 });

    const on = await asAdmin().put(`/api/admin/users/${member.user.id}/status`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect((await signInWithPassword(member.email, member.password)).statusCode).toBe(200);
  });

  it('deactivating through the Edit User save has the same effects', async () => {
    const member = await signUp(t.app);
    const [view] = (
      await asAdmin().get(`/api/admin/users?search=${encodeURIComponent(member.email)}`)
    ).json();
    const response = await asAdmin().put(`/api/admin/users/${member.user.id}`, { ...view, isActive: false });
    expect(response.statusCode, response.body).toBe(200);
    expect((await asUser(t.app, member.cookie).get('/api/auth/user')).statusCode).toBe(401);
    expect((await signInWithPassword(member.email, member.password)).statusCode).toBe(401);
  });

  it('refuses to deactivate or delete yourself, and the last admin', async () => {
    const self = await asAdmin().put(`/api/admin/users/${admin.user.id}/status`, { isActive: false });
    expect([self.statusCode, self.json().error.message]).toEqual([409, adminMessages.selfDeactivate]);
    const selfDelete = await asAdmin().delete(`/api/admin/users/${admin.user.id}`);
    expect([selfDelete.statusCode, selfDelete.json().error.message]).toEqual([409, adminMessages.selfDelete]);

    const onlyAdmin = await createUser();
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, onlyAdmin.id));
    const last = await asAdmin().delete(`/api/admin/users/${onlyAdmin.id}`);
    expect([last.statusCode, last.json().error.message]).toEqual([409, adminMessages.lastAdmin]);
    const lastOff = await asAdmin().put(`/api/admin/users/${onlyAdmin.id}/status`, { isActive: false });
    expect(lastOff.statusCode).toBe(409);
    // With a second admin, the first may go.
    const secondAdmin = await createUser();
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, secondAdmin.id));
    expect((await asAdmin().delete(`/api/admin/users/${onlyAdmin.id}`)).statusCode).toBe(200);
    await db().update(users).set({ role: 'user' }).where(eq(users.id, secondAdmin.id));
  });

  it('deletes the user with their sessions, workspace and posts, audited', async () => {
    const member = await signUp(t.app);
    await createPost(t.app, member.cookie);
    const [view] = (
      await asAdmin().get(`/api/admin/users?search=${encodeURIComponent(member.email)}`)
    ).json();
    expect(view.totalPosts).toBe(1);
    const response = await asAdmin().delete(`/api/admin/users/${member.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await db().select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, view.workspaceId))).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.workspaceId, view.workspaceId))).toEqual([]);
    expect((await asUser(t.app, member.cookie).get('/api/auth/user')).statusCode).toBe(401);
    const [entry] = await auditRows(member.user.id, 'admin.user_deleted');
    expect(entry?.before).toMatchObject({ email: member.email });
    expect(entry?.after).toMatchObject({ deletedWorkspaceIds: [view.workspaceId] });
    expect((await asAdmin().delete(`/api/admin/users/${member.user.id}`)).statusCode).toBe(404);
  });

  it('lists the audit log newest first', async () => {
    const user = await createUser();
    await asAdmin().put(`/api/admin/users/${user.id}/status`, { isActive: false });
    const response = await asAdmin().get('/api/admin/audit?limit=2');
    expect(response.statusCode).toBe(200);
    const { entries, total } = response.json();
    expect(total).toBeGreaterThanOrEqual(2);
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'admin.user_status_changed',
      'admin.user_created',
    ]);
    expect(entries[0]).toMatchObject({
      actorEmail: admin.email,
      targetId: user.id,
      targetEmail: user.email,
      ipAddress: expect.any(String),
    });
    expect((await asAdmin().get('/api/admin/audit?limit=0')).statusCode).toBe(400);
  });
});
