import type { RewriteOptions, RewriteRequest, RewriteResult } from './ai-provider';
import type { SdkWriter } from './sdk-call';

/** Issue 30 (helper B): a composer action on an AI SDK model, streamed. */
export async function sdkRewrite(
  _writer: SdkWriter,
  _input: RewriteRequest,
  _options: RewriteOptions,
): Promise<RewriteResult> {
  throw new Error('not implemented yet: AI SDK rewrite');
}
