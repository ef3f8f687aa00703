import { createHash, randomBytes } from 'node:crypto';
import { describeUserAgent } from '../../../contracts/user-agent';
import type { AppContext } from '../../context';
import { readCookie } from '../../integrations/identity/better-auth';
import type { Caller } from '../../lib/caller';
import { findUserById } from '../users';
import { composeNewDeviceEmail } from './account-emails';
import { recordKnownDevice } from './known-devices.repository';
import { formatMomentFor } from './moment';

/**
 * A browser is known by a random id in a long-lived cookie of its own (not the session's, which
 * ends at sign-out): a sign-in from a browser without a known id sends the account's owner an
 * email (issue 23, decision 056). Only its SHA-256 is stored.
 */
export const DEVICE_COOKIE = 'kitepost_device';
/** 400 days: the longest a browser keeps a cookie (Chrome caps Max-Age there). */
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

type DeviceContext = Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>;

/**
 * After any successful sign-in: remembers this browser for the user and emails them when it is
 * new for the account (not on the account's very first browser: that is the one it was made
 * with). Answers the Set-Cookie line that gives the browser its id when it had none. The email
 * failing never fails the sign-in.
 */
export async function noteSignIn(ctx: DeviceContext, caller: Caller, userId: string): Promise<string[]> {
  const given = readCookie(caller.headers.get('cookie') ?? undefined, DEVICE_COOKIE);
  const deviceId = given && DEVICE_ID.test(given) ? given : randomBytes(32).toString('base64url');
  const userAgent = caller.headers.get('user-agent');
  const { isNew, hadOthers } = await recordKnownDevice(ctx.database.db, {
    userId,
    deviceHash: createHash('sha256').update(deviceId).digest('hex'),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  if (isNew && hadOthers) {
    try {
      await sendNewDeviceEmail(ctx, caller, userId, userAgent);
    } catch (error) {
      ctx.log.warn({ err: error, userId }, 'new-device email not sent');
    }
  }
  if (given === deviceId) return [];
  const secure = ctx.config.isProduction ? '; Secure' : '';
  return [
    `${DEVICE_COOKIE}=${deviceId}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`,
  ];
}

async function sendNewDeviceEmail(
  ctx: DeviceContext,
  caller: Caller,
  userId: string,
  userAgent: string | null,
) {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) return;
  const message = await composeNewDeviceEmail({
    to: user.email,
    firstName: user.firstName,
    when: formatMomentFor(new Date(), user.timezone),
    device: describeUserAgent(userAgent).label,
    // No location database ships with Kitepost: the address alone (issue 23 allows it).
    place: null,
    ipAddress: caller.ip,
    sessionsUrl: `${ctx.config.appUrl}/settings#privacy-security`,
  });
  await ctx.mail.send(message);
}
