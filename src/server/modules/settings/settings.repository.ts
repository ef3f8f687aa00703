import { eq } from 'drizzle-orm';
import type { UpdateUserSettingsBody } from '../../../contracts/settings';
import type { Db } from '../../db/client';
import { userSettings, users } from '../../db/schema';

export type UserSettingsRow = typeof userSettings.$inferSelect;

export interface UserWithSettings {
  email: string;
  firstName: string;
  lastName: string;
  /** Null: the user never saved settings, so the spec's defaults apply. */
  settings: UserSettingsRow | null;
}

export async function findUserWithSettings(db: Db, userId: string): Promise<UserWithSettings | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      settings: userSettings,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Writes the given preferences; a first save takes the table's defaults for the rest. */
export async function upsertUserSettings(db: Db, userId: string, patch: UpdateUserSettingsBody) {
  const now = new Date();
  await db
    .insert(userSettings)
    .values({ userId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: now } });
}
