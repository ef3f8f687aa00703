import { z } from 'zod';
import { sessionUser, type WorkspaceRole, workspaceRole } from './auth';
import { safeString, userIdParam } from './common';
import { planId } from './plan-schemas';

/*
 * Team collaboration: workspaces, members and their roles, invitations, and the approval
 * workflow. The permission table below is the one the server enforces on every route
 * (server/plugins/permissions.ts) and the one the UI reads to hide what a role cannot do.
 */

export const workspaceRoles = workspaceRole.options;

export const roleLabels: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  approver: 'Approver',
  viewer: 'Viewer',
};

/** One line per role, shown where a role is chosen. */
export const roleDescriptions: Record<WorkspaceRole, string> = {
  owner: 'Everything, including billing, transferring ownership and deleting the workspace.',
  admin: 'Everything but ownership: manages members, accounts, billing and the brand kit.',
  editor: 'Writes, edits and schedules posts. With approvals on, their posts wait for an approver.',
  approver: 'Reviews posts: approves them or asks for changes, and comments.',
  viewer: 'Sees posts, the calendar and analytics; changes nothing.',
};

export const permissions = [
  /** See the workspace: posts, calendar, analytics, team, activity. */
  'workspace.read',
  /** Create, edit, schedule, cancel, retry and delete posts; generate content; upload media. */
  'posts.write',
  /** Approve posts or request changes. */
  'posts.approve',
  /** Comment on posts. */
  'posts.comment',
  /** Connect and disconnect social accounts. */
  'accounts.manage',
  /** Edit the brand kit. */
  'brand.manage',
  /** Subscribe, change or cancel the plan. */
  'billing.manage',
  /** Invite, change roles, remove members; the approval setting. */
  'team.manage',
  /** Transfer ownership, delete the workspace. */
  'workspace.own',
  /** Create and revoke API keys; add, change and remove webhooks (issue 26). */
  'api.manage',
] as const;
export type Permission = (typeof permissions)[number];

const everything = permissions;
export const rolePermissions: Record<WorkspaceRole, readonly Permission[]> = {
  owner: everything,
  admin: everything.filter((p) => p !== 'workspace.own'),
  editor: ['workspace.read', 'posts.write', 'posts.comment'],
  approver: ['workspace.read', 'posts.approve', 'posts.comment'],
  viewer: ['workspace.read'],
};

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/** What the permission lets you do, completing "Your role (Viewer) cannot …". */
const permissionActions: Record<Permission, string> = {
  'workspace.read': 'see this workspace',
  'posts.write': 'create, edit or schedule posts',
  'posts.approve': 'approve posts or request changes',
  'posts.comment': 'comment on posts',
  'accounts.manage': 'connect or disconnect social accounts',
  'brand.manage': 'edit the brand kit',
  'billing.manage': 'change the plan or billing',
  'team.manage': 'manage the team',
  'workspace.own': 'transfer ownership or delete the workspace',
  'api.manage': 'manage API keys or webhooks',
};

/** The 403 a role gets for a route it may not use. */
export function forbiddenMessage(role: WorkspaceRole, permission: Permission): string {
  return `Your role in this workspace (${roleLabels[role]}) cannot ${permissionActions[permission]}. Ask an owner or admin if you need more access.`;
}

/** Roles an invitation may carry: ownership is transferred, never invited. */
export const invitableRole = z.enum(['admin', 'editor', 'approver', 'viewer']);
export type InvitableRole = z.infer<typeof invitableRole>;

export const INVITATION_TTL_DAYS = 7;

// --- Workspaces ---------------------------------------------------------------------------

