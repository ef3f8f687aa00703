import { isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import {
  accountMessages,
  type UpdateProfileBody,
  type updateProfileResponse,
} from '../../../contracts/settings';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { getUserSettings, upsertUserSettings } from '../settings';
import { findUserByEmail, findUserById, loadSessionUser } from '../users';
import { updateUserProfile } from './account.repository';

type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

/**
 * PUT /api/user/profile: the Profile Information card, saved as a whole. A new email address is
 * not switched to here: better-auth's change-email sends a link to it, and the address changes
 * once its owner opens the link (POST /api/auth/verify-email). Until then sign-in keeps the old one.
 */
export async function updateProfile(
  ctx: Pick<AppContext, 'database' | 'identity'>,
  caller: Caller,
  session: { userId: string; adminAccess: boolean },
  body: UpdateProfileBody,
): Promise<UpdateProfileResponse> {
  const db = ctx.database.db;
  const { userId } = session;
  const current = await findUserById(db, userId);
  if (!current) throw new AppError('not_found', 'User not found');
  const emailChanged = body.email !== current.email;
  if (emailChanged) {
    const holder = await findUserByEmail(db, body.email);
    if (holder && holder.id !== userId) throw new AppError('email_taken', accountMessages.emailTaken);
    // Each change mails a link to an address the caller typed: bounded per user.
    await enforceRateLimit(db, rateRules.emailChange, userId);
  }
  await db.transaction(async (tx) => {
    await updateUserProfile(tx, userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      name: `${body.firstName} ${body.lastName}`,
    });
    await upsertUserSettings(tx, userId, { company: body.company, phone: body.phone });
  });
  if (emailChanged) {
    try {
      await ctx.identity.api.changeEmail({ body: { newEmail: body.email }, headers: caller.headers });
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) throw new AppError('bad_request', error.message);
      throw error;
    }
  }
  const [settings, user] = await Promise.all([
    getUserSettings(db, userId),
    loadSessionUser(db, userId, { adminAccess: session.adminAccess }),
  ]);
  if (!user) throw new AppError('not_found', 'User not found');
  return { settings, user, emailChangePending: emailChanged ? body.email : null };
}
