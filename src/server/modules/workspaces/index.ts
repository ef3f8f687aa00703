// The workspaces module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { deleteUserWithWorkspaces } from './user-deletion';
export {
  listSolelyOwnedWorkspaceIds,
  listSubscriptionsOf,
  lockActiveAdmins,
  lockWorkspacesForDeletion,
  reopenInvitations,
  revokeOpenInvitationsOf,
} from './user-deletion.repository';
export {
  countMembershipsOf,
  findMembershipRole,
  findWorkspaceById,
  insertWorkspaceWithOwner,
  setActiveWorkspace,
  setWorkspacePolicies,
} from './workspaces.repository';
export type { SessionActor } from './workspaces.service';
export {
  deleteWorkspace,
  ensureWorkspaceFor,
  sessionUserOf,
  workspaceMessages,
  workspaceNameFor,
} from './workspaces.service';
