import type { BillingSubscription } from '../../../contracts/billing';
import { type PlanId, plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { creditPeriod, sumCreditsUsed } from '../credits';
import { countWorkspaceMembers } from '../plans';
import { countSocialAccounts } from '../social-accounts';

/**
 * What the workspace uses of each limit of `plan` (Settings › Subscription). The counts are the
 * ones the gates check: credits this calendar month (credits.service), every connected account
 * (social-connect.service), every member. Members are limited to the owner alone on plans
 * without team collaboration; `null` is unlimited.
 */
export async function loadPlanUsage(
  db: Db,
  workspaceId: string,
  plan: PlanId,
  now = new Date(),
): Promise<BillingSubscription['usage']> {
  const { limits } = plans[plan];
  const [aiPosts, socialAccounts, members] = await Promise.all([
    sumCreditsUsed(db, workspaceId, creditPeriod(now).start),
    countSocialAccounts(db, workspaceId),
    countWorkspaceMembers(db, workspaceId),
  ]);
  return {
    aiPosts: { used: aiPosts, limit: limits.aiPostsPerMonth },
    socialAccounts: { used: socialAccounts, limit: limits.socialAccounts },
    members: { used: members, limit: limits.teamCollaboration ? null : 1 },
  };
}
