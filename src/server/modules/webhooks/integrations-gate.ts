import { integrationsByPlan } from '../../../contracts/integrations';
import { plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findWorkspacePlan } from '../plans';

/*
 * Stand-in for plans' requireIntegrations (the API keys branch adds it to plan-gates.ts): replaced
 * by that one when both branches meet on main.
 */
export async function requireIntegrations(db: Db, workspaceId: string): Promise<void> {
  const planId = await findWorkspacePlan(db, workspaceId);
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  if (integrationsByPlan[planId]) return;
  throw new AppError(
    'plan_limit',
    `The API and webhooks are not part of the ${plans[planId].name} plan. Upgrade to Professional to connect other tools.`,
    { planNeeded: 'professional' },
  );
}
