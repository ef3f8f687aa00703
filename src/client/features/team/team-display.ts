import type { WorkspaceRole } from '../../../contracts/auth';
import { can, roleLabels, type TeamMember } from '../../../contracts/team';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Most powerful first: the order members are listed in. */
const roleRank: Record<WorkspaceRole, number> = { owner: 0, admin: 1, editor: 2, approver: 3, viewer: 4 };

export function memberName(member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email;
}

/** The owner, then admins, editors, approvers and viewers; by name within a role. */
export function sortMembers<T extends TeamMember>(members: readonly T[]): T[] {
  return [...members].sort(
    (a, b) =>
      roleRank[a.role] - roleRank[b.role] ||
      memberName(a).localeCompare(memberName(b), undefined, { sensitivity: 'base' }),
  );
}

/**
 * 'Expires in 6 days', 'Expires in 3 hours', 'Expired'. Whole days are rounded, so an invitation
 * sent a minute ago reads 'in 7 days' rather than 'in 6'.
 */
export function expiresInLabel(expiresAt: string, now: Date = new Date()): string {
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end)) return '';
  const left = end - now.getTime();
  if (left <= 0) return 'Expired';
  if (left < DAY_MS) {
    const hours = Math.ceil(left / HOUR_MS);
    return hours <= 1 ? 'Expires within the hour' : `Expires in ${hours} hours`;
  }
  const days = Math.round(left / DAY_MS);
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

export interface MemberActions {
  /** May pick another role for them (never the owner's: ownership is transferred). */
  changeRole: boolean;
  remove: boolean;
  /** Make them the owner (the owner alone). */
  transferOwnership: boolean;
}

/**
 * What the viewer may do to a member's row. Mirrors the server's rules so the page offers only
 * what would be accepted; the server still decides. Nobody acts on the owner's row or on their
 * own (they leave instead).
 */
export function memberActions(
  viewerRole: WorkspaceRole,
  viewerId: string,
  member: TeamMember,
): MemberActions {
  const none = { changeRole: false, remove: false, transferOwnership: false };
  if (member.userId === viewerId || member.role === 'owner') return none;
  const manages = can(viewerRole, 'team.manage');
  return { changeRole: manages, remove: manages, transferOwnership: can(viewerRole, 'workspace.own') };
}

/** 'an Admin', 'an Editor', 'a Viewer': for sentences like 'Sam is now an Editor'. */
export function withArticle(label: string): string {
  return /^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`;
}

/** 'the Owner', 'an Editor': the role as said of a person ('You are the Owner'). */
export function roleWithArticle(role: WorkspaceRole): string {
  return role === 'owner' ? 'the Owner' : withArticle(roleLabels[role]);
}