export const workspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRole,
  plan: planId,
  memberCount: z.number().int(),
  /** The workspace this user is working in now. */
  active: z.boolean(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummary>;

/** GET /api/workspaces: every workspace the user is a member of, the active one marked. */
export const workspaceList = z.object({ workspaces: z.array(workspaceSummary) });
export type WorkspaceList = z.infer<typeof workspaceList>;

/** POST /api/workspaces/active: switch; answers the session user as it now is. */
export const switchWorkspaceBody = z.object({ workspaceId: z.uuid({ message: 'Not a workspace id' }) });
export const switchWorkspaceResponse = z.object({ user: sessionUser });

// --- Team ---------------------------------------------------------------------------------

export const teamMember = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: workspaceRole,
  joinedAt: z.string(),
  /** The member signs in with two-factor (shown to the team's managers). */
  twoFactorEnabled: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** A pending invitation, as its workspace's managers see it (expired ones until revoked). */
export const teamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRole,
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  /** Only for members who may manage the team; null for the others. */
  inviteUrl: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitation>;

/** GET /api/team: the active workspace's team. */
export const team = z.object({
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    requireApproval: z.boolean(),
    /** Every member must use two-factor sign-in (the owner decides). */
    requireTwoFactor: z.boolean(),
    plan: planId,
    /** The plan includes team collaboration (Professional and above, trial included). */
    teamCollaboration: z.boolean(),
  }),
  yourRole: workspaceRole,
  members: z.array(teamMember),
  invitations: z.array(teamInvitation),
});
export type Team = z.infer<typeof team>;

const email = safeString()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const createInvitationBody = z.object({ email, role: invitableRole });
export type CreateInvitationBody = z.infer<typeof createInvitationBody>;

