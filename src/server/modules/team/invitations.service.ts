import { createHash, randomBytes } from 'node:crypto';
import { securityMessages } from '../../../contracts/account-security';
import {
  type AcceptInvitationResponse,
  type CreateInvitationBody,
  type CreateInvitationResponse,
  INVITATION_TTL_DAYS,
  type InvitationEmailStatus,
  type InvitationPreview,
  type InvitationStatus,
  roleDescriptions,
  roleLabels,
  teamMessages,
} from '../../../contracts/team';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../activity';
import { notifyWorkspace } from '../notifications';
import { requirePlanFeature } from '../plans';
import { enforceRateLimit, type RateRule, rateRules } from '../rate-limits';
import { findUserById } from '../users';
import { findMembershipRole, type SessionActor, sessionUserOf, setActiveWorkspace } from '../workspaces';
import { composeInvitationEmail } from './invitation-email';
import { displayNameOf } from './member-order';
import {
  acceptInvitation,
  countPendingInvitations,
  findInvitationByTokenHash,
  findOpenInvitationByEmail,
  type InvitationRow,
  insertInvitation,
  isMemberByEmail,
  lockWorkspaceForJoining,
  markInvitationAccepted,
  revokeInvitation,
} from './team.repository';
import { actorNameOf, inviteUrlOf, shortNameOf, type TeamActor } from './team.service';

/** Enough for any small team or agency; a bound on what one workspace can make us email. */
export const MAX_PENDING_INVITATIONS = 50;
export const tooManyInvitationsMessage = `This workspace already has ${MAX_PENDING_INVITATIONS} pending invitations. Revoke some before inviting more people.`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link's secret: 32 random bytes. Only its hash finds the invitation; a sealed copy lets managers copy the link. */
function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * POST /api/team/invitations. One open invitation per address: a pending one is a 409 (revoke
 * it to send another), an expired one is revoked and replaced. The email is queued, never awaited
 * (decision 046); `emailStatus` says what became of it, and the manager always gets the link.
 */
export async function createInvitation(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor & { workspaceName: string },
  input: CreateInvitationBody,
  now = new Date(),
): Promise<CreateInvitationResponse> {
  const db = ctx.database.db;
  await requirePlanFeature(db, actor.workspaceId, 'teamCollaboration');
  // An unconfirmed address may be anybody's: it does not send invitations (decision 056).
  const inviter = await findUserById(db, actor.userId);
  if (!inviter?.emailVerified) throw new AppError('forbidden', securityMessages.unverifiedCannotInvite);
  if (await isMemberByEmail(db, actor.workspaceId, input.email)) {
    throw new AppError('conflict', teamMessages.alreadyMember);
  }
  const open = await findOpenInvitationByEmail(db, actor.workspaceId, input.email);
  if (open && open.expiresAt.getTime() > now.getTime())
    throw new AppError('conflict', teamMessages.alreadyInvited);
  if (open) await revokeInvitation(db, actor.workspaceId, open.id, now);
  if ((await countPendingInvitations(db, actor.workspaceId, now)) >= MAX_PENDING_INVITATIONS) {
    throw new AppError('conflict', tooManyInvitationsMessage);
  }
  // Counted per send, not per row: inviting, revoking and inviting again sends two emails.
  await countInvitationSend(db, rateRules.invitationsPerInviter, actor.userId, 'you');
  await countInvitationSend(db, rateRules.invitationsPerWorkspace, actor.workspaceId, 'workspace');

  const token = newInvitationToken();
  const invitation = await insertInvitation(db, {
    workspaceId: actor.workspaceId,
    email: input.email,
    role: input.role,
    tokenHash: hashInvitationToken(token),
    tokenSealed: ctx.tokenCipher.encrypt(token),
    invitedByUserId: actor.userId,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  });
  // Another request invited the same address between our check and this insert.
  if (!invitation) throw new AppError('conflict', teamMessages.alreadyInvited);
  const inviteUrl = inviteUrlOf(ctx.config.appUrl, token);

  const emailStatus = await sendInvitationEmail(ctx, actor, invitation, { url: inviteUrl, token });
  await insertActivity(db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'team.invited',
    summary: `${shortNameOf(actor)} invited ${input.email} as ${roleLabels[input.role]}`,
  });
  return {
    id: invitation.id,
    token,
    inviteUrl,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    emailStatus,
  };
}

