import type { VariantRequest, WrittenVariant } from '../ai-provider';

/** Issue 30 (helper C): the offline platform variants. */
export function variantsOffline(_input: VariantRequest): WrittenVariant[] {
  throw new Error('not implemented yet: offline variants');
}
