import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../contracts/team';
import {
  expiresInLabel,
  memberActions,
  memberName,
  roleWithArticle,
  sortMembers,
  withArticle,
} from './team-display';

function member(overrides: Partial<TeamMember>): TeamMember {
  return {
    userId: 'u',
    email: 'someone@example.com',
    firstName: '',
    lastName: '',
    role: 'editor',
    joinedAt: '2026-01-01T00:00:00.000Z',
    twoFactorEnabled: false,
    ...overrides,
  };
}

describe('memberName', () => {
  it('joins the names, falling back to the email', () => {
    expect(memberName(member({ firstName: 'Ada', lastName: 'Lovelace' }))).toBe('Ada Lovelace');
    expect(memberName(member({ firstName: 'Ada' }))).toBe('Ada');
    expect(memberName(member({ email: 'x@y.z' }))).toBe('x@y.z');
  });
});

describe('sortMembers', () => {
  it('lists by role, most powerful first, then by name', () => {
    const sorted = sortMembers([
      member({ userId: '1', role: 'viewer', firstName: 'Al' }),
      member({ userId: '2', role: 'editor', firstName: 'zoe' }),
      member({ userId: '3', role: 'owner', firstName: 'Mo' }),
      member({ userId: '4', role: 'editor', firstName: 'Bea' }),
      member({ userId: '5', role: 'admin', firstName: 'Cy' }),
      member({ userId: '6', role: 'approver', firstName: 'Di' }),
    ]);
    expect(sorted.map((m) => m.userId)).toEqual(['3', '5', '4', '2', '6', '1']);
  });

  it('does not change the list it is given', () => {
    const list = [member({ userId: 'a', role: 'viewer' }), member({ userId: 'b', role: 'owner' })];
    sortMembers(list);
    expect(list.map((m) => m.userId)).toEqual(['a', 'b']);
  });
});

describe('expiresInLabel', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const hour = 3_600_000;

  it('reads a fresh invitation as seven days', () => {
    expect(expiresInLabel(later(7 * 24 * hour - 60_000), now)).toBe('Expires in 7 days');
  });

  it('counts whole days, then hours on the last day', () => {
    expect(expiresInLabel(later(36 * hour + 1), now)).toBe('Expires in 2 days');
    expect(expiresInLabel(later(25 * hour), now)).toBe('Expires in 1 day');
    expect(expiresInLabel(later(5 * hour), now)).toBe('Expires in 5 hours');
    expect(expiresInLabel(later(10 * 60_000), now)).toBe('Expires within the hour');
  });

  it('says Expired once the time has passed', () => {
    expect(expiresInLabel(later(0), now)).toBe('Expired');
    expect(expiresInLabel(later(-hour), now)).toBe('Expired');
  });

  it('says nothing for a date it cannot read', () => {
    expect(expiresInLabel('soon', now)).toBe('');
  });
});

describe('memberActions', () => {
  const editor = member({ userId: 'e', role: 'editor' });
  const owner = member({ userId: 'o', role: 'owner' });

  it('lets the owner change, remove and hand over to other members', () => {
    expect(memberActions('owner', 'o', editor)).toEqual({
      changeRole: true,
      remove: true,
      transferOwnership: true,
    });
  });

  it('lets an admin manage but not transfer ownership', () => {
    expect(memberActions('admin', 'a', editor)).toEqual({
      changeRole: true,
      remove: true,
      transferOwnership: false,
    });
  });

  it('offers nothing on the owner row, on your own row, or to roles that do not manage', () => {
    const none = { changeRole: false, remove: false, transferOwnership: false };
    expect(memberActions('admin', 'a', owner)).toEqual(none);
    expect(memberActions('owner', 'o', owner)).toEqual(none);
    expect(memberActions('admin', 'e', editor)).toEqual(none);
    expect(memberActions('editor', 'x', editor)).toEqual(none);
    expect(memberActions('viewer', 'x', editor)).toEqual(none);
  });
});

describe('withArticle', () => {
  it('picks a or an by the first letter', () => {
    expect(withArticle('Admin')).toBe('an Admin');
    expect(withArticle('Editor')).toBe('an Editor');
    expect(withArticle('Approver')).toBe('an Approver');
    expect(withArticle('Viewer')).toBe('a Viewer');
  });
});

describe('roleWithArticle', () => {
  it('says the Owner, and a or an for the other roles', () => {
    expect(roleWithArticle('owner')).toBe('the Owner');
    expect(roleWithArticle('admin')).toBe('an Admin');
    expect(roleWithArticle('viewer')).toBe('a Viewer');
  });
});
