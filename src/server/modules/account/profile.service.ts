import type { z } from 'zod';
import {
  accountMessages,
  type UpdateProfileBody,
  type updateProfileResponse,
} from '../../../contracts/settings';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { conflictOnUniqueViolation } from '../../lib/unique-violation';
import { getUserSettings, upsertUserSettings } from '../settings';
import { findUserByEmail, findUserById, loadSessionUser } from '../users';
import { updateUserProfile } from './account.repository';

type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

/**
 * PUT /api/user/profile: the Profile Information card, saved as a whole. The email is the one
 * better-auth signs in with (it finds the user by users.email, then their password by user id),
 * so a new address works at the next sign-in with the same password.
 */
export async function updateProfile(
  db: Db,
  session: { userId: string; adminAccess: boolean },
  body: UpdateProfileBody,
): Promise<UpdateProfileResponse> {
  const { userId } = session;
  const current = await findUserById(db, userId);
  if (!current) throw new AppError('not_found', 'User not found');
  const emailChanged = body.email !== current.email;
  if (emailChanged) {
    const holder = await findUserByEmail(db, body.email);
    if (holder && holder.id !== userId) throw new AppError('email_taken', accountMessages.emailTaken);
  }
  await conflictOnUniqueViolation(accountMessages.emailTaken, () =>
    db.transaction(async (tx) => {
      await updateUserProfile(tx, userId, {
        firstName: body.firstName,
        lastName: body.lastName,
        name: `${body.firstName} ${body.lastName}`,
        email: body.email,
        // Nobody has confirmed the new address. better-auth links a provider sign-in to an
        // existing user by email only when that user's email is verified: an address someone
        // typed here must not let a provider account with that email into this one.
        emailVerified: emailChanged ? false : current.emailVerified,
      });
      await upsertUserSettings(tx, userId, { company: body.company, phone: body.phone });
    }),
  );
  const [settings, user] = await Promise.all([
    getUserSettings(db, userId),
    loadSessionUser(db, userId, { adminAccess: session.adminAccess }),
  ]);
  if (!user) throw new AppError('not_found', 'User not found');
  return { settings, user, emailChangePending: null };
}
