import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postComment } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

export interface CreateCommentVariables {
  postId: string;
  body: string;
}

/** POST /api/posts/{id}/comments: a comment on the post (its author and the reviewers are told). */
export function createComment({ postId, body }: CreateCommentVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(postId)}/comments`, postComment, { body });
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (_comment, { postId }) =>
      queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) }),
  });
}
