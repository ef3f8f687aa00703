import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAuditList } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

export const adminAuditQueryKey = ['admin', 'audit'] as const;

export const ADMIN_AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit: newest first, one page. */
export function getAdminAudit(offset: number) {
  return apiRequest(
    'GET',
    `/api/admin/audit?limit=${ADMIN_AUDIT_PAGE_SIZE}&offset=${offset}`,
    adminAuditList,
  );
}

export const adminAuditQueryOptions = (offset: number) =>
  queryOptions({ queryKey: [...adminAuditQueryKey, offset] as const, queryFn: () => getAdminAudit(offset) });

export function useAdminAudit(offset: number) {
  return useQuery(adminAuditQueryOptions(offset));
}
