/**
 * What the server says in the account-recovery and second-factor flows (issue 23). No zod here:
 * the landing page's sign-in dialog reads them, and its first load stays small.
 */
export const securityMessages = {
  resetRequested:
    'If an account uses that email, we have sent it a link to choose a new password. The link works for 1 hour.',
  resetDone: 'Your password has been changed and every session signed out. Sign in with your new password.',
  resetLinkInvalid: 'This password reset link is not valid. Ask for a new one from the sign-in dialog.',
  resetLinkExpired: 'This password reset link has expired. Ask for a new one from the sign-in dialog.',
  emailVerified: 'Thanks, your email address is confirmed.',
  emailChanged: 'Your email address has been changed and confirmed.',
  verifyLinkInvalid: 'This confirmation link is not valid. Send a new one from the banner in the app.',
  verifyLinkExpired: 'This confirmation link has expired. Send a new one from the banner in the app.',
  verificationSent: 'We have sent a new confirmation link. It works for 24 hours.',
  verificationSandbox:
    'This server sends no email (sandbox): open the confirmation link here. On a server with email, it goes to your inbox.',
  alreadyVerified: 'Your email address is already confirmed.',
  emailChangePending: (to: string) =>
    `We have sent a link to ${to}. Your email address changes once you open it.`,
  unverifiedCannotInvite:
    'Confirm your email address before you invite people. Look for our email, or send a new link.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorWrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  twoFactorExpired: 'The sign-in took too long. Enter your email and password again.',
  twoFactorLocked: 'Too many wrong codes. Wait 15 minutes, or sign in with a backup code.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotStarted: 'Start setting up two-factor authentication first.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  wrongPassword: 'Your password is not correct.',
  accessCodeTwoFactor:
    'This account uses two-factor authentication. Sign in with your email and password, or a passkey.',
  passkeyRefused: 'That passkey was not accepted. Try again, or sign in with your password.',
  passkeyNotFound: 'Passkey not found.',
} as const;
