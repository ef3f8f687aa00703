import { accountMessages } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { billingProviderOf } from '../../integrations/billing/create-billing-provider';
import { AppError } from '../../lib/app-error';
import { countOtherActiveAdmins } from '../admin';
import { insertAuditEntry } from '../audit';
import { applyBillingEventNow, isEnded } from '../billing';
import { findUserById } from '../users';
import {
  deleteUserWithWorkspaces,
  listSolelyOwnedWorkspaceIds,
  listSubscriptionsOf,
  lockActiveAdmins,
  lockWorkspacesForDeletion,
  reopenInvitations,
  revokeOpenInvitationsOf,
} from '../workspaces';
import { listWorkspacesWithOtherMembers } from './account.repository';

/** Why a deletion cannot be self-served; the answer's `reason`, under the spec's fixed message. */
export const deletionRefusals = {
  ownsTeam: (workspaceName: string) =>
    `You own ${workspaceName}, which has other members. Transfer ownership or remove them first.`,
  lastAdmin: 'You are the only super admin of Kitepost. Make someone else a super admin first.',
  systemUser: 'This is the built-in operator account; it cannot be deleted.',
  otherProvider:
    'Your subscription is with a payment provider this Kitepost no longer uses, so it cannot be cancelled from here.',
} as const;

export const deletionMessages = {
  /** Not a refusal for support: something changed mid-way, and trying again decides afresh. */
  changedMeanwhile:
    'Your workspaces changed while your account was being deleted, so nothing was deleted. Please try again.',
  cancelFailed:
    'Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again.',
} as const;

/** 409 with the spec's Delete Account toast text, and why. */
function refuse(reason: string): never {
  throw new AppError('conflict', accountMessages.deletionUnavailable.description, { reason });
}

type DeletingUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * DELETE /api/user/account. Whether the account may go is checked before the typed email, so a
 * client can learn it without deleting anything (a wrong confirmEmail answers 400 only when the
 * deletion would otherwise proceed). Then the live subscriptions of the workspaces the user solely
 * owns are cancelled at once at the provider (they would keep charging a deleted account), and
 * the user goes with those workspaces, their posts, accounts and images, like the admin delete.
 * Memberships elsewhere end; the posts they made there stay, without an author.
 *
 * The checks are made again under locks in the deleting transaction (deleteAccountNow). The
 * provider cannot be called inside it: the sandbox provider writes with the app's db, which on
 * PGlite waits for the open transaction, recording the cancel locks the workspace in a
 * transaction of its own, and a slow provider would hold the locks. So before cancelling, a short
 * locked transaction checks again and revokes the workspaces' open invitations: nobody can join
 * while the provider is asked, and a deletion refused after a cancel is as unlikely as it can be.
 */
export async function deleteOwnAccount(
  ctx: Pick<AppContext, 'database' | 'billing' | 'mail' | 'config' | 'log' | 'jobs' | 'storage'>,
  actor: { userId: string; ip: string },
  body: { confirmEmail: string },
): Promise<void> {
  const { db } = ctx.database;
  const user = await findUserById(db, actor.userId);
  if (!user) throw new AppError('not_found', 'User not found');
  if (user.isSystem) refuse(deletionRefusals.systemUser);
  if (user.role === 'admin' && (await countOtherActiveAdmins(db, user.id)) === 0) {
    refuse(deletionRefusals.lastAdmin);
  }
  const workspaceIds = await listSolelyOwnedWorkspaceIds(db, user.id);
  const [shared] = await listWorkspacesWithOtherMembers(db, user.id, workspaceIds);
  if (shared) refuse(deletionRefusals.ownsTeam(shared.name));
  if (body.confirmEmail !== user.email.toLowerCase()) {
    throw new AppError('bad_request', accountMessages.confirmEmailMismatch);
  }

  const live = await liveSubscriptionsOf(ctx, workspaceIds);
  const closedAt = new Date();
  const closed =
    live.length === 0
      ? []
      : await db.transaction(async (tx) => {
          await lockWorkspacesForDeletion(tx, workspaceIds);
          await recheckDeletable(tx, user, workspaceIds, { cancelled: false });
          return revokeOpenInvitationsOf(tx, workspaceIds, closedAt);
        });
  let cancelledSubscriptions: string[];
  try {
    cancelledSubscriptions = await cancelSubscriptions(ctx, live);
    await deleteAccountNow(ctx, user, workspaceIds);
  } catch (error) {
    // The account stays, so its invitations may be accepted again.
    await reopenInvitations(db, closed, closedAt);
    throw error;
  }
  await insertAuditEntry(db, {
    actorUserId: user.id,
    action: 'user.self_deleted',
    targetType: 'user',
    targetId: user.id,
    before: { email: user.email, firstName: user.firstName, lastName: user.lastName },
    after: { deletedWorkspaceIds: workspaceIds, cancelledSubscriptions },
    ipAddress: actor.ip,
  });
}

