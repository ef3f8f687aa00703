import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hitRateLimit, refundRateLimitHit } from './rate-limits.repository';

export interface RateRule {
  /** Names the counter, e.g. 'signin'. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Once over max, refused this long (default: until the window ends). */
  lockoutSeconds?: number;
  /** The 429's message; default 'Too many attempts. Try again in N seconds.' */
  message?: (retryAfterSeconds: number) => string;
}

/**
 * The limits on every sign-in path (architecture §6) and public forms. Counted per client address
 * unless said otherwise. Sign-in limits count failures only: every attempt is counted before it
 * runs (so parallel attempts cannot slip past the limit) and a success gives its hit back.
 * Checked for the same mistake (2026-11-27): signUp, newsletter, the generations, billingSetup
 * and invitationLookup count every call on purpose (each success costs or creates something).
 */
export const rateRules = {
  /** Failed passwords per address. */
  signIn: { name: 'signin', max: 10, windowSeconds: 60 },
  /** Failed passwords per email, whatever the address (the owner is told by email). */
  signInAccount: {
    name: 'signin-account',
    max: 10,
    windowSeconds: 15 * 60,
    message: (seconds) =>
      `Too many failed sign-ins for this account. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  },
  signUp: { name: 'signup', max: 5, windowSeconds: 60 },
  /** Sign-ups answered "this email is taken", per address: how fast addresses can be probed. */
  signUpTaken: { name: 'signup-taken', max: 10, windowSeconds: 60 * 60 },
  /** Failed access codes per address. */
  accessCode: { name: 'access-code', max: 10, windowSeconds: 60 },
  /** Failed access codes from all addresses together: distributed guessing cannot scale. */
  accessCodeGlobal: {
    name: 'access-code-all',
    max: 50,
    windowSeconds: 60,
    lockoutSeconds: 5 * 60,
    message: (seconds) =>
      `Access code sign-in is paused for ${Math.ceil(seconds / 60)} minutes after too many failed attempts. Sign in with your email and password, or try again later.`,
  },
  /** Failed admin codes per address. */
  adminCode: { name: 'admin-code', max: 5, windowSeconds: 300 },
  newsletter: { name: 'newsletter', max: 5, windowSeconds: 600 },
  /** A visitor's generations cost real money on a real AI provider: few, per address. */
  publicGeneration: { name: 'generate-public', max: 5, windowSeconds: 3600 },
  /** Per user: credits bound a plan's use, but Enterprise has no bound. */
  generation: { name: 'generate', max: 30, windowSeconds: 600 },
  /** Per user: composer rewrites and reply suggestions cost no credits but real AI calls. */
  aiAssist: { name: 'ai-assist', max: 60, windowSeconds: 600 },
  /** Per user: each AI image is a slow, costly call (the image allowance bounds the month). */
  aiImage: { name: 'ai-image', max: 20, windowSeconds: 600 },
  /** Per workspace: each set-up may create objects at the payment provider. */
  billingSetup: { name: 'billing-setup', max: 20, windowSeconds: 600 },
  /** The public invite page (per address) and accepting (per user): nobody probes for a link. */
  invitationLookup: { name: 'invitation-lookup', max: 30, windowSeconds: 60 },
  /** Invitations sent, per workspace and per inviter: each send is an email to any address. */
  invitationsPerWorkspace: { name: 'invitations-workspace', max: 20, windowSeconds: 3600 },
  invitationsPerInviter: { name: 'invitations-inviter', max: 20, windowSeconds: 3600 },
  /** Password-reset requests: per address, and per email so nobody floods one inbox (issue 23). */
  passwordResetRequest: { name: 'password-reset-request', max: 10, windowSeconds: 3600 },
  passwordResetEmail: {
    name: 'password-reset-email',
    max: 3,
    windowSeconds: 3600,
    message: (seconds) =>
      `Too many reset links were asked for this address. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  },
  /** Reset tokens tried, per address: 24 random characters are not guessed, but never fast. */
  passwordResetAttempt: { name: 'password-reset-attempt', max: 20, windowSeconds: 15 * 60 },
  /** Confirmation links opened, per address; new links asked for, per user. */
  emailVerificationAttempt: { name: 'email-verification-attempt', max: 30, windowSeconds: 15 * 60 },
  emailVerificationResend: {
    name: 'email-verification-resend',
    max: 3,
    windowSeconds: 3600,
    message: (seconds) => `We already sent several links. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  },
  /**
   * Two-factor codes per address at sign-in (better-auth also ends a challenge after 5 wrong codes
   * and locks the account's codes for 15 minutes after 10), and per user in Settings.
   */
  twoFactorSignIn: { name: 'two-factor-signin', max: 10, windowSeconds: 60 },
  twoFactorSettings: { name: 'two-factor-settings', max: 10, windowSeconds: 15 * 60 },
  /** Email changes asked for, per user: each mails a link to an address they typed. */
  emailChange: { name: 'email-change', max: 5, windowSeconds: 3600 },
  /** Passkey sign-ins per address (the ceremony is cheap to start, its check is not). */
  passkeySignIn: { name: 'passkey-signin', max: 20, windowSeconds: 60 },
  /** Resumable uploads started, per user: each reserves up to 1 GB of disk until it expires. */
  uploadCreation: { name: 'upload-create', max: 120, windowSeconds: 3600 },
  /**
   * Requests on started uploads (resume checks, chunks), per user: a client on a flaky line
   * retries, but not thousands of times a minute.
   */
  uploadRequests: { name: 'upload-requests', max: 1200, windowSeconds: 600 },
  /** Link previews per user: each may make the server fetch a page (the composer asks as one types). */
  linkPreview: { name: 'link-preview', max: 60, windowSeconds: 60 },
  /** App-password sign-ins to a network (Bluesky) per user: a password guessed through us is slow. */
  appPasswordSignIn: { name: 'app-password-signin', max: 10, windowSeconds: 15 * 60 },
  /**
   * Calendar subscription fetches per address (the secret in the URL is the credential): calendar
   * apps fetch every few minutes to hours; nobody walks the address space.
   */
  calendarFeed: { name: 'calendar-feed', max: 60, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

/** The one global subject (rules counted across every address). */
export const EVERYONE = 'all';

/** A counted hit; `refund` gives it back when the attempt succeeded. */
export interface CountedHit {
  refund(): Promise<void>;
}

export interface EnforceOptions {
  /** Runs once per lockout: on the first hit over the limit, before the 429 is thrown. */
  onLockout?: () => Promise<void>;
}

/** Counts a hit and throws a 429 AppError (with Retry-After) once the window is full. */
export async function enforceRateLimit(
  db: Db,
  rule: RateRule,
  subject: string,
  options: EnforceOptions = {},
): Promise<CountedHit> {
  const key = `${rule.name}:${subject}`;
  const lockout = rule.lockoutSeconds ? { max: rule.max, lockoutSeconds: rule.lockoutSeconds } : null;
  const { count, windowStartedAt } = await hitRateLimit(db, key, rule.windowSeconds, lockout);
  if (count > rule.max) {
    if (count === rule.max + 1 && options.onLockout) await options.onLockout();
    const resetsAt = windowStartedAt.getTime() + rule.windowSeconds * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000));
    const message =
      rule.message?.(retryAfterSeconds) ?? `Too many attempts. Try again in ${retryAfterSeconds} seconds.`;
    throw new AppError('rate_limited', message, { retryAfterSeconds });
  }
  return { refund: () => refundRateLimitHit(db, key, windowStartedAt) };
}
