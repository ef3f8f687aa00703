import { postKeys } from '../../content/api/post-keys';

/**
 * The queue's react-query keys. A queue is a list of posts: its key starts with postKeys.all, so
 * any change to a post (scheduled by hand, cancelled, edited) refreshes the queues too.
 */
export const queueKeys = {
  all: [...postKeys.all, 'queue'] as const,
  list: (accountId: string) => [...queueKeys.all, accountId] as const,
  slots: (accountId: string) => ['queue-slots', accountId] as const,
};
