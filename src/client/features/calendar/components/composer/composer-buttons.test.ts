import { describe, expect, it } from 'vitest';
import { composerButtons } from './composer-buttons';

describe('composerButtons', () => {
  it('schedules a new post, or keeps it as a draft', () => {
    expect(composerButtons(null, false)).toEqual({
      schedule: 'Schedule',
      scheduling: 'Scheduling...',
      draft: 'Save as draft',
      queue: 'Add to queue',
    });
  });

  it('submits for approval for an editor with approvals on', () => {
    expect(composerButtons(null, true)).toMatchObject({
      schedule: 'Submit for approval',
      draft: 'Save as draft',
    });
    expect(composerButtons('draft', true).schedule).toBe('Submit for approval');
    // Editing a scheduled post sends it back for approval.
    expect(composerButtons('scheduled', true)).toEqual({
      schedule: 'Submit for approval',
      scheduling: 'Submitting...',
      draft: null,
      queue: null,
    });
  });

  it('saves a post already waiting in place, for anyone', () => {
    for (const needsApproval of [true, false]) {
      expect(composerButtons('pending_approval', needsApproval)).toEqual({
        schedule: 'Save changes',
        scheduling: 'Saving...',
        draft: null,
        queue: null,
      });
    }
  });

  it('keeps the words of a schedule without approvals', () => {
    expect(composerButtons('scheduled', false)).toMatchObject({ schedule: 'Save changes', draft: null });
    expect(composerButtons('failed', false)).toMatchObject({ schedule: 'Schedule again', draft: 'Save' });
    expect(composerButtons('draft', false)).toMatchObject({ schedule: 'Schedule', draft: 'Save as draft' });
  });

  it('offers the queue to a new post or a draft only', () => {
    expect(composerButtons('draft', true).queue).toBe('Add to queue');
    for (const status of ['scheduled', 'pending_approval', 'failed', 'missed', 'cancelled'] as const) {
      expect(composerButtons(status, false).queue).toBeNull();
    }
  });
});
