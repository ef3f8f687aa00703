import type { Post } from '../../../contracts/posts';
import { useAuth } from '../auth/api/get-current-user';
import { useCan } from '../auth/use-permission';
import { useMemberNames } from './api/get-member-names';
import { usePendingPosts } from './api/get-pending-posts';
import { submitterName } from './approval-display';

/**
 * What a Needs approval queue shows, on the calendar and on the dashboard: the waiting posts, the
 * queue's title for this reader (approvers read a to-do, the others what is waiting), and who
 * submitted each post. Member names are read only when someone else submitted one.
 */
export function useNeedsApproval() {
  const { user } = useAuth();
  const canApprove = useCan('posts.approve');
  const pending = usePendingPosts();
  const posts = pending.data ?? [];
  const names = useMemberNames(
    posts.some((post) => post.submittedByUserId && post.submittedByUserId !== user?.id),
  );
  return {
    pending,
    posts,
    canApprove,
    title: canApprove ? 'Needs approval' : 'Waiting for approval',
    submitterOf: (post: Post) => submitterName(post, user?.id, names.data),
  };
}
