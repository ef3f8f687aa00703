import { z } from 'zod';
import { safeString } from './common';

/**
 * Account recovery and second factors (issue 23, decision 056): password reset, email
 * verification, two-factor sign-in with an authenticator app, passkeys. better-auth does the
 * work; these are our routes' shapes.
 */

const email = safeString()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

/** The same rule as sign-up's password (better-auth's minPasswordLength and maxPasswordLength). */
export const newPassword = safeString().min(8, 'Password must be at least 8 characters').max(128);

/** A token from an emailed link: better-auth's are 24 characters (reset) or a JWT (verification). */
const linkToken = safeString().trim().min(1, 'This link is not complete.').max(2000);

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/auth/reset-password. */
export const resetPasswordBody = z.object({ token: linkToken, newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/verify-email: the token of the link the verification email carries. */
export const verifyEmailBody = z.object({ token: linkToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** The answer of forgot-password, reset-password, verify-email and its resend. */
export const securityNotice = z.object({ success: z.literal(true), message: z.string() });
export type SecurityNotice = z.infer<typeof securityNotice>;

/**
 * POST /api/auth/verify-email/resend. On a server that sends no email (the outbox sandbox, no
 * SMTP_URL) `confirmUrl` is the link itself, shown to its owner as invitation links are: nobody
 * could confirm otherwise (decision 056).
 */
export const verificationResendResponse = securityNotice.extend({ confirmUrl: z.string().optional() });

/** A 6-digit code from an authenticator app. */
export const totpCode = safeString()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** POST /api/user/two-factor/enable and /backup-codes: the password confirms it is the owner. */
export const twoFactorPasswordBody = z.object({ password: safeString().min(1, 'Required').max(128) });
export type TwoFactorPasswordBody = z.infer<typeof twoFactorPasswordBody>;

/**
 * POST /api/user/two-factor/enable: the secret to scan (an otpauth:// URI, shown as a QR code
 * drawn in the browser) and 10 one-time backup codes, shown once. Two-factor is not on yet.
 */
export const enableTwoFactorResponse = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** POST /api/user/two-factor/verify: the first code from the app turns two-factor on. */
export const verifyTwoFactorBody = z.object({ code: totpCode });
export type VerifyTwoFactorBody = z.infer<typeof verifyTwoFactorBody>;

/** POST /api/user/two-factor/disable: the password and a current code (or a backup code). */
export const disableTwoFactorBody = z.object({
  password: safeString().min(1, 'Required').max(128),
  code: safeString().trim().min(6, 'Enter a code').max(20),
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBody>;

/** The user's two-factor state (answers of verify and disable; part of GET /api/user/security). */
export const twoFactorStatus = z.object({ twoFactorEnabled: z.boolean() });

/** POST /api/user/two-factor/backup-codes: a new set of 10; the old ones stop working. */
export const backupCodesResponse = z.object({ backupCodes: z.array(z.string()) });

/**
 * POST /api/auth/two-factor: completes a password sign-in that answered `twoFactorRequired`.
 * `code` is the app's 6 digits or one of the backup codes; `trustDevice` skips the code on this
 * browser for 30 days.
 */
export const twoFactorSignInBody = z.object({
  code: safeString().trim().min(6, 'Enter the code from your authenticator app').max(20),
  trustDevice: z.boolean().optional(),
});
export type TwoFactorSignInBody = z.infer<typeof twoFactorSignInBody>;

/** One passkey as Settings lists it. */
export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().nullable(),
  /** 'multiDevice': synced (e.g. iCloud Keychain, Google Password Manager); 'singleDevice': a security key. */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const passkeyName = safeString().trim().min(1, 'Give the passkey a name').max(60);

/**
 * WebAuthn options and responses are JSON produced and read by @simplewebauthn (browser and
 * server); they pass through as objects, bounded in size by the body limit.
 */
const webAuthnJson = z.record(z.string(), z.unknown());

/** POST /api/user/passkeys: the browser's answer to the registration options, and a name. */
export const registerPasskeyBody = z.object({ response: webAuthnJson, name: passkeyName.optional() });
export const renamePasskeyBody = z.object({ name: passkeyName });
export const passkeyList = z.object({ passkeys: z.array(passkeySummary) });

/** POST /api/auth/passkey: the browser's signed answer to the authentication options. */
export const passkeySignInBody = z.object({ response: webAuthnJson });

/** The options either ceremony starts with (PublicKeyCredential*OptionsJSON). */
export const webAuthnOptions = webAuthnJson;

/** GET /api/user/security: what Settings › Privacy & Security shows beyond the sessions. */
export const accountSecurity = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** The active workspace asks every member for two-factor sign-in. */
  twoFactorRequiredByWorkspace: z.boolean(),
  passkeys: z.array(passkeySummary),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;

/** The texts of these flows (no zod: the sign-in dialog reads some on the landing page). */
export { securityMessages } from './security-messages';
