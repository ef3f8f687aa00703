import { z } from 'zod';
import { tone } from './content-options';

/** The preferences a user edits on Settings (spec §3 settings form, beyond the profile). */
const preferences = {
  company: z.string().trim().max(200),
  phone: z.string().trim().max(40),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  /** Off: the Monday weekly report email is not sent (modules/reports). */
  weeklyReports: z.boolean(),
  profileVisible: z.boolean(),
  analyticsTracking: z.boolean(),
  autoPublish: z.boolean(),
  defaultTone: tone,
  contentLanguage: z.string().trim().min(1).max(40),
};

/** GET and PUT /api/user/settings: the spec's settings form. email and names come from the user. */
export const userSettings = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ...preferences,
});
export type UserSettings = z.infer<typeof userSettings>;

export type UserPreferences = Omit<UserSettings, 'email' | 'firstName' | 'lastName'>;

/** What a user who never saved their settings has (spec §3; the same as user_settings' defaults). */
export const defaultUserPreferences: UserPreferences = {
  company: '',
  phone: '',
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  weeklyReports: true,
  profileVisible: true,
  analyticsTracking: true,
  autoPublish: false,
  defaultTone: 'professional',
  contentLanguage: 'english',
};

export const settingsMessages = {
  nothingToUpdate: 'Nothing to update',
  /** Spec §8 success toast. */
  notificationsUpdated: {
    title: 'Notifications Updated',
    description: 'Your notification preferences have been saved.',
  },
  notificationsNotSaved: {
    title: 'Notifications Not Saved',
    description: 'Your notification preferences could not be saved. Please try again.',
  },
} as const;

/**
 * PUT /api/user/settings: only the preferences given change; the profile (email, names) is not
 * edited here. Unknown keys are refused so a typo never passes as a silent no-op.
 */
export const updateUserSettingsBody = z
  .strictObject(preferences)
  .partial()
  .refine((body) => Object.keys(body).length > 0, {
    message: settingsMessages.nothingToUpdate,
    // An unknown key is the one issue to report; { typo: 1 } is not "nothing to update".
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateUserSettingsBody = z.infer<typeof updateUserSettingsBody>;
