import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformLabels } from '../../../../../contracts/platforms';
import type { ComposePostBody, Post, UpdatePostBody } from '../../../../../contracts/posts';
import { toast } from '../../../../components/ui/use-toast';
import { addToQueue } from '../../../content/api/add-to-queue';
import { postKeys } from '../../../content/api/post-keys';
import { updatePost } from '../../../content/api/update-post';
import { composePost } from '../../api/compose-post';
import { formatDateTimeInZone } from '../../zoned-time';
import { type ChosenTarget, composeBody, editChanges, type RichDraft } from './composer-post';

/** 'Add to queue': a new post (one per account, saved as drafts first) or an edited draft. */
export type QueueVariables =
  | { mode: 'new'; body: ComposePostBody }
  | { mode: 'edit'; post: Post; changes: UpdatePostBody };

/**
 * Saves what the composer holds as drafts, then puts each into its account's queue, in order: each
 * takes its account's next free slot. A refusal (no posting times yet, the plan) leaves the drafts
 * saved, and says why.
 */
export async function queueComposed(
  variables: QueueVariables,
): Promise<{ posts: Post[]; warnings: string[] }> {
  const drafts =
    variables.mode === 'new'
      ? (await composePost({ ...variables.body, scheduledAt: null, asDraft: true })).posts
      : [await updatePost({ id: variables.post.id, changes: variables.changes })];
  const posts: Post[] = [];
  const warnings = new Set<string>();
  for (const draft of drafts) {
    const queued = await addToQueue(draft.id);
    posts.push(queued);
    for (const warning of queued.warnings) warnings.add(warning);
  }
  return { posts, warnings: [...warnings] };
}

/** Whether 'Add to queue' can work: every chosen target is an account (a queue is an account's). */
export function queueable(targets: readonly { socialAccountId: string | null }[]): boolean {
  return targets.length > 0 && targets.every((target) => target.socialAccountId !== null);
}

/** The toast after 'Add to queue': when the first post goes out, or why it waits. */
export function queuedToast(posts: Post[], warnings: string[], zone: string) {
  const [first] = posts;
  const count = posts.length;
  const what = count === 1 && first ? `Your ${platformLabels[first.platform]} post` : `${count} posts`;
  const when = first?.scheduledAt ? formatDateTimeInZone(first.scheduledAt, zone) : 'at its next free time';
  const line = posts.some((post) => post.status === 'pending_approval')
    ? `${what} took ${count === 1 ? 'its' : 'their'} queue’s next free time (${when}) and waits for an approver.`
    : posts.some((post) => post.status === 'draft')
      ? `${what} kept ${count === 1 ? 'its' : 'their'} place (${when}); the queue is paused, so nothing goes out until it is resumed.`
      : `${what} ${count === 1 ? 'goes' : 'go'} out ${when}, ${count === 1 ? 'its' : 'their'} queue’s next free time.`;
  return { title: 'Added to queue', description: [line, ...warnings].join(' ') };
}

/**
 * The composer's 'Add to queue': saves and queues what it holds (the composer's own checks ran),
 * then toasts and closes, or hands the refusal to `onError` as the other buttons do.
 */
export function useComposerQueue(zone: string, onDone: () => void, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const queue = useMutation({
    mutationFn: queueComposed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
  const submit = (input: {
    editing: Post | null;
    chosen: ChosenTarget[];
    draft: RichDraft;
    text: { content: string; hashtags: string[] };
  }) => {
    const [target] = input.chosen;
    if (!target || !queueable(input.chosen)) return;
    queue.mutate(
      input.editing
        ? { mode: 'edit', post: input.editing, changes: editChanges(input.text, input.draft, target) }
        : {
            mode: 'new',
            body: composeBody({ ...input.text, scheduledAt: null, asDraft: true }, input.draft, input.chosen),
          },
      {
        onSuccess: (answer) => {
          toast(queuedToast(answer.posts, answer.warnings, zone));
          onDone();
        },
        onError,
      },
    );
  };
  return { submit, pending: queue.isPending };
}
