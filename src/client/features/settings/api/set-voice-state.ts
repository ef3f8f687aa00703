import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type VoiceState, voiceResponse } from '../../../../contracts/ai-voice';
import { apiRequest } from '../../../lib/api-client';
import { voiceQueryKey } from './get-voice';

/** PUT /api/ai/voice/:postId: pin a post, exclude it, or give it back to the automatic pick. */
export function setVoiceState({ postId, state }: { postId: string; state: VoiceState }) {
  return apiRequest('PUT', `/api/ai/voice/${encodeURIComponent(postId)}`, voiceResponse, { state });
}

export function useSetVoiceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVoiceState,
    // The answer is the list as it is now.
    onSuccess: (voice) => queryClient.setQueryData(voiceQueryKey, voice),
  });
}
