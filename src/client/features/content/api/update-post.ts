import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, type UpdatePostBody } from '../../../../contracts/posts';
import type { PostScope } from '../../../../contracts/recurring';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export interface UpdatePostVariables {
  id: string;
  changes: UpdatePostBody;
  /** A recurring post: this one only (the default), or this and every later one. */
  scope?: PostScope;
}

/** PATCH /api/posts/{id}: the answer carries the brand check redone on the new text. */
export function updatePost({ id, changes, scope }: UpdatePostVariables) {
  const query = scope ? `?scope=${scope}` : '';
  return apiRequest('PATCH', `/api/posts/${encodeURIComponent(id)}${query}`, post, changes);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
