import { queueList } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { useQueueChange } from './use-queue-change';

/** POST /api/queue/shuffle: the queue's posts in a random order over the same slots. */
export function shuffleQueue(accountId: string) {
  return apiRequest('POST', '/api/queue/shuffle', queueList, { accountId });
}

export const useShuffleQueue = () => useQueueChange(shuffleQueue);