/** POST /api/team/invitations (201). The token is the link's secret; the link is also emailed. */
export const createInvitationResponse = z.object({
  id: z.string(),
  token: z.string(),
  inviteUrl: z.string(),
  email: z.string(),
  role: invitableRole,
  expiresAt: z.string(),
  /**
   * What became of the email (decision 046): 'queued' for the mail job to send (SMTP, retried
   * when the relay fails); 'sandbox': this server sends no email, it is only kept in the outbox;
   * 'not_sent': it could not even be queued. Either way the link can be copied.
   */
  emailStatus: z.enum(['queued', 'sandbox', 'not_sent']),
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponse>;
export type InvitationEmailStatus = CreateInvitationResponse['emailStatus'];

export const invitationIdParams = z.object({ id: z.uuid({ message: 'Not an invitation id' }) });
/** base64url, as invitations.service makes it. */
const invitationToken = safeString()
  .trim()
  .min(20, 'Not an invitation link')
  .max(100, 'Not an invitation link')
  .regex(/^[\w-]+$/, 'Not an invitation link');
export const invitationTokenParams = z.object({ token: invitationToken });
/**
 * The invitation link's preview (GET /api/team/invitations/:id) takes the link's token where
 * DELETE takes the invitation's id: OpenAPI names a path's parameter once for all its methods.
 */
export const invitationPreviewParams = z.object({
  id: invitationToken.meta({ description: 'The token of the invitation link (not the invitation’s id).' }),
});

export const invitationStatus = z.enum(['pending', 'expired', 'revoked', 'accepted']);
export type InvitationStatus = z.infer<typeof invitationStatus>;

/** GET /api/team/invitations/{token} (public: the token is the secret): what the invite page shows. */
export const invitationPreview = z.object({
  workspaceName: z.string(),
  role: invitableRole,
  email: z.string(),
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
  status: invitationStatus,
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** POST /api/team/invitations/{token}/accept: joined, and the workspace is now the active one. */
export const acceptInvitationResponse = z.object({ workspaceId: z.string(), user: sessionUser });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponse>;

export const memberParams = z.object({ userId: userIdParam() });
/** PATCH /api/team/members/{userId}. role 'owner' transfers ownership (the owner alone); they become an admin. */
export const updateMemberBody = z.object({ role: workspaceRole });
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;

/** PATCH /api/team/settings. */
export const updateTeamSettingsBody = z
  .object({ requireApproval: z.boolean().optional(), requireTwoFactor: z.boolean().optional() })
  .refine((body) => body.requireApproval !== undefined || body.requireTwoFactor !== undefined, {
    message: 'Nothing to update',
  });
export type UpdateTeamSettingsBody = z.infer<typeof updateTeamSettingsBody>;

/** DELETE /api/team: the owner deletes the active workspace, typing its name to confirm. */
export const deleteWorkspaceBody = z.object({
  confirmName: safeString().trim().min(1, 'Type the workspace name'),
});

// --- Approvals and comments ---------------------------------------------------------------

export const commentKind = z.enum(['comment', 'changes_requested', 'approved']);
export type CommentKind = z.infer<typeof commentKind>;

export const postComment = z.object({
  id: z.string(),
  postId: z.string(),
  kind: commentKind,
  body: z.string(),
  authorUserId: z.string().nullable(),
  /** Null when the author's account was deleted. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type PostComment = z.infer<typeof postComment>;
export const postCommentList = z.object({ comments: z.array(postComment) });

const commentText = safeString()
  .trim()
  .min(1, 'Write a comment')
  .max(2000, 'Keep comments under 2,000 characters');
export const createCommentBody = z.object({ body: commentText });
/**
 * The post's `updatedAt` as the reviewer saw it: when the post changed since, the answer is a 409
 * and nothing happens. The UI always sends it; an API caller who leaves it out acts on whatever
 * the post holds at that moment (decision 032).
 */
const expectedUpdatedAt = z.iso
  .datetime({ offset: true, message: 'expectedUpdatedAt must be the post’s updatedAt, an ISO date-time' })
  .optional();
export const requestChangesBody = z.object({ comment: commentText, expectedUpdatedAt });
export type RequestChangesBody = z.infer<typeof requestChangesBody>;
/** POST /api/posts/{id}/approve: an optional note; a new time when the planned one has passed. */
export const approvePostBody = z
  .object({
    comment: safeString().trim().max(2000).optional(),
    scheduledAt: z.iso
      .datetime({ offset: true, message: 'scheduledAt must be an ISO date-time, e.g. 2026-12-01T14:00:00Z' })
      .optional(),
    expectedUpdatedAt,
  })
  .default({});
export type ApprovePostBody = z.infer<typeof approvePostBody>;

export const teamMessages = {
  onlyOwnerRequiresTwoFactor: 'Only the owner can change whether two-factor sign-in is required.',
  invitationSent: 'Invitation Sent',
  invitationExpired: 'This invitation has expired. Ask the person who invited you for a new one.',
  invitationRevoked: 'This invitation was revoked.',
  invitationAccepted: 'This invitation has already been used.',
  invitationNotFound: 'This invitation link is not valid.',
  invitationWorkspaceDeleted: 'The workspace this invitation is for has been deleted.',
  alreadyMember: 'That person is already a member of this workspace.',
  alreadyInvited: 'That address already has a pending invitation. Revoke it to send a new one.',
  ownerOnlyTransfer: 'Only the owner can transfer ownership.',
  ownerCannotLeave: 'Transfer ownership to another member before leaving the workspace.',
  cannotChangeOwner: "The owner's role changes only when they transfer ownership.",
  notAMember: 'That person is not a member of this workspace.',
  notPendingApproval: 'This post is not waiting for approval.',
  submittedForApproval: 'Submitted for Approval',
  approved: 'Post Approved',
  changesRequested: 'Changes Requested',
} as const;

/** What the invite dialog says once the invitation exists: only what is true of its email. */
export const invitationEmailTexts: Record<
  InvitationEmailStatus,
  { title: string; toast: (email: string) => string; dialogLead: string; dialogTail: string }
> = {
  queued: {
    title: teamMessages.invitationSent,
    toast: (email) => `We are emailing ${email} a link.`,
    dialogLead: 'We are emailing',
    dialogTail: 'If it does not arrive, copy it and send it yourself:',
  },
  sandbox: {
    title: 'Invitation Created',
    toast: (email) => `This server sends no email: copy the link and send it to ${email} yourself.`,
    dialogLead: 'This server sends no email, so copy the link and send it to',
    dialogTail: 'yourself:',
  },
  not_sent: {
    title: 'Invitation Created',
    toast: (email) => `The email to ${email} could not be sent: copy the link and send it yourself.`,
    dialogLead: 'The email could not be sent. Copy the link and send it to',
    dialogTail: 'yourself:',
  },
};
