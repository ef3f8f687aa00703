import {
  defaultUserPreferences,
  type UpdateUserSettingsBody,
  type UserSettings,
} from '../../../contracts/settings';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findUserWithSettings, upsertUserSettings } from './settings.repository';

/** The caller's settings form: their profile, and their preferences or the defaults. */
export async function getUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const found = await findUserWithSettings(db, userId);
  if (!found) throw new AppError('not_found', 'User not found');
  const { email, firstName, lastName, settings } = found;
  const preferences = settings
    ? {
        company: settings.company,
        phone: settings.phone,
        emailNotifications: settings.emailNotifications,
        pushNotifications: settings.pushNotifications,
        marketingEmails: settings.marketingEmails,
        weeklyReports: settings.weeklyReports,
        profileVisible: settings.profileVisible,
        analyticsTracking: settings.analyticsTracking,
        autoPublish: settings.autoPublish,
        defaultTone: settings.defaultTone,
        contentLanguage: settings.contentLanguage,
      }
    : defaultUserPreferences;
  return { email, firstName, lastName, ...preferences };
}

/** Saves the given preferences (the others keep their value) and answers the whole form. */
export async function updateUserSettings(
  db: Db,
  userId: string,
  patch: UpdateUserSettingsBody,
): Promise<UserSettings> {
  return db.transaction(async (tx) => {
    await upsertUserSettings(tx, userId, patch);
    return getUserSettings(tx, userId);
  });
}
