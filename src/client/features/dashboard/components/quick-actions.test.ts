import { describe, expect, it } from 'vitest';
import { quickActionsFor } from './quick-actions';

const labels = (role: Parameters<typeof quickActionsFor>[0]) => quickActionsFor(role).map((a) => a.label);

describe('quick actions by role', () => {
  it('offers all four to those who run the workspace', () => {
    const all = ['Create posts', 'Schedule a post', 'Connect an account', 'View analytics'];
    expect(labels('owner')).toEqual(all);
    expect(labels('admin')).toEqual(all);
  });

  it('leaves account connections out for an editor', () => {
    expect(labels('editor')).toEqual(['Create posts', 'Schedule a post', 'View analytics']);
  });

  it('gives approvers and viewers the calendar to read instead of tools they cannot use', () => {
    expect(labels('approver')).toEqual(['Open calendar', 'View analytics']);
    expect(labels('viewer')).toEqual(['Open calendar', 'View analytics']);
  });
});
