import { useMutation } from '@tanstack/react-query';
import {
  type AiPlan,
  type AiPlanItem,
  aiPlan,
  type PlanBodyInput,
  planStreamEvent,
} from '../../../../contracts/ai-plan';
import { NDJSON } from '../../../../contracts/generation';
import { ApiError } from '../../../lib/api-client';
import { readNdjson, streamFailure } from '../../../lib/ndjson';

export const PLAN_CUT_MESSAGE =
  'The answer was cut off before the plan was finished. The posts written so far are kept: open the plan again.';

export interface PlanMonthVariables {
  body: PlanBodyInput;
  /** Each post as it is written, before the whole plan is in. */
  onItem?: (item: AiPlanItem) => void;
  /** After each batch: how many of the planned posts are written. */
  onProgress?: (written: number, total: number) => void;
}

/**
 * POST /api/ai/plan, streamed (decision 009): the plan is written in batches, so the progress bar
 * and the preview fill as it goes. A server that answers plain JSON works too.
 */
export async function planMonth({ body, onItem, onProgress }: PlanMonthVariables): Promise<AiPlan> {
  const response = await fetch('/api/ai/plan', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: NDJSON },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes(NDJSON) || !response.body) return aiPlan.parse(await response.json());
  return readNdjson(
    response.body,
    (line) => {
      const event = planStreamEvent.parse(line);
      if (event.type === 'item') onItem?.(event.item);
      else if (event.type === 'progress') onProgress?.(event.written, event.total);
      else if (event.type === 'error') throw streamFailure(event.status, event.code, event.message);
      else return event.plan;
      return null;
    },
    PLAN_CUT_MESSAGE,
  );
}

export function usePlanMonth() {
  return useMutation({ mutationFn: planMonth });
}
