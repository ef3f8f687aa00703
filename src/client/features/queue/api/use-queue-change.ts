import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueList } from '../../../../contracts/queue';
import { postKeys } from '../../content/api/post-keys';
import { queueKeys } from './queue-keys';

/**
 * A change to a queue whose answer is the queue as it now is: shown at once, then every post
 * list (the calendar's included) is read again, since posts moved.
 */
export function useQueueChange<Variables>(change: (variables: Variables) => Promise<QueueList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (queue) => {
      queryClient.setQueryData(queueKeys.list(queue.accountId), queue);
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
