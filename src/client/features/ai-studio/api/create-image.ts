import { useMutation } from '@tanstack/react-query';
import { type AiImageBodyInput, aiImageResponse } from '../../../../contracts/ai-images';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/ai/images: an AI image or a branded graphic, stored in the media library (and attached
 * to the draft `postId` names). The caller refreshes what shows the library (its own query keys).
 */
export const createImage = (body: AiImageBodyInput) =>
  apiRequest('POST', '/api/ai/images', aiImageResponse, body);

export function useCreateImage() {
  return useMutation({ mutationFn: createImage });
}
