import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../contracts/admin';
import { ApiError } from '../../../lib/api-client';
import { adminUsersUrl, getAdminUsers } from './get-admin-users';

afterEach(() => vi.unstubAllGlobals());

const none = { search: '', status: 'all', plan: 'all', offset: 0 } as const;

const user: AdminUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  hasAccessCode: true,
  emailVerified: true,
  twoFactorEnabled: false,
  subscriptionPlan: 'free',
  subscriptionStatus: 'active',
  isActive: true,
  totalPosts: 3,
  totalCreditsUsed: 7,
  createdAt: '2026-11-20T10:00:00.000Z',
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  workspaceId: 'w1',
  workspaceName: 'Ada’s workspace',
  role: 'user',
  isAdmin: false,
  isSystem: false,
};

describe('adminUsersUrl', () => {
  it('sends only the filters that narrow, plus the page', () => {
    expect(adminUsersUrl(none)).toBe('/api/admin/users?limit=100&offset=0');
    expect(
      adminUsersUrl({ search: '  ada love ', status: 'inactive', plan: 'enterprise', offset: 100 }),
    ).toBe('/api/admin/users?search=ada+love&status=inactive&plan=enterprise&limit=100&offset=100');
  });
});

describe('getAdminUsers', () => {
  it('reads the page and the total from X-Total-Count', async () => {
    vi.stubGlobal('fetch', async () => Response.json([user], { headers: { 'X-Total-Count': '250' } }));
    await expect(getAdminUsers(none)).resolves.toEqual({ users: [user], total: 250 });
  });

  it('throws an ApiError for a refusal', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'forbidden', message: 'Admin access required.' } }, { status: 403 }),
    );
    const failure = await getAdminUsers(none).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('forbidden');
  });
});
