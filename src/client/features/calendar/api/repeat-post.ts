import { post } from '../../../../contracts/posts';
import type { RepeatPostBody } from '../../../../contracts/recurring';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /api/posts/{id}/repeat: the scheduled post becomes the first of a series; the answer carries
 * its `series`. 402 when the plan has no recurring posts.
 */
export function repeatPost({ id, body }: { id: string; body: RepeatPostBody }) {
  return apiRequest('PUT', `/api/posts/${encodeURIComponent(id)}/repeat`, post, body);
}