/**
 * The deletion itself, deciding again under the locks: a member who joined, an ownership that
 * moved or an admin who left since the checks above refuses it with the same answer. Exported for
 * tests that change things between the checks and the deletion.
 */
export async function deleteAccountNow(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'storage' | 'log'>,
  user: DeletingUser,
  workspaceIds: string[],
): Promise<void> {
  await deleteUserWithWorkspaces(ctx, user.id, workspaceIds, (tx) =>
    recheckDeletable(tx, user, workspaceIds, { cancelled: true }),
  );
}

/**
 * deleteOwnAccount's refusals, asked again on `tx` once the workspaces are locked. The user's
 * solely owned workspaces must still be exactly those decided on (the subscriptions cancelled
 * and the workspaces deleted are theirs), and none of them may have a live subscription left.
 */
async function recheckDeletable(
  tx: Db,
  user: DeletingUser,
  workspaceIds: string[],
  options: { cancelled: boolean },
): Promise<void> {
  if (user.role === 'admin' && (await lockActiveAdmins(tx)).every((id) => id === user.id)) {
    refuse(deletionRefusals.lastAdmin);
  }
  const owned = await listSolelyOwnedWorkspaceIds(tx, user.id);
  const [shared] = await listWorkspacesWithOtherMembers(tx, user.id, owned);
  if (shared) refuse(deletionRefusals.ownsTeam(shared.name));
  const decided = new Set(workspaceIds);
  if (owned.length !== decided.size || owned.some((id) => !decided.has(id))) {
    throw new AppError('conflict', deletionMessages.changedMeanwhile);
  }
  if (options.cancelled && (await listSubscriptionsOf(tx, workspaceIds)).some((s) => !isEnded(s))) {
    throw new AppError('conflict', deletionMessages.changedMeanwhile);
  }
}

/** The subscriptions of these workspaces that have not ended; refused when one is with another provider. */
async function liveSubscriptionsOf(ctx: Pick<AppContext, 'database' | 'billing'>, workspaceIds: string[]) {
  const live = (await listSubscriptionsOf(ctx.database.db, workspaceIds)).filter((s) => !isEnded(s));
  if (live.some((s) => s.provider !== ctx.billing.provider?.kind)) refuse(deletionRefusals.otherProvider);
  return live;
}

/**
 * Cancels now (not at period end: there will be no account to use the rest of the period) each
 * of these subscriptions, and records it as its webhook would. A failure stops the deletion
 * before anything is deleted; what was cancelled stays cancelled, and a retry finds it ended.
 * Answers the provider ids cancelled.
 */
async function cancelSubscriptions(
  ctx: Pick<AppContext, 'database' | 'billing' | 'mail' | 'config' | 'log' | 'jobs'>,
  live: Awaited<ReturnType<typeof liveSubscriptionsOf>>,
): Promise<string[]> {
  if (live.length === 0) return [];
  const provider = billingProviderOf(ctx.billing);
  const cancelled: string[] = [];
  for (const subscription of live) {
    try {
      const reported = await provider.cancelSubscription(subscription.providerSubscriptionId, {
        atPeriodEnd: false,
      });
      await applyBillingEventNow(ctx, provider.kind, {
        id: `account-deleted:${subscription.id}`,
        type: 'account.deleted',
        kind: 'subscription_deleted',
        subscription: reported,
      });
    } catch (error) {
      ctx.log.error(
        {
          err: error,
          workspaceId: subscription.workspaceId,
          subscription: subscription.providerSubscriptionId,
        },
        'cancelling a subscription for an account deletion failed',
      );
      throw new AppError('upstream_failed', deletionMessages.cancelFailed);
    }
    cancelled.push(subscription.providerSubscriptionId);
  }
  return cancelled;
}
