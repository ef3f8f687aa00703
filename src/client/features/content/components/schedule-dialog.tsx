import { CalendarClock, Globe, ListPlus, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { planLimitMessage, planNeededOf } from '../../billing/plan-limit';
import { useAddToQueue } from '../api/add-to-queue';
import { useSchedulePost } from '../api/schedule-post';
import {
  defaultScheduleValue,
  formatLocalDateTime,
  localInputToDate,
  localTimeZoneLabel,
  toLocalInputValue,
} from '../schedule-time';

export const SCHEDULE_FAILED_MESSAGE = 'The post could not be scheduled. Please try again.';

interface ScheduleDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onScheduled: (post: Post) => void;
}

/** Picks the publishing time (default tomorrow 14:00 local, spec §4) and schedules the post. */
export function ScheduleDialog({ post, open, onOpenChange, onScheduled }: ScheduleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* The content unmounts when closed: each opening starts from the default time again. */}
        <ScheduleForm post={post} onDone={() => onOpenChange(false)} onScheduled={onScheduled} />
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  post,
  onDone,
  onScheduled,
}: {
  post: Post;
  onDone: () => void;
  onScheduled: (post: Post) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(() =>
    post.scheduledAt ? toLocalInputValue(new Date(post.scheduledAt)) : defaultScheduleValue(),
  );
  const schedule = useSchedulePost();
  const queue = useAddToQueue();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const [queueProblem, setQueueProblem] = useState<string | null>(null);
  /** The plan a queue refusal names (a queue on one more account), for the upgrade link. */
  const [planNeeded, setPlanNeeded] = useState<ReturnType<typeof planNeededOf>>(undefined);
  const when = localInputToDate(value);
  const past = when !== null && when.getTime() <= Date.now();
  const busy = schedule.isPending || queue.isPending;
  const canSchedule = when !== null && !past && !busy;

  // The next free time of its account's queue (the platform's account when the post has none yet).
  const addToQueue = () => {
    setPlanLimit(null);
    setQueueProblem(null);
    queue.mutate(post.id, {
      onSuccess: (saved) => {
        toast({
          title: 'Added to queue',
          description: saved.scheduledAt
            ? `Your ${platformLabels[saved.platform]} post takes its queue’s next free time: ${formatLocalDateTime(saved.scheduledAt)}.`
            : `Your ${platformLabels[saved.platform]} post is in its queue.`,
        });
        onScheduled(saved);
        onDone();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const limit = planLimitMessage(error);
        setPlanLimit(limit);
        setPlanNeeded(planNeededOf(error));
        if (!limit) setQueueProblem(failureMessage(error, SCHEDULE_FAILED_MESSAGE));
      },
    });
  };

  const submit = () => {
    if (!when || !canSchedule) return;
    setPlanLimit(null);
    setPlanNeeded(undefined);
    schedule.mutate(
      { id: post.id, scheduledAt: when.toISOString() },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Post Scheduled',
            description: `Your ${platformLabels[saved.platform]} post goes out ${formatLocalDateTime(saved.scheduledAt ?? when.toISOString())}.`,
          });
          onScheduled(saved);
          onDone();
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          setPlanLimit(planLimitMessage(error));
          toast({
            title: 'Scheduling Failed',
            description: failureMessage(error, SCHEDULE_FAILED_MESSAGE),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Schedule post</DialogTitle>
        <DialogDescription>
          Choose when Kitepost publishes this {platformLabels[post.platform]} post.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-when`}>Date and time</Label>
        <Input
          id={`${id}-when`}
          type="datetime-local"
          value={value}
          min={toLocalInputValue(new Date())}
          required
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={past || undefined}
          aria-describedby={`${id}-zone ${id}-past`}
        />
        <p id={`${id}-zone`} className="flex items-center gap-1.5 text-xs text-slate-600">
          <Globe className="size-3.5 shrink-0" aria-hidden="true" />
          <span>Time zone: {localTimeZoneLabel(when ?? new Date())}</span>
        </p>
        <p id={`${id}-past`} className="text-xs font-medium text-red-700" aria-live="polite">
          {past ? 'Choose a time in the future.' : null}
        </p>
      </div>
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">
          Or let its account’s queue choose the next free posting time.
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={addToQueue}
          className="self-start sm:self-auto"
        >
          {queue.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <ListPlus aria-hidden="true" />
          )}
          Add to queue
        </Button>
      </div>
      {queueProblem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {queueProblem}
        </p>
      ) : null}
      {planLimit ? <UpgradePrompt message={planLimit} plan={planNeeded} reveal /> : null}
      <DialogActions
        pending={schedule.isPending}
        disabled={!canSchedule}
        icon={CalendarClock}
        label="Schedule post"
        pendingLabel="Scheduling..."
      />
    </form>
  );
}
