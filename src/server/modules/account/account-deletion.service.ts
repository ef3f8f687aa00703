import { accountMessages } from '../../../contracts/settings';
import { AppError } from '../../lib/app-error';
import { countOtherActiveAdmins } from '../admin/admin-users.repository';
import { insertAuditEntry } from '../audit/audit.repository';
import { applyBillingEventNow, type BillingDeps } from '../billing/billing-events.service';
import { isEnded } from '../billing/billing-state';
import { deleteUserWithWorkspaces, type UserDeletionDeps } from '../users/user-deletion';
import { listSolelyOwnedWorkspaceIds, listSubscriptionsOf } from '../users/user-deletion.repository';
import { findUserById } from '../users/users.repository';
import { listWorkspacesWithOtherMembers } from './account.repository';

export type AccountDeletionDeps = UserDeletionDeps & BillingDeps;

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
  cancelFailed:
    'Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again.',
} as const;

/** 409 with the spec's Delete Account toast text, and why. */
function refuse(reason: string): never {
  throw new AppError('conflict', accountMessages.deletionUnavailable.description, { reason });
}

/**
 * DELETE /api/user/account. Whether the account may go is checked before the typed email, so a
 * client can learn it without deleting anything (a wrong confirmEmail answers 400 only when the
 * deletion would otherwise proceed). Then the live subscriptions of the workspaces the user solely
 * owns are cancelled at once at the provider (they would keep charging a deleted account), and
 * the user goes with those workspaces, their posts, accounts and images, like the admin delete.
 * Memberships elsewhere end; the posts they made there stay, without an author.
 */
export async function deleteOwnAccount(
  deps: AccountDeletionDeps,
  actor: { userId: string; ip: string },
  body: { confirmEmail: string },
): Promise<void> {
  const { db } = deps;
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

  const cancelledSubscriptions = await cancelLiveSubscriptions(deps, workspaceIds);
  await deleteUserWithWorkspaces(deps, user.id, workspaceIds);
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
 * Cancels now (not at period end: there will be no account to use the rest of the period) every
 * subscription of these workspaces that has not ended, and records it as its webhook would. A
 * failure stops the deletion before anything is deleted; what was cancelled stays cancelled, and
 * a retry finds it ended. Answers the provider ids cancelled.
 */
async function cancelLiveSubscriptions(deps: AccountDeletionDeps, workspaceIds: string[]): Promise<string[]> {
  const live = (await listSubscriptionsOf(deps.db, workspaceIds)).filter((s) => !isEnded(s));
  const { provider } = deps.billing;
  if (live.some((s) => s.provider !== provider.kind)) refuse(deletionRefusals.otherProvider);
  const cancelled: string[] = [];
  for (const subscription of live) {
    try {
      const reported = await provider.cancelSubscription(subscription.providerSubscriptionId, {
        atPeriodEnd: false,
      });
      await applyBillingEventNow(deps, provider.kind, {
        id: `account-deleted:${subscription.id}`,
        type: 'account.deleted',
        kind: 'subscription_deleted',
        subscription: reported,
      });
    } catch (error) {
      deps.log.error(
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
