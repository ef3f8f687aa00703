import type { PlatformVariant } from '../../../contracts/ai-plan';
import type { PublishingPlatform } from '../../../contracts/platforms';

/** A chosen composer target: its key (the composer's TargetKey), network and name. */
export interface VariantTarget {
  key: string;
  platform: PublishingPlatform;
  /** 'X · @kitepost': how the panel names it. */
  label: string;
}

/** One target's own text, sent as the compose call's `targets[].content/hashtags/thread`. */
export interface TargetText {
  content: string;
  hashtags: string[];
  /** X's thread when the text was split; empty otherwise. */
  thread: string[];
}

/** Every target gets its network's variant (two accounts on one network share it). */
export function overridesFrom(
  targets: VariantTarget[],
  variants: PlatformVariant[],
): Partial<Record<string, TargetText>> {
  const byPlatform = new Map(variants.map((variant) => [variant.platform, variant]));
  const overrides: Partial<Record<string, TargetText>> = {};
  for (const target of targets) {
    const variant = byPlatform.get(target.platform);
    if (variant) {
      overrides[target.key] = {
        content: variant.content,
        hashtags: variant.hashtags,
        thread: variant.thread,
      };
    }
  }
  return overrides;
}
