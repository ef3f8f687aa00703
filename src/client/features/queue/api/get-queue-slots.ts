import { useQuery } from '@tanstack/react-query';
import { queueSchedule } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { queueKeys } from './queue-keys';

/**
 * GET /api/queue/slots?accountId=&timeZone=: the account's weekly slots; before the first save,
 * a suggestion from its best times in `zone`. A 402 when the plan has no queue for this account.
 */
export function useQueueSlots(accountId: string | null, zone: string) {
  return useQuery({
    queryKey: [...queueKeys.slots(accountId ?? ''), zone],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/queue/slots?${new URLSearchParams({ accountId: accountId ?? '', timeZone: zone })}`,
        queueSchedule,
      ),
    enabled: accountId !== null,
    retry: false,
  });
}
