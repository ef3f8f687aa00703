import { describe, expect, it } from 'vitest';
import { can, forbiddenMessage, permissions, rolePermissions, workspaceRoles } from './team';

describe('the role table', () => {
  it('lets viewers only read', () => {
    expect(rolePermissions.viewer).toEqual(['workspace.read']);
  });

  it('lets editors write and comment but not approve or manage', () => {
    expect(can('editor', 'posts.write')).toBe(true);
    expect(can('editor', 'posts.comment')).toBe(true);
    for (const p of ['posts.approve', 'team.manage', 'accounts.manage', 'billing.manage'] as const) {
      expect(can('editor', p)).toBe(false);
    }
  });

  it('lets approvers and above approve, and approvers change no post', () => {
    expect(workspaceRoles.filter((role) => can(role, 'posts.approve'))).toEqual([
      'owner',
      'admin',
      'approver',
    ]);
    expect(can('approver', 'posts.write')).toBe(false);
  });

  it('keeps members to admins and ownership to the owner', () => {
    expect(workspaceRoles.filter((role) => can(role, 'team.manage'))).toEqual(['owner', 'admin']);
    expect(workspaceRoles.filter((role) => can(role, 'workspace.own'))).toEqual(['owner']);
  });

  it('gives the owner every permission and every role the right to read', () => {
    expect([...rolePermissions.owner]).toEqual([...permissions]);
    for (const role of workspaceRoles) expect(can(role, 'workspace.read')).toBe(true);
  });

  it('names the role and what it cannot do', () => {
    expect(forbiddenMessage('viewer', 'posts.write')).toBe(
      'Your role in this workspace (Viewer) cannot create, edit or schedule posts. Ask an owner or admin if you need more access.',
    );
  });
});
