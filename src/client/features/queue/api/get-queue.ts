import { useQuery } from '@tanstack/react-query';
import { queueList } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { queueKeys } from './queue-keys';

/** GET /api/queue?accountId=: the account's queued posts in slot order, and whether it is paused. */
export function useQueue(accountId: string | null) {
  return useQuery({
    queryKey: queueKeys.list(accountId ?? ''),
    queryFn: () =>
      apiRequest('GET', `/api/queue?${new URLSearchParams({ accountId: accountId ?? '' })}`, queueList),
    enabled: accountId !== null,
  });
}
