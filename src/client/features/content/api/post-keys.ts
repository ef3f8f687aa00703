import type { PostStatus } from '../../../../contracts/posts';

/**
 * Every react-query key of posts, in one place (content owns posts on the client). Each starts with
 * `postKeys.all`, so a change to any post invalidates them all with `{ queryKey: postKeys.all }`:
 * the calendar, the upcoming list, the Needs approval queue, a post and its comments.
 */
export const postKeys = {
  all: ['posts'] as const,
  /** The calendar's posts in a date range. */
  range: (from: string, to: string, status?: readonly PostStatus[]) =>
    [...postKeys.all, 'range', from, to, status?.join(',') ?? 'all'] as const,
  /** The next scheduled posts. */
  upcoming: (count: number) => [...postKeys.all, 'upcoming', count] as const,
  /** Posts waiting for approval. */
  pendingApproval: () => [...postKeys.all, 'pending-approval'] as const,
  /** Whether the workspace has any post at all. */
  any: () => [...postKeys.all, 'any'] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
  comments: (postId: string) => [...postKeys.all, 'comments', postId] as const,
};
