// The users module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  deleteSessionsOfUser,
  findPasswordResetExpiry,
  findSystemUser,
  findUserByAccessCodeHash,
  findUserByEmail,
  findUserById,
  findUserWithWorkspace,
  grantSessionAdminAccess,
  insertUser,
  markEmailVerified,
  sessionUserColumns,
  sessionWorkspaceColumns,
} from './users.repository';
export {
  issueAccessCode,
  loadSessionUser,
  newAccessCode,
  revokeAccessCode,
  toSessionUser,
} from './users.service';
