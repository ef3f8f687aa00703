import type { AppContext } from '../../context';
import { AiGenerationError } from '../../integrations/ai/ai-provider';
import { AppError } from '../../lib/app-error';

/**
 * A writer call of the AI studio: a writer's failure becomes the user's error (504 when it took too
 * long, 502 otherwise), with the writer's message, which is safe to show; the reason is logged.
 */
export async function askWriter<T>(ctx: Pick<AppContext, 'ai' | 'log'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AiGenerationError)) throw error;
    ctx.log.warn({ err: error, writer: ctx.ai.name, kind: error.kind }, 'AI studio writer call failed');
    throw new AppError(error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_failed', error.message);
  }
}
