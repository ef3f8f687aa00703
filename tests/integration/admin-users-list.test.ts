import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, AdminUser } from '../../src/contracts/admin';
import { generations, users } from '../../src/server/db/schema';
import { grantAdminAccess } from '../factories/admin-access';
import { asUser, createPost } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('admin user list and stats on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  /** A word no other test's data contains: searches below stay within this file's users. */
  const tag = `zq${randomBytes(3).toString('hex')}`;
  let made: AdminUser[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const admin = await signUp(t.app);
    adminCookie = await grantAdminAccess(t.app, admin.cookie);
    made = [];
    const specs = [
      { firstName: 'Alice', lastName: `Smith${tag}`, plan: 'enterprise', status: 'active', isActive: true },
      { firstName: 'Bob', lastName: `Jones${tag}`, plan: 'professional', status: 'active', isActive: false },
      { firstName: 'Carol', lastName: `Smith${tag}`, plan: 'free', status: 'active', isActive: true },
      { firstName: 'Dan', lastName: `Brown${tag}`, plan: 'enterprise', status: 'past_due', isActive: false },
    ];
    for (const spec of specs) {
      const response = await asUser(t.app, adminCookie).post('/api/admin/users', {
        email: `${spec.firstName.toLowerCase()}.${tag}@example.com`,
        firstName: spec.firstName,
        lastName: spec.lastName,
        subscriptionPlan: spec.plan,
        subscriptionStatus: spec.status,
        isActive: spec.isActive,
      });
      if (response.statusCode !== 201) throw new Error(response.body);
      made.push(response.json());
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await asUser(t.app, adminCookie).get(`/api/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return {
      names: (response.json() as AdminUser[]).map((u) => u.firstName),
      total: Number(response.headers['x-total-count']),
    };
  };

  it('lists newest first with the total in X-Total-Count, paged by limit and offset', async () => {
    expect(await list(`search=${tag}`)).toEqual({ names: ['Dan', 'Carol', 'Bob', 'Alice'], total: 4 });
    expect(await list(`search=${tag}&limit=2`)).toEqual({ names: ['Dan', 'Carol'], total: 4 });
    expect(await list(`search=${tag}&limit=2&offset=2`)).toEqual({ names: ['Bob', 'Alice'], total: 4 });
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it("searches email or 'first last' case-insensitively, combined with status and plan", async () => {
    expect((await list(`search=${`ALICE.${tag}`.toUpperCase()}`)).names).toEqual(['Alice']);
    expect((await list(`search=${encodeURIComponent(`carol smith${tag}`.toUpperCase())}`)).names).toEqual([
      'Carol',
    ]);
    expect((await list(`search=smith${tag}`)).names).toEqual(['Carol', 'Alice']);
    expect((await list(`search=${tag}&status=inactive`)).names).toEqual(['Dan', 'Bob']);
    expect((await list(`search=${tag}&status=active`)).names).toEqual(['Carol', 'Alice']);
    expect((await list(`search=${tag}&plan=enterprise`)).names).toEqual(['Dan', 'Alice']);
    expect((await list(`search=${tag}&plan=enterprise&status=active`)).names).toEqual(['Alice']);
    expect((await list(`search=smith${tag}&plan=free&status=all`)).names).toEqual(['Carol']);
    expect((await list(`search=${tag}&plan=all&status=all`)).total).toBe(4);
    // Wildcards typed by the admin are plain characters.
    expect((await list(`search=${encodeURIComponent('%')}${tag}`)).total).toBe(0);
  });

  it('answers 400 to a bad filter or page', async () => {
    for (const query of [
      'status=sleeping',
      'plan=gold',
      'limit=0',
      'limit=abc',
      'offset=-1',
      'limit=100000',
    ]) {
      const response = await asUser(t.app, adminCookie).get(`/api/admin/users?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("reports each user's posts and credits from their workspace", async () => {
    const member = await signUp(t.app, { lastName: `Poster${tag}` });
    await createPost(t.app, member.cookie);
    await createPost(t.app, member.cookie);
    const response = await asUser(t.app, adminCookie).get(`/api/admin/users?search=poster${tag}`);
    const [view] = response.json() as AdminUser[];
    expect(view).toMatchObject({ totalPosts: 2, totalCreditsUsed: 0, subscriptionStatus: 'trialing' });
    await t.ctx.database.db.insert(generations).values([
      { workspaceId: String(view?.workspaceId), userId: member.user.id, generator: 'test', postCount: 3 },
      { workspaceId: String(view?.workspaceId), userId: member.user.id, generator: 'test', postCount: 4 },
    ]);
    const again = (await asUser(t.app, adminCookie).get(`/api/admin/users?search=poster${tag}`)).json();
    expect(again[0].totalCreditsUsed).toBe(7);
  });

  it('computes the stats from the database', async () => {
    const stats = async (): Promise<AdminStats> =>
      (await asUser(t.app, adminCookie).get('/api/admin/stats')).json();
    const before = await stats();
    expect(before.totalUsers).toBe(await t.ctx.database.db.$count(users, eq(users.isSystem, false)));
    // Alice: enterprise active (paying $99); Bob: professional active ($49, deactivated but paying);
    // Carol: free; Dan: enterprise past_due (not paying).
    expect(before.enterpriseUsers).toBeGreaterThanOrEqual(2);
    const create = (plan: string, status: string) =>
      asUser(t.app, adminCookie).post('/api/admin/users', {
        email: `${plan}-${status}-${randomBytes(3).toString('hex')}@example.com`,
        firstName: 'Stat',
        subscriptionPlan: plan,
        subscriptionStatus: status,
        isActive: true,
      });
    await create('starter', 'active');
    await create('enterprise', 'active');
    await create('professional', 'trialing');
    await create('free', 'active');
    const after = await stats();
    expect(after).toEqual({
      totalUsers: before.totalUsers + 4,
      activeSubscriptions: before.activeSubscriptions + 2,
      enterpriseUsers: before.enterpriseUsers + 1,
      monthlyRevenue: before.monthlyRevenue + 19 + 99,
    });
  });

  it('stats on a known set: exact numbers', async () => {
    const fresh = await buildTestApp(kind);
    try {
      const admin = await signUp(fresh.app);
      admin.cookie = await grantAdminAccess(fresh.app, admin.cookie);
      for (const [plan, status] of [
        ['enterprise', 'active'],
        ['professional', 'active'],
        ['professional', 'past_due'],
        ['free', 'active'],
      ]) {
        await asUser(fresh.app, admin.cookie).post('/api/admin/users', {
          email: `${plan}.${status}@example.com`,
          firstName: 'Known',
          subscriptionPlan: plan,
          subscriptionStatus: status,
        });
      }
      const response = await asUser(fresh.app, admin.cookie).get('/api/admin/stats');
      // The admin signed up on a Professional trial: counted as a user, not as paying.
      expect(response.json()).toEqual({
        totalUsers: 5,
        activeSubscriptions: 2,
        enterpriseUsers: 1,
        monthlyRevenue: 148,
      });
    } finally {
      await fresh.close();
    }
  });
});
