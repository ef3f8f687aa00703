import { can, type Permission } from '../../../contracts/team';
import { useAuth } from './api/get-current-user';

/**
 * Whether the signed-in user's role in their active workspace allows this (the table in
 * contracts/team.ts, the one the server enforces). Only hides what would be refused; the
 * server decides.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useAuth();
  return user ? can(user.workspace.role, permission) : false;
}
