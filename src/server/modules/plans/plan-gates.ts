import { planLimitMessages } from '../../../contracts/billing';
import { INTEGRATIONS_FEATURE_NAME, integrationsByPlan } from '../../../contracts/integrations';
import { linkMessages, linksByPlan } from '../../../contracts/links';
import {
  firstPlanWith,
  type PlanId,
  planIds,
  plans,
  type SchedulingFeature,
  type SchedulingFeatures,
  schedulingByPlan,
  schedulingFeatureNames,
} from '../../../contracts/plans';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findAccountPlanStanding, findWorkspacePlan, listAccountIdsByConnection } from './plans.repository';

/*
 * The plan's gates beyond credits (credits.service) and connecting accounts
 * (social-connect.service). A refusal is a 402 whose message the UI turns into an upgrade prompt.
 */

export type PlanFeature = 'teamCollaboration' | 'analytics';

/** Refuses (402) when the workspace's plan does not include the feature. */
export async function requirePlanFeature(db: Db, workspaceId: string, feature: PlanFeature): Promise<void> {
  requirePlanIncludes(await findWorkspacePlan(db, workspaceId), feature);
}

/**
 * requirePlanFeature for a plan the caller read itself, in a statement it runs anyway (the
 * analytics overview); null: there is no such workspace.
 */
export function requirePlanIncludes(planId: PlanId | null | undefined, feature: PlanFeature): void {
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  const plan = plans[planId];
  if (!plan.limits[feature]) throw new AppError('plan_limit', planLimitMessages[feature](plan.name));
}

/**
 * Which accounts lie beyond the limit (pure): the first `limit` in connection order stay usable.
 * A workspace gets there when its plan shrinks (a trial ends: Professional's 10 to Free's 1);
 * nothing is disconnected, but the extra accounts take no posts until the plan grows again or
 * earlier accounts are disconnected.
 */
export function accountsBeyondLimit(idsInConnectionOrder: string[], limit: number | null): Set<string> {
  return new Set(limit === null ? [] : idsInConnectionOrder.slice(limit));
}

/** The workspace's accounts over its plan's limit (see accountsBeyondLimit). */
export async function accountsOverPlanLimit(db: Db, workspaceId: string): Promise<Set<string>> {
  const planId = await findWorkspacePlan(db, workspaceId);
  if (!planId) return new Set();
  const limit = plans[planId].limits.socialAccounts;
  if (limit === null) return new Set();
  return accountsBeyondLimit(await listAccountIdsByConnection(db, workspaceId), limit);
}

export const accountOverPlanLimitMessage = (
  account: { displayName: string; platform: PublishingPlatform },
  limit: number,
  planName: string,
) =>
  `${account.displayName} (${platformLabels[account.platform]}) is over your ${planName} plan's limit of ${limit} social account${limit === 1 ? '' : 's'}, so nothing is published to it. Upgrade your plan, or disconnect an account connected before it.`;

/** Why the account takes no posts on the workspace's plan; null when it does (or is not found). */
export async function accountOverPlanLimitReason(
  db: Db,
  workspaceId: string,
  accountId: string,
): Promise<string | null> {
  const standing = await findAccountPlanStanding(db, workspaceId, accountId);
  if (!standing) return null;
  const plan = plans[standing.plan];
  const limit = plan.limits.socialAccounts;
  if (limit === null || standing.connectedBefore < limit) return null;
  return accountOverPlanLimitMessage(standing, limit, plan.name);
}

/** Refuses (402) scheduling a post to an account over the plan's limit. */
export async function requireAccountWithinPlan(
  db: Db,
  workspaceId: string,
  accountId: string,
): Promise<void> {
  const reason = await accountOverPlanLimitReason(db, workspaceId, accountId);
  if (reason) throw new AppError('plan_limit', reason);
}

/**
 * A scheduling refusal (402) naming the plan needed. For a counted feature (queues, feeds) at
 * `atLeast`, the plan's own number is said.
 */
export function schedulingRefusal(feature: keyof SchedulingFeatures, planId: PlanId, atLeast = 1): AppError {
  const needed = plans[firstPlanWith(feature, atLeast)];
  const plan = plans[planId];
  const name = schedulingFeatureNames[feature];
  const allowed = schedulingByPlan[planId][feature];
  const unit = feature === 'queueAccounts' ? 'account' : 'feed';
  const message =
    typeof allowed === 'number' && allowed > 0
      ? `The ${plan.name} plan includes ${name} for ${allowed} ${unit}${allowed === 1 ? '' : 's'}. Upgrade to ${needed.name} for more.`
      : `The ${plan.name} plan does not include ${name}. Upgrade to ${needed.name} for ${name}.`;
  return new AppError('plan_limit', message, { planNeeded: needed.id });
}

/** The workspace's scheduling features (the plan table's row), for a check or a screen. */
export async function workspaceScheduling(
  db: Db,
  workspaceId: string,
): Promise<{ planId: PlanId; features: SchedulingFeatures }> {
  const planId = await findWorkspacePlan(db, workspaceId);
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  return { planId, features: schedulingByPlan[planId] };
}

/** Refuses (402, naming the plan needed) a scheduling feature the workspace's plan lacks. */
export async function requireScheduling(
  db: Db,
  workspaceId: string,
  feature: SchedulingFeature,
): Promise<void> {
  const { planId, features } = await workspaceScheduling(db, workspaceId);
  if (!features[feature]) throw schedulingRefusal(feature, planId);
}

/** The refusal (402, naming the plan needed) of API keys and webhooks on a plan without them. */
function integrationsRefusal(planId: PlanId): AppError {
  const needed = plans[planIds.find((id) => integrationsByPlan[id]) ?? 'enterprise'];
  return new AppError(
    'plan_limit',
    `The ${plans[planId].name} plan does not include ${INTEGRATIONS_FEATURE_NAME}. Upgrade to ${needed.name} for ${INTEGRATIONS_FEATURE_NAME}.`,
    { planNeeded: needed.id },
  );
}

/** Refuses (402) API keys and webhooks when the workspace's plan lacks them (decision 076). */
export async function requireIntegrations(db: Db, workspaceId: string): Promise<void> {
  const planId = await findWorkspacePlan(db, workspaceId);
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  if (!integrationsByPlan[planId]) throw integrationsRefusal(planId);
}

const linksRefusals = {
  shortLinks: linkMessages.shortLinksNotInPlan,
  clickAnalytics: linkMessages.clickAnalyticsNotInPlan,
} as const;

/**
 * Refuses (402, naming the first plan with it) short links or click analytics on a plan without
 * them (decision 093): their own table, not `plans[].limits.analytics`, so Starter sees its clicks
 * while the rest of analytics stays Professional and above. Takes the plan the caller read (the
 * link settings read it with the settings, the analytics route from the session).
 */
export function requireLinksFeature(
  planId: PlanId | null | undefined,
  feature: keyof typeof linksRefusals,
): void {
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  if (linksByPlan[planId][feature]) return;
  const needed = planIds.find((id) => linksByPlan[id][feature]) ?? 'starter';
  throw new AppError('plan_limit', linksRefusals[feature], { planNeeded: needed });
}
