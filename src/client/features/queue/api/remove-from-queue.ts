import { queueList } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { useQueueChange } from './use-queue-change';

export interface RemoveFromQueueVariables {
  postId: string;
  /** Each later post moves up one slot. */
  closeGap: boolean;
}

/** DELETE /api/queue/posts/{id}?closeGap=: the post leaves its queue as a draft. */
export function removeFromQueue({ postId, closeGap }: RemoveFromQueueVariables) {
  return apiRequest(
    'DELETE',
    `/api/queue/posts/${encodeURIComponent(postId)}?${new URLSearchParams({ closeGap: String(closeGap) })}`,
    queueList,
  );
}

export const useRemoveFromQueue = () => useQueueChange(removeFromQueue);
