/**
 * The sign-in texts the server sends and the browser shows (spec §8). No zod here: the landing
 * page reads them, and its first load stays small.
 */
export const authMessages = {
  accessCodeRefused: 'Invalid access code or account inactive',
  signInRefused: 'Invalid email or password',
  signUpRefused: 'Failed to create account',
  emailTaken: 'An account with this email already exists',
  adminRefused: 'Invalid access code',
  inactive: 'Invalid access code or account inactive',
  accessCodesOff: 'Access codes are not enabled on this server. Sign in with your email and password.',
} as const;
