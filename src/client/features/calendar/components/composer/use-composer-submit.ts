import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Post } from '../../../../../contracts/posts';
import type { PostScope } from '../../../../../contracts/recurring';
import { postKeys } from '../../../content/api/post-keys';
import { useComposePost } from '../../api/compose-post';
import type { TargetKey } from '../../composer-targets';
import { type RepeatValue, repeatBody } from '../../repeat-rule';
import type { WallTime } from '../../zoned-time';
import type { ScheduleCheck } from '../schedule-fields';
import { type ChosenTarget, composeBody, editChanges, type RichDraft } from './composer-post';
import { useComposerQueue } from './composer-queue';
import { type ComposerAction as Action, saveEdit } from './save-edit';
import { useComposerFeedback } from './use-composer-feedback';

/** What the composer's form holds: the fields a person edits (post types, media, thread: RichDraft). */
export interface ComposerValues extends RichDraft {
  targets: TargetKey[];
  content: string;
  hashtags: string[];
  wall: WallTime;
  /** How a new (or not yet repeating) post repeats once scheduled. */
  repeat: RepeatValue;
  /** Editing a recurring post: this one only, or this and every later one. */
  scope: PostScope;
}

/** What the form's live checks found, at the moment a button is pressed. */
export interface ComposerState {
  values: ComposerValues;
  chosen: ChosenTarget[];
  /** Nothing can be sent: no text, no target, or media still loading. */
  incomplete: boolean;
  /** A platform's check refuses the post (drafts may still be saved). */
  blocking: boolean;
  timeCheck: ScheduleCheck;
  repeatIssue: string | null;
  /** The post already repeats: its rule is not sent again. */
  repeating: boolean;
}

/**
 * What the composer's buttons do: a draft, a schedule or the queue, for a new post (one per
 * target) or the post being edited; and what the server answered (feedback).
 */
export function useComposerSubmit({
  editing,
  zone,
  onDone,
}: {
  editing: Post | null;
  zone: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [tried, setTried] = useState<Action | null>(null);
  const { serverProblem, planLimit, reset, failed, succeeded } = useComposerFeedback({
    editing: editing !== null,
    zone,
    onDone,
  });
  const compose = useComposePost();
  const edit = useMutation({
    mutationFn: saveEdit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
  const queue = useComposerQueue(zone, onDone, (error) => failed('queue')(error));
  const pending = compose.isPending || edit.isPending || queue.pending;

  const submit = (action: Action, state: ComposerState) => {
    const { values, chosen, timeCheck } = state;
    const { content, hashtags } = values;
    setTried(action);
    reset();
    if (pending || state.incomplete) return;
    if (
      action === 'schedule' &&
      (state.blocking || timeCheck.problem || !timeCheck.instant || state.repeatIssue)
    )
      return;
    if (action === 'queue') {
      if (!state.blocking) queue.submit({ editing, chosen, draft: values, text: { content, hashtags } });
      return;
    }
    // A draft keeps the planned time when it is a valid time ahead; scheduling needs one.
    const scheduledAt = timeCheck.problem ? null : (timeCheck.instant?.iso ?? null);
    // Only a scheduled post repeats; a draft keeps no rule.
    const repeatRule = action === 'schedule' && !state.repeating ? repeatBody(values.repeat, zone) : null;

    if (!editing) {
      compose.mutate(
        {
          body: composeBody({ content, hashtags, scheduledAt, asDraft: action === 'draft' }, values, chosen),
          repeat: repeatRule,
        },
        {
          onSuccess: (answer) => succeeded(action, answer.posts, answer.warnings, answer.repeatFailure),
          onError: failed(action),
        },
      );
      return;
    }
    const [target] = chosen;
    if (!target) return;
    edit.mutate(
      {
        post: editing,
        action,
        scheduledAt,
        changes: editChanges({ content, hashtags }, values, target),
        scope: values.scope,
        repeat: repeatRule,
      },
      { onSuccess: (answer) => succeeded(action, [answer.post], answer.warnings), onError: failed(action) },
    );
  };

  return { tried, pending, serverProblem, planLimit, submit };
}
