import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../src/contracts/auth';
import type { PlanId } from '../../src/contracts/plans';
import type { CreateInvitationResponse, InvitableRole } from '../../src/contracts/team';
import type { AppContext } from '../../src/server/context';
import { invitations, workspaces } from '../../src/server/db/schema';
import { asUser } from './posts';
import { signUp, uniqueEmail } from './users';

/**
 * The signed-in user confirms their email address, as a person does on a server without SMTP
 * (the tests' outbox sandbox): "Resend link" in the banner answers the link itself, which they
 * open. Nothing to do when the address is confirmed already.
 */
export async function confirmOwnEmail(app: FastifyInstance, cookie: string): Promise<void> {
  const resent = await asUser(app, cookie).post('/api/auth/verify-email/resend');
  if (resent.statusCode === 400) return;
  const confirmUrl = resent.json().confirmUrl as string | undefined;
  if (resent.statusCode !== 200 || !confirmUrl) throw new Error(`no confirmation link: ${resent.body}`);
  const token = new URL(confirmUrl).searchParams.get('token');
  const opened = await asUser(app, cookie).post('/api/auth/verify-email', { token });
  if (opened.statusCode !== 200) throw new Error(`confirming failed: ${opened.statusCode} ${opened.body}`);
}

/**
 * Invites `email` (a fresh address by default) into the inviter's active workspace through the
 * API. Only a confirmed address may invite (decision 056): the inviter confirms theirs first.
 */
export async function invite(
  app: FastifyInstance,
  inviterCookie: string,
  role: InvitableRole,
  email = uniqueEmail('invitee'),
): Promise<CreateInvitationResponse> {
  await confirmOwnEmail(app, inviterCookie);
  const response = await asUser(app, inviterCookie).post('/api/team/invitations', { email, role });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function acceptInvitation(app: FastifyInstance, cookie: string, token: string) {
  return asUser(app, cookie).post(`/api/team/invitations/${token}/accept`);
}

export type TeamMemberFixture = Awaited<ReturnType<typeof signUp>> & {
  userId: string;
  role: InvitableRole;
  /** The workspace they joined, now their active one. */
  workspaceId: string;
  /** The session user after joining. */
  sessionUser: SessionUser;
};

/**
 * A new user who joined the inviter's active workspace with `role`, the real way: sign up,
 * invitation, accept. Their session now works in that workspace (they also own the one made at
 * sign-up). The workspace's plan must include team collaboration (a new trial does).
 */
export async function addMember(
  app: FastifyInstance,
  ownerCookie: string,
  role: InvitableRole,
  overrides: Parameters<typeof signUp>[1] = {},
): Promise<TeamMemberFixture> {
  const member = await signUp(app, { firstName: 'Sam', lastName: 'Rivera', ...overrides });
  const invitation = await invite(app, ownerCookie, role, member.email);
  const accepted = await acceptInvitation(app, member.cookie, invitation.token);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  const body = accepted.json() as { workspaceId: string; user: SessionUser };
  return { ...member, userId: member.user.id, role, workspaceId: body.workspaceId, sessionUser: body.user };
}

/** Puts a workspace on a plan directly (no billing), e.g. 'starter' to lose team collaboration. */
export async function setWorkspacePlan(ctx: AppContext, workspaceId: string, plan: PlanId) {
  await ctx.database.db
    .update(workspaces)
    .set({ plan, subscriptionStatus: 'active', trialEndsAt: null })
    .where(eq(workspaces.id, workspaceId));
}

/** Moves an invitation's expiry into the past. */
export async function expireInvitation(ctx: AppContext, invitationId: string) {
  await ctx.database.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(invitations.id, invitationId));
}

/** The caller's active workspace id, as the session reports it. */
export async function activeWorkspaceOf(
  app: FastifyInstance,
  cookie: string,
): Promise<SessionUser['workspace']> {
  const response = await asUser(app, cookie).get('/api/auth/user');
  if (response.statusCode !== 200) throw new Error(`session failed: ${response.statusCode} ${response.body}`);
  return (response.json() as SessionUser).workspace;
}
