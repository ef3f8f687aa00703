import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../src/contracts/auth';
import { type ApiKeyRole, apiKeyRole } from '../../src/contracts/integrations';
import { can, forbiddenMessage, workspaceRoles } from '../../src/contracts/team';
import { users, workspaceMembers } from '../../src/server/db/schema';
import { routePermissions } from '../../src/server/plugins/permissions';
import { createApiKey } from '../factories/api-keys';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Fills a route's parameters with values that name nothing: the request reaches the check, never data. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(':platform', 'linkedin')
    .replace(':token', 'n'.repeat(43))
    .replace(':userId', 'nobody-at-all')
    .replace(/:[a-zA-Z]+/g, () => randomUUID());
}

/** 'self' routes act on a person's own account: a key may only ask who it is (decision 076). */
const SELF_ROUTES_FOR_KEYS = new Set(['GET /api/auth/user']);

const table = Object.entries(routePermissions).map(([key, permission]) => {
  const [method, url] = key.split(' ') as [string, string];
  return { method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url, permission };
});

describe.each(databaseKinds)('the permission table, for members and API keys, on %s', (kind) => {
  let t: TestApp;
  let workspaceId: string;
  const cookies = new Map<WorkspaceRole, string>();
  const userIds = new Map<WorkspaceRole, string>();
  /** One key of each role, made by the owner: the same table must hold for it as for a member. */
  const keys = new Map<ApiKeyRole, string>();

  /** Every role's member is in the owner's workspace and works in it (a route may have moved them). */
  async function seatEveryone() {
    const db = t.ctx.database.db;
    for (const role of workspaceRoles) {
      const userId = userIds.get(role) as string;
      if (role !== 'owner') {
        await db
          .insert(workspaceMembers)
          .values({ workspaceId, userId, role })
          .onConflictDoUpdate({
            target: [workspaceMembers.workspaceId, workspaceMembers.userId],
            set: { role },
          });
      }
      await db.update(users).set({ activeWorkspaceId: workspaceId }).where(eq(users.id, userId));
    }
  }

  beforeAll(async () => {
    // Every route is called with each key: the per-key limit must not answer instead.
    t = await buildTestApp(kind, { API_RATE_LIMIT_PER_MINUTE: '100000' });
    for (const role of workspaceRoles) {
      const member = await signUp(t.app, { firstName: role });
      cookies.set(role, member.cookie);
      userIds.set(role, member.user.id);
    }
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookies.get('owner') as string },
    });
    workspaceId = owner.json().workspace.id;
    await seatEveryone();
    for (const role of apiKeyRole.options) {
      keys.set(role, (await createApiKey(t.app, cookies.get('owner') as string, role)).key);
    }
  });
  afterAll(() => t.close());

  it('lists only routes that exist', () => {
    const missing = table.filter(({ method, url }) => !t.app.hasRoute({ method, url }));
    expect(missing).toEqual([]);
  });

  it('works in the shared workspace with the role it was given', async () => {
    for (const role of workspaceRoles) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: cookies.get(role) },
      });
      expect(me.json().workspace).toMatchObject({ id: workspaceId, role });
    }
    for (const [role, key] of keys) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(me.json().workspace).toMatchObject({ id: workspaceId, role });
    }
  });

  for (const { method, url, permission } of table) {
    it(`${method} ${url} needs ${permission}`, async () => {
      for (const role of workspaceRoles) {
        await seatEveryone();
        const response = await t.app.inject({
          method,
          url: concreteUrl(url),
          headers: { cookie: cookies.get(role) as string },
          remoteAddress: randomIp(),
          // An empty body: where the role may call the route, validation (or a missing record) answers.
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = permission === 'self' || can(role, permission);
        if (allowed) {
          expect(response.statusCode, `${role} may call ${method} ${url}: ${response.body}`).not.toBe(403);
        } else {
          expect(response.statusCode, `${role} must be refused ${method} ${url}`).toBe(403);
          expect(response.json().error.message).toBe(forbiddenMessage(role, permission));
        }
      }
      for (const [role, key] of keys) {
        const response = await t.app.inject({
          method,
          url: concreteUrl(url),
          headers: { authorization: `Bearer ${key}` },
          remoteAddress: randomIp(),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const label = `a key acting as ${role} on ${method} ${url}`;
        if (permission === 'self') {
          if (SELF_ROUTES_FOR_KEYS.has(`${method} ${url}`)) {
            expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          } else {
            expect(response.statusCode, `${label} must be refused`).toBe(403);
            expect(response.json().error.message).toMatch(/an API key cannot use it/);
          }
        } else if (can(role, permission)) {
          expect(response.statusCode, `${label}: ${response.body}`).not.toBe(403);
          expect(response.statusCode, `${label}: ${response.body}`).not.toBe(401);
        } else {
          expect(response.statusCode, `${label} must be refused`).toBe(403);
          expect(response.json().error.message).toBe(forbiddenMessage(role, permission));
        }
      }
    });
  }
});
