import { describe, expect, it } from 'vitest';
import {
  answerRecipient,
  approvalModeOf,
  approvalTime,
  approverRoles,
  commentRecipients,
  editFields,
  excerpt,
  postsInWords,
  retryFields,
  scheduleFields,
  timeInWords,
} from './approval-rules';

const now = new Date('2026-05-01T10:00:00Z');

describe('approvalModeOf', () => {
  it('makes editors submit and lets approver-level roles approve when the workflow is on', () => {
    const on = { requireApproval: true, plan: 'professional' as const };
    expect(approvalModeOf({ ...on, role: 'editor' })).toBe('submit');
    expect(approvalModeOf({ ...on, role: 'approver' })).toBe('approve');
    expect(approvalModeOf({ ...on, role: 'admin' })).toBe('approve');
    expect(approvalModeOf({ ...on, role: 'owner' })).toBe('approve');
    expect(approvalModeOf({ ...on, plan: 'enterprise', role: 'editor' })).toBe('submit');
  });

  it('is off when the setting is off or the plan has no team collaboration', () => {
    expect(approvalModeOf({ requireApproval: false, plan: 'professional', role: 'editor' })).toBe('off');
    expect(approvalModeOf({ requireApproval: true, plan: 'starter', role: 'editor' })).toBe('off');
    expect(approvalModeOf({ requireApproval: true, plan: 'free', role: 'owner' })).toBe('off');
  });

  it('knows which roles approve', () => {
    expect([...approverRoles].sort()).toEqual(['admin', 'approver', 'owner']);
  });
});

describe('scheduleFields and editFields', () => {
  it('a submission waits with no job and no earlier approval; an approver-level schedule is an approval', () => {
    expect(scheduleFields('submit', 'ed', now)).toEqual({
      status: 'pending_approval',
      submittedByUserId: 'ed',
      submittedAt: now,
      approvedByUserId: null,
      approvedAt: null,
      publishJobId: null,
    });
    expect(scheduleFields('approve', 'sam', now)).toEqual({
      status: 'scheduled',
      approvedByUserId: 'sam',
      approvedAt: now,
    });
    expect(scheduleFields('off', 'ed', now)).toEqual({ status: 'scheduled' });
  });

  it("an editor's edit sends a scheduled post back for approval; a pending one stays pending", () => {
    expect(editFields('scheduled', 'submit', false, 'ed', now)).toMatchObject({
      status: 'pending_approval',
      submittedByUserId: 'ed',
      approvedByUserId: null,
    });
    expect(editFields('pending_approval', 'submit', false, 'ed', now)).not.toHaveProperty('status');
    expect(editFields('draft', 'submit', false, 'ed', now)).not.toHaveProperty('status');
  });

  it("an admin's edit keeps a scheduled post scheduled and approves the new version", () => {
    expect(editFields('scheduled', 'approve', true, 'sam', now)).toEqual({
      approvedByUserId: 'sam',
      approvedAt: now,
    });
    expect(editFields('pending_approval', 'approve', true, 'sam', now)).toEqual({});
  });

  it("with the workflow off an editor's edit still voids an earlier approval, an admin's does not", () => {
    expect(editFields('scheduled', 'off', false, 'ed', now)).toEqual({
      approvedByUserId: null,
      approvedAt: null,
    });
    expect(editFields('scheduled', 'off', true, 'sam', now)).toEqual({});
  });
});

describe('retryFields', () => {
  it('an approval that stands lets the retry go out; a voided one waits again (issue 18 §2)', () => {
    expect(retryFields('submit', true, 'ed', now)).toEqual({ status: 'scheduled' });
    expect(retryFields('submit', false, 'ed', now)).toEqual(scheduleFields('submit', 'ed', now));
  });
  it('an approver-level retry is their approval; with approvals off nothing is asked', () => {
    expect(retryFields('approve', false, 'sam', now)).toEqual(scheduleFields('approve', 'sam', now));
    expect(retryFields('approve', true, 'sam', now)).toEqual({ status: 'scheduled' });
    expect(retryFields('off', false, 'ed', now)).toEqual({ status: 'scheduled' });
  });
});

describe('approvalTime', () => {
  const later = new Date('2026-05-02T09:00:00Z');
  it('keeps the planned time while it is ahead', () => {
    expect(approvalTime(undefined, later, now)).toEqual({ at: later });
  });
  it('asks for a new time once the planned one has passed', () => {
    expect(approvalTime(undefined, new Date('2026-05-01T09:00:00Z'), now)).toEqual({
      problem: 'The planned time has passed. Choose a new time to approve this post.',
    });
    expect(approvalTime(undefined, null, now)).toHaveProperty('problem');
  });
  it('takes a new time from the approver, only in the future', () => {
    expect(approvalTime('2026-06-01T08:00:00Z', new Date('2026-01-01T00:00:00Z'), now)).toEqual({
      at: new Date('2026-06-01T08:00:00Z'),
    });
    expect(approvalTime('2026-04-01T08:00:00Z', later, now)).toEqual({
      problem: 'Choose a time in the future.',
    });
  });
});

describe('recipients', () => {
  it('tells the writer, the submitter and earlier commenters of a comment, once each, never its author', () => {
    expect(
      commentRecipients({
        createdByUserId: 'ada',
        submittedByUserId: 'ed',
        earlierCommenterIds: ['sam', 'ada', null, 'kim', 'sam'],
        authorUserId: 'kim',
      }).sort(),
    ).toEqual(['ada', 'ed', 'sam']);
  });
  it('answers the submitter, else the writer', () => {
    expect(answerRecipient({ submittedByUserId: 'ed', createdByUserId: 'ada' })).toBe('ed');
    expect(answerRecipient({ submittedByUserId: null, createdByUserId: 'ada' })).toBe('ada');
    expect(answerRecipient({ submittedByUserId: null, createdByUserId: null })).toBeNull();
  });
});

describe('words', () => {
  it('names one post with its article, and a group by its platforms', () => {
    expect(postsInWords(['linkedin'])).toBe('a LinkedIn post');
    expect(postsInWords(['instagram'])).toBe('an Instagram post');
    expect(postsInWords(['twitter'])).toBe('an X (Twitter) post');
    expect(postsInWords(['linkedin', 'instagram', 'facebook'])).toBe(
      '3 posts for LinkedIn, Instagram and Facebook',
    );
    expect(postsInWords(['linkedin', 'linkedin'])).toBe('2 posts for LinkedIn');
  });
  it('shortens long text to one line', () => {
    expect(excerpt('Spring\n\nmenu  is here')).toBe('Spring menu is here');
    expect(excerpt('x'.repeat(100))).toHaveLength(80);
  });
  it("says a time in the reader's zone, UTC when they have none", () => {
    const at = new Date('2026-12-01T14:00:00Z');
    expect(timeInWords(at, null)).toBe('Tue 1 Dec 2026 at 14:00 (UTC)');
    expect(timeInWords(at, 'Europe/Berlin')).toBe('Tue 1 Dec 2026 at 15:00 (Europe/Berlin)');
    expect(timeInWords(at, 'Not/AZone')).toBe('Tue 1 Dec 2026 at 14:00 (UTC)');
  });
});
