import { z } from 'zod';
import { safeString } from './common';
import { planId, subscriptionStatus } from './plan-schemas';

export const ACCESS_CODE_LENGTH = 4;

const email = safeString()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));
const name = safeString().trim().min(1, 'Required').max(100);

export const signUpBody = z.object({
  email,
  password: safeString().min(8, 'Password must be at least 8 characters').max(128),
  firstName: name,
  lastName: name,
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.object({
  email,
  password: safeString().min(1, 'Required').max(128),
});
export type SignInBody = z.infer<typeof signInBody>;

export const accessCodeBody = z.object({
  accessCode: safeString().trim().min(1, 'Required').max(ACCESS_CODE_LENGTH),
});
export type AccessCodeBody = z.infer<typeof accessCodeBody>;

/**
 * GET /api/auth/methods: which ways in this server offers (ACCESS_CODES; passkeys need APP_URL on
 * a domain name, not an IP address).
 */
export const authMethods = z.object({ accessCodes: z.boolean(), passkeys: z.boolean() });
export type AuthMethods = z.infer<typeof authMethods>;

export const workspaceRole = z.enum(['owner', 'admin', 'editor', 'approver', 'viewer']);
export type WorkspaceRole = z.infer<typeof workspaceRole>;

export const userRole = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRole>;

/** The signed-in user as the server reports it; the browser mirrors it in session storage. */
export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** IANA zone chosen by the user; null: show times in the browser's zone. */
  timezone: z.string().nullable(),
  role: userRole,
  /** The user opened the link we emailed to their address (issue 23); until then a banner asks. */
  emailVerified: z.boolean(),
  /** Sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean(),
  /** True when this session may use the super-admin portal. */
  isAdmin: z.boolean(),
  /** The active workspace's plan and status (spec: subscriptionPlan, subscriptionStatus). */
  subscriptionPlan: planId,
  subscriptionStatus,
  /** What the plan badge says: the plan's name, or 'Enterprise+' for a super user. */
  tierLabel: z.string(),
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    role: workspaceRole,
    plan: planId,
    subscriptionStatus,
    trialEndsAt: z.string().nullable(),
    /** Editors' posts wait for an approver before they are scheduled (team settings). */
    requireApproval: z.boolean(),
    /** Every member must sign in with two-factor; a member without it is asked to set it up. */
    requireTwoFactor: z.boolean(),
  }),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Answer of the three login calls (spec §3, "Login responses read as {success, user, message}"). */
export const loginResponse = z.object({
  success: z.boolean(),
  user: sessionUser.nullable(),
  message: z.string(),
  /** The password was right; POST /api/auth/two-factor with a code completes the sign-in. */
  twoFactorRequired: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** The operator's code comes from configuration and may be longer than a user's 4 characters. */
export const adminAccessBody = z.object({ accessCode: safeString().min(1, 'Required').max(128) });
export const adminAccessResponse = z.object({ success: z.boolean(), message: z.string() });
export type AdminAccessResponse = z.infer<typeof adminAccessResponse>;

export const adminSessionResponse = z.object({ isAdmin: z.literal(true), userId: z.string() });

export const logoutResponse = z.object({ success: z.literal(true) });

/** Default messages of the spec's error catalogue (§8). */
export { authMessages } from './auth-messages';
