import { platformLabels } from '../../../../../contracts/platforms';
import type { Post } from '../../../../../contracts/posts';
import { teamMessages } from '../../../../../contracts/team';
import { anyWaitingForApproval } from '../../../approvals/approval-display';
import { formatDateTimeInZone } from '../../zoned-time';
import type { ComposerAction } from './save-edit';

/** The toast after the composer saved: drafts saved, posts scheduled, or waiting for approval. */
export function savedToast(
  action: ComposerAction,
  posts: Post[],
  warnings: string[],
  { editing, zone }: { editing: boolean; zone: string },
): { title: string; description: string } {
  const count = posts.length;
  if (action === 'draft') {
    return {
      title: 'Draft Saved',
      description: [
        editing ? 'Your changes are saved.' : `${count} ${count === 1 ? 'draft' : 'drafts'} saved.`,
        ...warnings,
      ].join(' '),
    };
  }
  const at = posts[0]?.scheduledAt;
  const where =
    count === 1 && posts[0] ? `Your ${platformLabels[posts[0].platform]} post goes` : `${count} posts go`;
  const when = at ? formatDateTimeInZone(at, zone) : 'as planned';
  return anyWaitingForApproval(posts)
    ? {
        title: teamMessages.submittedForApproval,
        description: [
          `${where} out ${when} once an approver approves ${count === 1 ? 'it' : 'them'}.`,
          ...warnings,
        ].join(' '),
      }
    : { title: 'Post Scheduled', description: [`${where} out ${when}.`, ...warnings].join(' ') };
}
