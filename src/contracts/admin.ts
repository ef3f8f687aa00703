import { z } from 'zod';
import { userRole } from './auth';
import { safeString, userIdParam } from './common';
import { planId, subscriptionStatus } from './plan-schemas';

/**
 * The super-admin portal's user management (spec §2 "Super Admin Portal", §3 "Admin user view",
 * §7 calls). Every route is under /api/admin, behind the server's admin guard.
 */

const email = safeString()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));
const firstName = safeString().trim().min(1, 'First name is required').max(100);
const lastName = safeString().trim().max(100);
/** An editable provider id: empty means none. */
const providerId = safeString()
  .trim()
  .max(255)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** The spec's admin user view, plus the user's workspace and role. */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /**
   * Whether the user may sign in with an access code. The code itself is never shown again after
   * it was issued (the table shows ••••); only a create, edit or regenerate that issued it answers it.
   */
  hasAccessCode: z.boolean(),
  /** The user confirmed their email address (issue 23). */
  emailVerified: z.boolean(),
  /** The user signs in with two-factor. */
  twoFactorEnabled: z.boolean(),
  /** The plan and status of the workspace the user owns (free/active when they own none). */
  subscriptionPlan: planId,
  subscriptionStatus,
  isActive: z.boolean(),
  /** Posts in the user's owned workspace. */
  totalPosts: z.number().int(),
  /** AI credits used by the user's owned workspace (all time). */
  totalCreditsUsed: z.number().int(),
  createdAt: z.string(),
  /** workspaces.billing_customer_id when billing_provider is 'stripe'. */
  stripeCustomerId: z.string().nullable(),
  /** The provider subscription id of the workspace's current subscription row (Stripe only). */
  stripeSubscriptionId: z.string().nullable(),
  /** The workspace the user owns (null: owns none). */
  workspaceId: z.string().nullable(),
  workspaceName: z.string().nullable(),
  role: userRole,
  /** role === 'admin'. */
  isAdmin: z.boolean(),
  /** The built-in operator account (cannot be deleted or deactivated). */
  isSystem: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

/**
 * The answer of a create or an edit: the user, and the access code that call issued (shown this
 * once; the server keeps only a keyed hash), or null when it issued none.
 */
export const adminUserWithCode = adminUser.extend({ accessCode: z.string().nullable() });
export type AdminUserWithCode = z.infer<typeof adminUserWithCode>;

/** POST /api/admin/users/{id}/access-code: a new code (the old one stops working), shown this once. */
export const issuedAccessCode = z.object({ accessCode: z.string() });

/** GET /api/admin/users answers an array (newest first); the total count is in X-Total-Count. */
export const adminUserList = z.array(adminUser);
export const ADMIN_USERS_TOTAL_HEADER = 'x-total-count';
export const ADMIN_USERS_PAGE_SIZE = 100;

