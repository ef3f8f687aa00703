import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_USERS_PAGE_SIZE,
  ADMIN_USERS_TOTAL_HEADER,
  type AdminUser,
  type AdminUserListQuery,
  adminUserList,
} from '../../../../contracts/admin';
import { ApiError } from '../../../lib/api-client';

export const adminUsersQueryKey = ['admin', 'users'] as const;

export type StatusFilter = NonNullable<AdminUserListQuery['status']>;
export type PlanFilter = NonNullable<AdminUserListQuery['plan']>;

export interface AdminUsersFilters {
  search: string;
  status: StatusFilter;
  plan: PlanFilter;
  offset: number;
}

export interface AdminUsersPage {
  users: AdminUser[];
  /** X-Total-Count: every user matching the filters, not only this page. */
  total: number;
}

/** The query string of a page: empty filters are left out, so the URL says only what narrows. */
export function adminUsersUrl(filters: AdminUsersFilters, limit = ADMIN_USERS_PAGE_SIZE): string {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.status !== 'all') query.set('status', filters.status);
  if (filters.plan !== 'all') query.set('plan', filters.plan);
  query.set('limit', String(limit));
  query.set('offset', String(filters.offset));
  return `/api/admin/users?${query.toString()}`;
}

/**
 * GET /api/admin/users: one page, newest first. Reads the response itself (not apiRequest)
 * because the total lives in a header.
 */
export async function getAdminUsers(filters: AdminUsersFilters): Promise<AdminUsersPage> {
  const response = await fetch(adminUsersUrl(filters), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const users = adminUserList.parse(await response.json());
  const header = Number(response.headers.get(ADMIN_USERS_TOTAL_HEADER));
  // A server without the header still pages sensibly: what came is all there is past the offset.
  const total =
    Number.isFinite(header) && response.headers.has(ADMIN_USERS_TOTAL_HEADER)
      ? header
      : filters.offset + users.length;
  return { users, total };
}

export const adminUsersQueryOptions = (filters: AdminUsersFilters) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey, filters] as const,
    queryFn: () => getAdminUsers(filters),
    // Typing in the search keeps the last page on screen instead of flashing 'Loading users...'.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery(adminUsersQueryOptions(filters));
}
