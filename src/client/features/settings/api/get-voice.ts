import { useQuery } from '@tanstack/react-query';
import { voiceResponse } from '../../../../contracts/ai-voice';
import { apiRequest } from '../../../lib/api-client';

export const voiceQueryKey = ['ai-voice'] as const;

/** GET /api/ai/voice: the published posts the writer learns the brand's voice from. */
export function useVoice() {
  return useQuery({
    queryKey: voiceQueryKey,
    queryFn: () => apiRequest('GET', '/api/ai/voice', voiceResponse),
  });
}
