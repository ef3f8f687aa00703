import { Recycle } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import { SwitchRow } from '../../../components/ui/switch-row';
import { failureMessage } from '../../../lib/api-client';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { planNeededOf } from '../../billing/plan-limit';
import { useMarkEvergreen } from '../api/mark-evergreen';

/**
 * The post panel's 'Evergreen' switch: a marked post is queued again, as a copy, when its
 * account's queue runs dry (the Queue page's recycling setting). A recycled copy says where it
 * came from instead: its original carries the mark.
 */
export function EvergreenToggle({ post }: { post: Pick<Post, 'id' | 'evergreen' | 'recycledFromPostId'> }) {
  const mark = useMarkEvergreen();
  if (post.recycledFromPostId) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="recycled-copy-note">
        <Recycle className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />A recycled copy of an
        evergreen post.
      </p>
    );
  }
  const planNeeded = planNeededOf(mark.error);
  return (
    <div className="grid gap-2">
      <SwitchRow
        id={`evergreen-${post.id}`}
        label="Evergreen"
        description="Queue this post again when its account's queue runs dry (set up on the Queue page)."
        checked={mark.isPending && mark.variables ? mark.variables.evergreen : post.evergreen}
        disabled={mark.isPending}
        onCheckedChange={(evergreen) => mark.mutate({ id: post.id, evergreen })}
        className="items-center rounded-lg border border-slate-200 px-3 py-2.5"
        data-testid="evergreen-switch"
      />
      {mark.isError && planNeeded ? (
        <UpgradePrompt message={failureMessage(mark.error, '')} plan={planNeeded} />
      ) : mark.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(mark.error, 'The post could not be marked. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}
