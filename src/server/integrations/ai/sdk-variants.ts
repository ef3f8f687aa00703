import type { CallOptions, VariantRequest, WrittenVariant } from './ai-provider';
import type { SdkWriter } from './sdk-call';

/** Issue 30 (helper C): one text adapted for each network on an AI SDK model. */
export async function sdkVariants(
  _writer: SdkWriter,
  _input: VariantRequest,
  _options: CallOptions,
): Promise<WrittenVariant[]> {
  throw new Error('not implemented yet: AI SDK variants');
}