/** GET /api/admin/users query. Search matches email or 'first last', case-insensitively. */
export const adminUserListQuery = z.object({
  search: safeString().trim().max(200).optional(),
  status: z.enum(['all', 'active', 'inactive']).optional(),
  /** A plan id, or 'all'. */
  plan: z.union([planId, z.literal('all')]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(ADMIN_USERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuery>;

/** GET /api/admin/stats */
export const adminStats = z.object({
  totalUsers: z.number().int(),
  /** Workspaces (owned by a user) whose subscription status is active or trialing on a paid plan. */
  activeSubscriptions: z.number().int(),
  enterpriseUsers: z.number().int(),
  /** US dollars: the plan table's monthly price summed over paying subscriptions. */
  monthlyRevenue: z.number(),
});
export type AdminStats = z.infer<typeof adminStats>;

/** POST /api/admin/users. Answers 201 with adminUserWithCode; 409 when the email is taken. */
export const createAdminUserBody = z.object({
  email,
  firstName,
  lastName: lastName.optional().default(''),
  /** "Can sign in with an access code": a code is issued and answered once. Off by default. */
  hasAccessCode: z.boolean().default(false),
  subscriptionPlan: planId.default('free'),
  subscriptionStatus: subscriptionStatus.default('active'),
  isActive: z.boolean().default(true),
});
export type CreateAdminUserBody = z.input<typeof createAdminUserBody>;

/**
 * PUT /api/admin/users/{id}: the whole edited user. Extra fields of the view (id, totalPosts,
 * createdAt...) may be sent back as they are; they are ignored. Plan and status are an operator
 * override: audited, and the payment provider is not touched. `hasAccessCode` turned on issues a
 * code (answered once), off takes it away, omitted or unchanged leaves it. Answers adminUserWithCode.
 */
export const updateAdminUserBody = z.object({
  email,
  firstName,
  lastName: lastName.optional().default(''),
  hasAccessCode: z.boolean().optional(),
  subscriptionPlan: planId,
  subscriptionStatus,
  isActive: z.boolean(),
  stripeCustomerId: providerId,
  stripeSubscriptionId: providerId,
});
export type UpdateAdminUserBody = z.input<typeof updateAdminUserBody>;

/** PUT /api/admin/users/{id}/status. Answers the updated adminUser. */
export const adminUserStatusBody = z.object({ isActive: z.boolean() });

export const adminUserParams = z.object({ id: userIdParam() });

/** DELETE /api/admin/users/{id} answers this. */
export const deleteAdminUserResponse = z.object({ success: z.literal(true) });

/** GET /api/admin/audit: newest first. */
export const adminAuditEntry = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  /** The actor's email when the actor still exists. */
  actorEmail: z.string().nullable(),
  /** e.g. 'admin.user_created', 'admin.user_updated', 'admin.user_status_changed', 'admin.user_deleted'. */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target user's email while that user exists (deleted users: see `before`). */
  targetEmail: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const adminAuditList = z.object({ entries: z.array(adminAuditEntry), total: z.number().int() });

/** One try of the mail job to send a message (decision 046). */
export const adminOutboxAttempt = z.object({
  attempt: z.number().int(),
  status: z.enum(['sent', 'failed']),
  /** The mail server's answer or the socket's error; never a password. */
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});

/**
 * GET /api/admin/outbox: every email Kitepost sent or kept, newest first, with its attempts. A
 * secret in a message (an invitation link's token) shows as a placeholder ("[hidden-1]").
 */
export const adminOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part, secrets hidden. */
  text: z.string(),
  /** 'smtp' (sent through SMTP_URL) or 'outbox' (the sandbox: kept here, nothing sent). */
  transport: z.enum(['smtp', 'outbox']),
  /** queued: waiting for (another) try; sent; failed: every try failed; kept: the sandbox's. */
  status: z.enum(['queued', 'sent', 'failed', 'kept']),
  /** The last failed try's error (a queued message with one will be tried again). */
  error: z.string().nullable(),
  attempts: z.array(adminOutboxAttempt),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminOutboxMessage = z.infer<typeof adminOutboxMessage>;

export const adminOutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const adminOutboxList = z.object({ messages: z.array(adminOutboxMessage), total: z.number().int() });
export type AdminOutboxList = z.infer<typeof adminOutboxList>;

/** The server's messages (error bodies' `message`) and the screen's notes. */
export const adminMessages = {
  emailTaken: 'A user with this email already exists',
  accessCodesOff: 'Access codes are not enabled on this server (ACCESS_CODES=off)',
  systemUserCode: 'The built-in operator account cannot have an access code',
  userNotFound: 'User not found',
  lastAdmin: 'The last admin cannot be deleted or deactivated',
  selfDelete: 'You cannot delete your own account',
  selfDeactivate: 'You cannot deactivate your own account',
  systemUser: 'The built-in operator account cannot be deleted or deactivated',
  noWorkspace: 'This user owns no workspace, so it has no plan or billing to change',
  liveSubscription:
    'This user has a live subscription with the payment provider. Cancel or refund it before deleting the user.',
  subscriptionIdTaken: 'This Stripe subscription id belongs to another workspace',
  subscriptionIdRemoval:
    'A Stripe subscription id cannot be removed here; cancel or refund the subscription instead',
  subscriptionNeedsCustomer: 'Linking a Stripe subscription needs a Stripe customer id and a paid plan',
  /** Shown near plan and status in the Edit User dialog. */
  planOverrideNote:
    'Changing plan or status here is an operator override: it is recorded in the audit log and does not change anything at the payment provider.',
  /** Why a deactivated user's scheduled posts went back to draft (posts' reason). */
  postsPausedReason: 'Paused: the account was deactivated by an administrator',
} as const;
