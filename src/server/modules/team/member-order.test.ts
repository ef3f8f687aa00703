import { describe, expect, it } from 'vitest';
import { compareMembers, displayNameOf } from './member-order';

const member = (
  role: 'owner' | 'admin' | 'editor' | 'approver' | 'viewer',
  firstName: string,
  lastName = '',
) => ({
  role,
  firstName,
  lastName,
  email: `${firstName.toLowerCase() || 'someone'}@example.com`,
});

describe('compareMembers', () => {
  it('puts the owner first, then roles from most access to least, then names', () => {
    const sorted = [
      member('viewer', 'Vic'),
      member('editor', 'zoe'),
      member('admin', 'Bea'),
      member('editor', 'Ann'),
      member('owner', 'Zed'),
      member('approver', 'Al'),
    ].sort(compareMembers);
    expect(sorted.map((m) => `${m.role}:${m.firstName}`)).toEqual([
      'owner:Zed',
      'admin:Bea',
      'editor:Ann',
      'editor:zoe',
      'approver:Al',
      'viewer:Vic',
    ]);
  });
});

describe('displayNameOf', () => {
  it('joins the names, falling back to the email', () => {
    expect(displayNameOf(member('editor', 'Ada', 'Lovelace'))).toBe('Ada Lovelace');
    expect(displayNameOf({ firstName: ' ', lastName: '', email: 'sam@example.com' })).toBe('sam@example.com');
  });
});
