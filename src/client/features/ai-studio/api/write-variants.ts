import { useMutation } from '@tanstack/react-query';
import { type VariantsBody, variantsResponse } from '../../../../contracts/ai-plan';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/variants: one text adapted for each network (one credit per variant). */
export const writeVariants = (body: VariantsBody) =>
  apiRequest('POST', '/api/ai/variants', variantsResponse, body);

export function useWriteVariants() {
  return useMutation({ mutationFn: writeVariants });
}
