import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComposePostBody, composeResponse, type Post } from '../../../../contracts/posts';
import type { RepeatPostBody } from '../../../../contracts/recurring';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';
import { repeatPost } from './repeat-post';

/**
 * POST /api/posts/compose: one text for several accounts becomes one post per account, grouped.
 * Without scheduledAt they are drafts. A 400 names the problem (e.g. too long for X).
 */
export function composePost(body: ComposePostBody) {
  return apiRequest('POST', '/api/posts/compose', composeResponse, body);
}

/**
 * Composes, then makes each scheduled post repeat (PUT /api/posts/{id}/repeat; one series per
 * account). The posts exist whatever the repeat answers: its failure is reported with them, never
 * a reason to compose them again.
 */
async function composeAndRepeat({ body, repeat }: { body: ComposePostBody; repeat: RepeatPostBody | null }) {
  const answer = await composePost(body);
  const posts: Post[] = [];
  let repeatFailure: unknown = null;
  for (const item of answer.posts) {
    const planned = item.status === 'scheduled' || item.status === 'pending_approval';
    if (!repeat || !planned || repeatFailure) {
      posts.push(item);
      continue;
    }
    try {
      posts.push(await repeatPost({ id: item.id, body: repeat }));
    } catch (error) {
      repeatFailure = error;
      posts.push(item);
    }
  }
  return { ...answer, posts, repeatFailure };
}

export function useComposePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: composeAndRepeat,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
