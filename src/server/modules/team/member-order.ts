import type { WorkspaceRole } from '../../../contracts/auth';
import { workspaceRoles } from '../../../contracts/team';

type Sortable = { role: WorkspaceRole; firstName: string; lastName: string; email: string };

/** A member's name as the team sees it: "First Last", else their email. */
export function displayNameOf(person: { firstName: string; lastName: string; email: string }): string {
  return [person.firstName.trim(), person.lastName.trim()].filter(Boolean).join(' ') || person.email;
}

/** The team list's order: the owner first, then by role (most access first), then by name. */
export function compareMembers(a: Sortable, b: Sortable): number {
  const byRole = workspaceRoles.indexOf(a.role) - workspaceRoles.indexOf(b.role);
  if (byRole !== 0) return byRole;
  const byName = displayNameOf(a).localeCompare(displayNameOf(b), 'en', { sensitivity: 'base' });
  return byName !== 0 ? byName : a.email.localeCompare(b.email);
}
