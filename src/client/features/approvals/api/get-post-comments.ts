import { queryOptions, useQuery } from '@tanstack/react-query';
import { postCommentList } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/**
 * GET /api/posts/{id}/comments: the post's thread (comments, approvals, requests for changes).
 * Under the posts key: approving or requesting changes (which add to the thread) refreshes it.
 */
export const postCommentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postKeys.comments(postId),
    queryFn: async () =>
      (await apiRequest('GET', `/api/posts/${encodeURIComponent(postId)}/comments`, postCommentList))
        .comments,
    // The team writes too: opening a post reads its thread again (the cached one shows meanwhile).
    staleTime: 0,
  });

export function usePostComments(postId: string | null) {
  return useQuery({ ...postCommentsQueryOptions(postId ?? ''), enabled: postId !== null });
}
