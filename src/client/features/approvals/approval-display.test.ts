import { describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { Post } from '../../../contracts/posts';
import type { PostComment } from '../../../contracts/team';
import { samplePost } from '../../test-support/sample-post';
import {
  anyWaitingForApproval,
  approvalNeedsNewTime,
  commentText,
  latestReview,
  openChangeRequest,
  schedulingNeedsApproval,
  sortPendingPosts,
  submitterName,
} from './approval-display';

function member(role: WorkspaceRole, requireApproval: boolean) {
  return {
    workspace: {
      id: 'w1',
      name: 'Bakery',
      role,
      plan: 'professional' as const,
      subscriptionStatus: 'trialing' as const,
      trialEndsAt: null,
      requireApproval,
      requireTwoFactor: false,
    },
  };
}

function comment(overrides: Partial<PostComment>): PostComment {
  return {
    id: 'c1',
    postId: 'p1',
    kind: 'comment',
    body: 'Looks good',
    authorUserId: 'u2',
    authorName: 'Ana Approver',
    createdAt: '2026-12-01T10:00:00Z',
    ...overrides,
  };
}

function post(overrides: Partial<Post>): Post {
  return samplePost({
    status: 'pending_approval',
    scheduledAt: '2026-12-12T13:00:00Z',
    createdAt: '2026-12-01T00:00:00Z',
    updatedAt: '2026-12-01T00:00:00Z',
    createdByUserId: 'u1',
    submittedByUserId: 'u1',
    submittedAt: '2026-12-01T09:00:00Z',
    ...overrides,
  });
}

describe('schedulingNeedsApproval', () => {
  it('only for an editor, only with approvals on', () => {
    expect(schedulingNeedsApproval(member('editor', true))).toBe(true);
    expect(schedulingNeedsApproval(member('editor', false))).toBe(false);
    for (const role of ['owner', 'admin', 'approver', 'viewer'] as const) {
      expect(schedulingNeedsApproval(member(role, true))).toBe(false);
    }
    expect(schedulingNeedsApproval(null)).toBe(false);
  });

  it('not on a plan without team collaboration (the server schedules directly there)', () => {
    const starter = member('editor', true);
    expect(schedulingNeedsApproval({ workspace: { ...starter.workspace, plan: 'starter' } })).toBe(false);
  });
});

describe('anyWaitingForApproval', () => {
  it('tells a submission from a schedule by what the server answered', () => {
    expect(anyWaitingForApproval([{ status: 'scheduled' }, { status: 'pending_approval' }])).toBe(true);
    expect(anyWaitingForApproval([{ status: 'scheduled' }])).toBe(false);
    expect(anyWaitingForApproval([])).toBe(false);
  });
});

describe('reviews in the thread', () => {
  const request = comment({
    id: 'r',
    kind: 'changes_requested',
    body: 'Say which day',
    createdAt: '2026-12-02T10:00:00Z',
  });
  const approval = comment({ id: 'a', kind: 'approved', body: '', createdAt: '2026-12-03T10:00:00Z' });
  const chat = comment({ id: 'c', createdAt: '2026-12-04T10:00:00Z' });

  it('finds the newest approval or request, whatever order the list comes in, ignoring plain comments', () => {
    expect(latestReview([chat, approval, request])?.id).toBe('a');
    expect(latestReview([chat, request])?.id).toBe('r');
    expect(latestReview([chat])).toBeNull();
  });

  it('shows a request for changes on a draft while it is still the last word', () => {
    expect(openChangeRequest({ status: 'draft' }, [request, chat])?.body).toBe('Say which day');
    expect(openChangeRequest({ status: 'draft' }, [request, approval])).toBeNull();
    expect(openChangeRequest({ status: 'pending_approval' }, [request])).toBeNull();
    expect(openChangeRequest({ status: 'draft' }, undefined)).toBeNull();
  });
});

describe('commentText', () => {
  it('drops the stored word of an approval without a note, keeps real notes', () => {
    expect(commentText({ kind: 'approved', body: 'Approved' })).toBe('');
    expect(commentText({ kind: 'approved', body: 'Nice one, ship it' })).toBe('Nice one, ship it');
    expect(commentText({ kind: 'comment', body: 'Comment on the photo' })).toBe('Comment on the photo');
  });
});

describe('approvalNeedsNewTime', () => {
  const now = Date.parse('2026-12-10T12:00:00Z');
  it('asks for a time when the planned one has passed or is missing', () => {
    expect(approvalNeedsNewTime({ scheduledAt: '2026-12-10T11:00:00Z' }, now)).toBe(true);
    expect(approvalNeedsNewTime({ scheduledAt: null }, now)).toBe(true);
    expect(approvalNeedsNewTime({ scheduledAt: '2026-12-10T13:00:00Z' }, now)).toBe(false);
  });
});

describe('sortPendingPosts', () => {
  it('keeps only waiting posts, soonest planned first, untimed last', () => {
    const sorted = sortPendingPosts([
      post({ id: 'late', scheduledAt: '2026-12-20T09:00:00Z' }),
      post({ id: 'untimed', scheduledAt: null }),
      post({ id: 'done', status: 'scheduled', scheduledAt: '2026-12-05T09:00:00Z' }),
      post({ id: 'soon', scheduledAt: '2026-12-11T09:00:00Z' }),
    ]);
    expect(sorted.map((item) => item.id)).toEqual(['soon', 'late', 'untimed']);
  });
});

describe('submitterName', () => {
  const names = new Map([['u1', 'Eddie Editor']]);
  it('names who submitted the post', () => {
    expect(submitterName(post({}), 'u9', names)).toBe('Eddie Editor');
    expect(submitterName(post({}), 'u1', undefined)).toBe('you');
    expect(submitterName(post({ submittedByUserId: 'gone' }), 'u9', names)).toBe('a former member');
    expect(submitterName(post({}), 'u9', undefined)).toBeNull();
    expect(submitterName(post({ submittedByUserId: null }), 'u9', names)).toBeNull();
  });
});
