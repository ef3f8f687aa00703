import { type QueueOrderBody, queueList } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { useQueueChange } from './use-queue-change';

/** PUT /api/queue/order: the posts' slot times, given to them in this order (a drag). */
export function reorderQueue(body: QueueOrderBody) {
  return apiRequest('PUT', '/api/queue/order', queueList, body);
}

export const useReorderQueue = () => useQueueChange(reorderQueue);
