import type { CallOptions, ReplyRequest } from './ai-provider';
import type { SdkWriter } from './sdk-call';

/** Issue 30 (helper B): three replies to a comment on an AI SDK model. */
export async function sdkReplies(
  _writer: SdkWriter,
  _input: ReplyRequest,
  _options: CallOptions,
): Promise<string[]> {
  throw new Error('not implemented yet: AI SDK replies');
}
