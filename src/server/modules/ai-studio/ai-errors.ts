import { AiGenerationError } from '../../integrations/ai/ai-provider';
import { AppError } from '../../lib/app-error';

/** A writer's failure as the user's error (504 on a timeout, else 502); anything else unchanged. */
export function asUserError(error: unknown, log: { warn(details: object, message: string): void }): unknown {
  if (!(error instanceof AiGenerationError)) return error;
  log.warn({ err: error, kind: error.kind }, 'AI studio: the writer failed');
  return new AppError(error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_failed', error.message);
}
