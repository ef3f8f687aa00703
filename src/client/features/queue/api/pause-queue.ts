import { queueList } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { useQueueChange } from './use-queue-change';

/** POST /api/queue/pause: the queue's posts keep their places and publish nothing. */
export function pauseQueue(accountId: string) {
  return apiRequest('POST', '/api/queue/pause', queueList, { accountId });
}

export const usePauseQueue = () => useQueueChange(pauseQueue);
