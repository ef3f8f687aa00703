import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminSessionResponse } from '../../../../contracts/auth';
import { apiRequest, failureCode } from '../../../lib/api-client';

export const adminSessionQueryKey = ['admin', 'me'] as const;

export type AdminSession = z.infer<typeof adminSessionResponse>;

/** GET /api/admin/me: the admin session, or null when the server says no (signed out or not an admin). */
async function getAdminSession(): Promise<AdminSession | null> {
  try {
    return await apiRequest('GET', '/api/admin/me', adminSessionResponse);
  } catch (error) {
    const code = failureCode(error);
    if (code === 'unauthorized' || code === 'forbidden') return null;
    throw error;
  }
}

export const adminSessionQueryOptions = () =>
  queryOptions({
    queryKey: adminSessionQueryKey,
    queryFn: getAdminSession,
    meta: { handlesUnauthorized: true },
  });

export function useAdminSession() {
  return useQuery(adminSessionQueryOptions());
}
