import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, type UpdatePostBody } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export interface UpdatePostVariables {
  id: string;
  changes: UpdatePostBody;
}

/** PATCH /api/posts/{id}: the answer carries the brand check redone on the new text. */
export function updatePost({ id, changes }: UpdatePostVariables) {
  return apiRequest('PATCH', `/api/posts/${encodeURIComponent(id)}`, post, changes);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
