import { useQuery } from '@tanstack/react-query';
import { adminOutboxList } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

const adminOutboxQueryKey = ['admin', 'outbox'] as const;

export const ADMIN_OUTBOX_PAGE_SIZE = 50;

/** GET /api/admin/outbox: every email, newest first, one page. */
function getAdminOutbox(offset: number) {
  return apiRequest(
    'GET',
    `/api/admin/outbox?limit=${ADMIN_OUTBOX_PAGE_SIZE}&offset=${offset}`,
    adminOutboxList,
  );
}

export function useAdminOutbox(offset: number) {
  return useQuery({
    queryKey: [...adminOutboxQueryKey, offset] as const,
    queryFn: () => getAdminOutbox(offset),
  });
}
