import type { RewriteRequest, RewriteResult } from '../ai-provider';

/** Issue 30 (helper B): the offline composer's actions, deterministic, English only. */
export function rewriteOffline(_input: RewriteRequest): RewriteResult {
  throw new Error('not implemented yet: offline rewrite');
}
