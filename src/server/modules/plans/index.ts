// The plans module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  accountOverPlanLimitReason,
  accountsOverPlanLimit,
  requireAccountWithinPlan,
  requireIntegrations,
  requireLinksFeature,
  requirePlanFeature,
  requirePlanIncludes,
  requireScheduling,
  schedulingRefusal,
  workspaceScheduling,
} from './plan-gates';
export { countWorkspaceMembers, findWorkspacePlan } from './plans.repository';
