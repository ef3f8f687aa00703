import { contentLanguages } from '../../../contracts/content-languages';
import type { Tone } from '../../../contracts/content-options';
import { defaultUserPreferences } from '../../../contracts/settings';

export { contentLanguages } from '../../../contracts/content-languages';

/**
 * The language options with the stored one among them: a value saved some other way (the API
 * takes any name) is shown as it is instead of silently turning into English in the select.
 */
export function languageOptions(stored: string): Array<{ value: string; label: string }> {
  if (contentLanguages.some((language) => language.value === stored)) return [...contentLanguages];
  const label = stored.charAt(0).toUpperCase() + stored.slice(1);
  return [...contentLanguages, { value: stored, label }];
}

/**
 * The tone the Content Generator starts on. The user's own default tone wins once they picked
 * one; left on the spec's default (Professional), the workspace brand kit's tone is used, so a
 * brand set to Casual is not overridden by a default nobody chose. The settings row cannot tell
 * "chose Professional" from "never chose", hence this rule. Undefined while nothing is known.
 */
export function generatorStartTone(personal: Tone | undefined, brandKit: Tone | undefined): Tone | undefined {
  if (personal && personal !== defaultUserPreferences.defaultTone) return personal;
  return brandKit ?? personal;
}
