import type { PostStatus } from '../../../../../contracts/posts';

export interface ComposerButtons {
  /** The main button's label (it schedules, saves a planned post, or submits it for approval). */
  schedule: string;
  /** The label while it works. */
  scheduling: string;
  /** The second button, which keeps the post as it is without scheduling; null when there is none. */
  draft: string | null;
  /** 'Add to queue': the account's next free slot instead of a time; null when it does not apply. */
  queue: string | null;
}

/**
 * The composer's buttons for a new post (`editing` null) or a saved one in `editing` state.
 * `needsApproval`: this member's schedule waits for an approver (an editor with approvals on).
 * A scheduled post or one already waiting is saved in place (no draft button: there is no
 * "unschedule" here, Cancel post does that); a waiting one keeps waiting when changed.
 */
export function composerButtons(editing: PostStatus | null, needsApproval: boolean): ComposerButtons {
  const planned = editing === 'scheduled' || editing === 'pending_approval';
  const submits = needsApproval && editing !== 'pending_approval';
  const schedule = submits
    ? 'Submit for approval'
    : planned
      ? 'Save changes'
      : editing === 'failed' || editing === 'missed'
        ? 'Schedule again'
        : 'Schedule';
  return {
    schedule,
    scheduling: submits ? 'Submitting...' : planned ? 'Saving...' : 'Scheduling...',
    draft: planned ? null : editing && editing !== 'draft' ? 'Save' : 'Save as draft',
    // A new post or a draft; a planned or failed one keeps its own time (Reschedule moves it).
    queue: editing === null || editing === 'draft' ? 'Add to queue' : null,
  };
}