/** "Invitations are limited to 20 an hour per workspace. Try again in 12 minutes." */
export function invitationLimitMessage(max: number, per: 'you' | 'workspace', retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const whose = per === 'you' ? 'per person' : 'per workspace';
  return `Invitations are limited to ${max} an hour ${whose}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Counts one send against `rule`; over it, a 429 that says which limit and when it lifts. */
async function countInvitationSend(db: Db, rule: RateRule, subject: string, per: 'you' | 'workspace') {
  try {
    await enforceRateLimit(db, rule, subject);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    const wait = error.details.retryAfterSeconds ?? rule.windowSeconds;
    throw new AppError('rate_limited', invitationLimitMessage(rule.max, per, wait), error.details);
  }
}

async function sendInvitationEmail(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor & { workspaceName: string },
  invitation: InvitationRow,
  link: { url: string; token: string },
): Promise<InvitationEmailStatus> {
  const message = await composeInvitationEmail({
    to: invitation.email,
    inviterName: actorNameOf(actor),
    inviterFirstName: actor.firstName,
    workspaceName: actor.workspaceName,
    roleLabel: roleLabels[invitation.role],
    roleDescription: roleDescriptions[invitation.role],
    url: link.url,
    expiresAt: invitation.expiresAt,
  });
  try {
    // The token is the link's secret: the outbox keeps it sealed, never in clear (decision 046).
    await ctx.mail.send({ ...message, secrets: [link.token] });
  } catch (error) {
    ctx.log.warn(
      { err: error, invitationId: invitation.id },
      'invitation email not sent; the link can be copied',
    );
    return 'not_sent';
  }
  // Queued is not sent: the dialog says so, and offers the link in case it never arrives.
  return ctx.mail.sandbox ? 'sandbox' : 'queued';
}

/** DELETE /api/team/invitations/{id}: only an open invitation of this workspace. */
export async function revokeInvitationOf(
  ctx: Pick<AppContext, 'database'>,
  actor: TeamActor,
  id: string,
  now = new Date(),
) {
  const revoked = await revokeInvitation(ctx.database.db, actor.workspaceId, id, now);
  if (!revoked) throw new AppError('not_found', 'Invitation not found');
  await insertActivity(ctx.database.db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'team.invitation_revoked',
    summary: `${shortNameOf(actor)} revoked the invitation of ${revoked.email}`,
  });
}

function statusOf(invitation: InvitationRow, now: Date): InvitationStatus {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

async function findByToken(db: Db, token: string) {
  const found = await findInvitationByTokenHash(db, hashInvitationToken(token));
  if (!found) throw new AppError('not_found', teamMessages.invitationNotFound);
  return found;
}

/** GET /api/team/invitations/{token} (public): what the invite page shows, whatever the status. */
export async function previewInvitation(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const found = await findByToken(ctx.database.db, token);
  const { invitation } = found;
  return {
    workspaceName: found.workspaceName,
    role: invitation.role,
    email: invitation.email,
    invitedByName: found.inviterEmail
      ? displayNameOf({
          firstName: found.inviterFirstName ?? '',
          lastName: found.inviterLastName ?? '',
          email: found.inviterEmail,
        })
      : null,
    expiresAt: invitation.expiresAt.toISOString(),
    status: statusOf(invitation, now),
  };
}

type Joiner = SessionActor & { firstName: string; lastName: string; email: string };

/**
 * POST /api/team/invitations/{token}/accept, by any signed-in user (the link is the secret, so
 * their email need not match). Someone already a member just has the workspace made active.
 */
export async function acceptInvitationByToken(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  joiner: Joiner,
  token: string,
  now = new Date(),
): Promise<AcceptInvitationResponse> {
  const db = ctx.database.db;
  const { invitation } = await findByToken(ctx.database.db, token);
  const workspaceId = invitation.workspaceId;

  if (await findMembershipRole(db, workspaceId, joiner.userId)) {
    // Clears it from the pending list when it was meant for them; their role stays as it is.
    if (statusOf(invitation, now) === 'pending')
      await markInvitationAccepted(db, invitation.id, joiner.userId, now);
    await setActiveWorkspace(db, joiner.userId, workspaceId);
    return { workspaceId, user: await sessionUserOf(db, joiner) };
  }
  refuseUnlessPending(statusOf(invitation, now));
  await requirePlanFeature(db, workspaceId, 'teamCollaboration');
  const name = displayNameOf(joiner);
  const role = roleLabels[invitation.role];
  const outcome = await db.transaction(async (tx) => {
    // The workspace's lock orders this join with its deletion (which locks it FOR UPDATE).
    if (!(await lockWorkspaceForJoining(tx, workspaceId))) return 'workspace_deleted' as const;
    if (!(await acceptInvitation(tx, invitation, joiner.userId, now))) return 'not_open' as const;
    // With the join: once it commits the workspace may be deleted, and the entry could not be added.
    await insertActivity(tx, {
      workspaceId,
      actorUserId: joiner.userId,
      kind: 'team.joined',
      summary: `${shortNameOf(joiner)} joined as ${role}`,
    });
    return 'joined' as const;
  });
  if (outcome === 'workspace_deleted') {
    throw new AppError('not_found', teamMessages.invitationWorkspaceDeleted);
  }
  // Two accepts of one link: the conditional update lets one win; the other learns what happened.
  if (outcome === 'not_open') {
    const { invitation: fresh } = await findByToken(ctx.database.db, token);
    // A double click: the first of this user's own requests already joined them.
    if (fresh.acceptedByUserId === joiner.userId)
      return { workspaceId, user: await sessionUserOf(db, joiner) };
    refuseUnlessPending(statusOf(fresh, now));
    throw new AppError('conflict', teamMessages.invitationAccepted);
  }

  try {
    await notifyWorkspace(ctx, {
      workspaceId,
      kind: 'member_joined',
      title: `${name} joined the team`,
      body: `${name} (${joiner.email}) accepted the invitation and joined as ${role}.`,
      link: '/team',
      to: { roles: ['owner', 'admin'], exceptUserId: joiner.userId },
    });
  } catch (error) {
    // They have joined (a workspace deleted just after would refuse the notice's rows); a lost
    // notice must not answer them that they did not.
    ctx.log.warn({ err: error, workspaceId }, 'member-joined notice not saved');
  }
  return { workspaceId, user: await sessionUserOf(db, joiner) };
}

function refuseUnlessPending(status: InvitationStatus): void {
  if (status === 'accepted') throw new AppError('conflict', teamMessages.invitationAccepted);
  if (status === 'revoked') throw new AppError('conflict', teamMessages.invitationRevoked);
  if (status === 'expired') throw new AppError('conflict', teamMessages.invitationExpired);
}
