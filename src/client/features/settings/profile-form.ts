import type { UpdateProfileBody, UserSettings } from '../../../contracts/settings';

/** The Profile Information form: what the user types, before the contract trims and lowercases. */
export type ProfileValues = Record<keyof UpdateProfileBody, string>;
export type ProfileField = keyof ProfileValues;

export const profileFields: readonly ProfileField[] = ['firstName', 'lastName', 'email', 'company', 'phone'];

export function profileValuesOf(settings: UserSettings): ProfileValues {
  return {
    firstName: settings.firstName,
    lastName: settings.lastName,
    email: settings.email,
    company: settings.company,
    phone: settings.phone,
  };
}

/** What the server would store for a typed value: the contract trims, and lowercases the email. */
function normalized(field: ProfileField, value: string): string {
  const trimmed = value.trim();
  return field === 'email' ? trimmed.toLowerCase() : trimmed;
}

/**
 * The fields whose saved value would change. A space added at the end or an email typed in
 * capitals is no change: saving it would store the same thing, so Save stays off.
 */
export function changedProfileFields(saved: ProfileValues, values: ProfileValues): ProfileField[] {
  return profileFields.filter(
    (field) => normalized(field, saved[field]) !== normalized(field, values[field]),
  );
}
