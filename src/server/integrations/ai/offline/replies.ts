import type { ReplyRequest } from '../ai-provider';

/** Issue 30 (helper B): the offline reply suggestions. */
export function repliesOffline(_input: ReplyRequest): string[] {
  throw new Error('not implemented yet: offline replies');
}
