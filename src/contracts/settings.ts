import { z } from 'zod';
import { sessionUser } from './auth';
import { safeString } from './common';
import { tone } from './content-options';

/** The preferences a user edits on Settings (spec §3 settings form, beyond the profile). */
const preferences = {
  company: safeString().trim().max(200),
  phone: safeString().trim().max(40),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  /** Off: the Monday weekly report email is not sent (modules/reports). */
  weeklyReports: z.boolean(),
  profileVisible: z.boolean(),
  analyticsTracking: z.boolean(),
  autoPublish: z.boolean(),
  defaultTone: tone,
  contentLanguage: safeString().trim().min(1).max(40),
};

/**
 * GET and PUT /api/user/settings: the spec's settings form. email and names come from the user.
 * The text is answered as stored, without the input limits (a row saved under other limits).
 */
export const userSettings = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ...preferences,
  company: z.string(),
  phone: z.string(),
  contentLanguage: z.string(),
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

// --- Profile, privacy and security, danger zone -------------------------------------------

const personName = safeString().trim().min(1, 'Required').max(100);

/** PUT /api/user/profile: the spec's Profile Information card, saved as a whole. */
export const updateProfileBody = z.object({
  firstName: personName,
  lastName: personName,
  email: safeString()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Enter a valid email address' })),
  company: preferences.company,
  phone: preferences.phone.regex(/^[+\d\s().-]*$/, 'Use digits, spaces and + ( ) - only'),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The saved settings and the session user as it now is (the browser mirrors the latter). */
export const updateProfileResponse = z.object({
  settings: userSettings,
  user: sessionUser,
  /** A new email address waits for its owner to open the link we sent it; null: none. */
  emailChangePending: z.string().nullable(),
});

/** POST /api/user/password. */
export const changePasswordBody = z.object({
  currentPassword: safeString().min(1, 'Required').max(128),
  newPassword: safeString().min(8, 'Password must be at least 8 characters').max(128),
  /**
   * Ends every other session of the user once the password has changed: on unless the caller
   * says false (a changed password usually means the old one may be known elsewhere).
   */
  signOutOtherSessions: z.boolean().default(true),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const userSessionEntry = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
});
/** GET /api/user/sessions: where the user is signed in. */
export const userSessionList = z.object({
  sessions: z.array(userSessionEntry),
  /** False for a user who signs in only through a provider: there is no password to change. */
  hasPassword: z.boolean(),
  /** True once the user's account is linked to the single sign-on provider (OIDC). */
  hasSingleSignOn: z.boolean(),
});
export type UserSessionList = z.infer<typeof userSessionList>;
/** POST /api/user/single-sign-on/link: where the browser goes to link its provider account. */
export const singleSignOnLinkResponse = z.object({ url: z.url() });

/** What `/settings?sso=...&error=...` (the link's way back) means to the person. */
export const singleSignOnLinkMessages = {
  linked: 'Single sign-on is linked: you can now sign in with your identity provider.',
  email_does_not_match:
    'Your identity provider account has a different email. Link an account with the email you use here.',
  unable_to_link_account:
    'Your identity provider did not confirm that this email is verified, so single sign-on was not linked.',
  account_already_linked_to_different_user:
    'That identity provider account is already linked to another Kitepost user.',
  fallback: 'Single sign-on was not linked. Please try again.',
} as const;

/** POST /api/user/sessions/revoke-others. */
export const revokeOtherSessionsResponse = z.object({ signedOut: z.number().int() });

/** DELETE /api/user/account: typed email confirms. */
export const deleteAccountBody = z.object({
  confirmEmail: safeString().trim().toLowerCase().min(1, 'Type your email address to confirm'),
});

export const accountMessages = {
  profileUpdated: { title: 'Profile Updated', description: 'Your profile information has been saved.' },
  emailTaken: 'Another account already uses that email address.',
  passwordChanged: 'Password Changed',
  wrongPassword: 'Your current password is not correct.',
  noPassword: 'You sign in through a provider, so there is no password to change here.',
  confirmEmailMismatch: 'Type your own email address to confirm.',
  /** Spec §8: the Delete Account toast when deletion cannot be self-served. */
  deletionUnavailable: {
    title: 'Account Deletion',
    description: 'Please contact support to delete your account.',
  },
  accountDeleted: 'Account Deleted',
} as const;
