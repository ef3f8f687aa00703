import {
  type RewriteBody,
  type RewriteResultBody,
  rewriteResult,
  rewriteStreamEvent,
} from '../../../../contracts/ai-rewrite';
import { NDJSON } from '../../../../contracts/generation';
import { ApiError } from '../../../lib/api-client';
import { readNdjson, streamFailure } from '../../../lib/ndjson';

export const REWRITE_CUT_MESSAGE = 'The answer was cut off before the end. Your text was left as it was.';

export interface RewriteVariables {
  body: Omit<RewriteBody, 'hashtags'> & { hashtags?: string[] };
  /** Each piece of text as the writer writes it. */
  onText?: (delta: string) => void;
  /** The first answer failed the quality gate: what was shown is thrown away, a second one comes. */
  onRetry?: (reason: string) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/ai/rewrite, asking for a stream so the text appears as it is written (decision 009).
 * A server that answers plain JSON works too.
 */
export async function rewriteText({
  body,
  onText,
  onRetry,
  signal,
}: RewriteVariables): Promise<RewriteResultBody> {
  const response = await fetch('/api/ai/rewrite', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: NDJSON },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes(NDJSON) || !response.body) return rewriteResult.parse(await response.json());
  return readNdjson(
    response.body,
    (line) => {
      const event = rewriteStreamEvent.parse(line);
      if (event.type === 'text') onText?.(event.delta);
      else if (event.type === 'retry') onRetry?.(event.reason);
      else if (event.type === 'error') throw streamFailure(event.status, event.code, event.message);
      else return event.result;
      return null;
    },
    REWRITE_CUT_MESSAGE,
  );
}
