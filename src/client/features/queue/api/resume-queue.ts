import { queueList } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { useQueueChange } from './use-queue-change';

/** POST /api/queue/resume: the held posts take the next free slots from now, in order. */
export function resumeQueue(accountId: string) {
  return apiRequest('POST', '/api/queue/resume', queueList, { accountId });
}

export const useResumeQueue = () => useQueueChange(resumeQueue);
