import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type GenerationRequestInput,
  type GenerationResponse,
  generationResponse,
  generationStreamEvent,
  NDJSON,
} from '../../../../contracts/generation';
import type { Post } from '../../../../contracts/posts';
import { ApiError } from '../../../lib/api-client';
import { readNdjson, streamFailure } from '../../../lib/ndjson';
import { creditsQueryKey } from './get-credits';
import { postKeys } from './post-keys';

/** Spec §7: signed in, ideas are saved as drafts and cost credits; signed out, nothing is saved. */
export const GENERATE_URL = '/api/generate-content';
export const GENERATE_USER_URL = '/api/user/generate-content';

export const STREAM_CUT_MESSAGE = 'The answer was cut off before the last idea. Please try again.';

export interface GenerateContentVariables {
  request: GenerationRequestInput;
  signedIn: boolean;
  /** Called with each idea as the writer finishes it, before the whole answer is in. */
  onPost?: (post: Post) => void;
}

/** Reads the NDJSON events: each idea to `onPost`, then the whole answer (or its error). */
function readStream(
  body: ReadableStream<Uint8Array>,
  onPost: ((post: Post) => void) | undefined,
): Promise<GenerationResponse> {
  return readNdjson(
    body,
    (line) => {
      const event = generationStreamEvent.parse(line);
      if (event.type === 'post') {
        onPost?.(event.post);
        return null;
      }
      if (event.type === 'error') throw streamFailure(event.status, event.code, event.message);
      return event.response;
    },
    STREAM_CUT_MESSAGE,
  );
}

/**
 * POST /api/generate-content (signed out) or /api/user/generate-content (signed in), asking for a
 * stream so ideas show up as they are written. A server that answers plain JSON works too.
 */
export async function generateContent({
  request,
  signedIn,
  onPost,
}: GenerateContentVariables): Promise<GenerationResponse> {
  const response = await fetch(signedIn ? GENERATE_USER_URL : GENERATE_URL, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: NDJSON },
    body: JSON.stringify(request),
  });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes(NDJSON) && response.body) return readStream(response.body, onPost);
  const answer = generationResponse.parse(await response.json());
  for (const post of answer.posts) onPost?.(post);
  return answer;
}

export function useGenerateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateContent,
    // Signed in, the ideas cost credits and became drafts: both lists changed.
    onSettled: (_data, _error, variables) => {
      if (!variables.signedIn) return;
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
