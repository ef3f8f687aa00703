import { useState } from 'react';
import type { Post } from '../../../../../contracts/posts';
import { toast } from '../../../../components/ui/use-toast';
import { failureIssues, failureMessage, isUnauthorized } from '../../../../lib/api-client';
import { planLimitMessage } from '../../../billing/plan-limit';
import { SCHEDULE_FAILED_MESSAGE } from '../schedule-fields';
import { savedToast } from './composer-toasts';
import type { ComposerAction as Action } from './save-edit';

const DRAFT_FAILED_MESSAGE = 'The draft could not be saved. Please try again.';

/**
 * What the composer says after a save: the toast, and on a refusal the server's problems (kept in
 * view) or, for a 402, the plan's message with an upgrade link.
 */
export function useComposerFeedback({
  editing,
  zone,
  onDone,
}: {
  editing: boolean;
  zone: string;
  onDone: () => void;
}) {
  const [serverProblem, setServerProblem] = useState<string[]>([]);
  /** A 402: the plan refuses this (an account over its limit); shown with an upgrade link. */
  const [planLimit, setPlanLimit] = useState<string | null>(null);

  const reset = () => {
    setServerProblem([]);
    setPlanLimit(null);
  };

  const failed = (action: Action) => (error: unknown) => {
    if (isUnauthorized(error)) return;
    const issues = failureIssues(error).map((issue) => issue.message);
    const message = failureMessage(
      error,
      action === 'draft' ? DRAFT_FAILED_MESSAGE : SCHEDULE_FAILED_MESSAGE,
    );
    const limit = planLimitMessage(error);
    setPlanLimit(limit);
    if (!limit) setServerProblem(issues.length > 0 ? [...new Set([message, ...issues])] : [message]);
    toast({
      title: action === 'draft' ? 'Draft Not Saved' : 'Scheduling Failed',
      description: message,
      variant: 'destructive',
    });
  };

  /** Saved: the toast, then the dialog closes. A refused repeat is said after it. */
  const succeeded = (action: Action, posts: Post[], warnings: string[], repeatFailure: unknown = null) => {
    toast(savedToast(action, posts, warnings, { editing, zone }));
    onDone();
    if (repeatFailure) {
      toast({
        title: 'Not Repeating',
        description:
          planLimitMessage(repeatFailure) ??
          failureMessage(repeatFailure, 'The post could not be made to repeat.'),
        variant: 'destructive',
      });
    }
  };

  return { serverProblem, planLimit, reset, failed, succeeded };
}
