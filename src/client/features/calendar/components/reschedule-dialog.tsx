import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import { teamMessages } from '../../../../contracts/team';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { schedulingNeedsApproval } from '../../approvals/approval-display';
import { useAuth } from '../../auth/api/get-current-user';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { planLimitMessage } from '../../billing/plan-limit';
import { useSchedulePost } from '../../content/api/schedule-post';
import { useReschedulePost } from '../api/reschedule-post';
import { defaultScheduleWallTime, formatDateTimeInZone, utcToWallTime, type WallTime } from '../zoned-time';
import { checkScheduleTime, SCHEDULE_FAILED_MESSAGE, ScheduleFields } from './schedule-fields';

interface RescheduleDialogProps {
  post: Post | null;
  zone: string;
  onClose: () => void;
}

/**
 * Picks a new time for a post in the user's zone: a scheduled post moves (PATCH scheduledAt), a
 * draft or cancelled post is scheduled (POST .../schedule).
 */
export function RescheduleDialog({ post, zone, onClose }: RescheduleDialogProps) {
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        {post ? <RescheduleForm post={post} zone={zone} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RescheduleForm({ post, zone, onDone }: { post: Post; zone: string; onDone: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const moving = post.status === 'scheduled';
  // An editor's draft goes to an approver rather than straight onto the schedule.
  const submitting = !moving && schedulingNeedsApproval(user);
  const [wall, setWall] = useState<WallTime>(
    () => (post.scheduledAt ? utcToWallTime(post.scheduledAt, zone) : null) ?? defaultScheduleWallTime(zone),
  );
  const [tried, setTried] = useState(false);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const reschedule = useReschedulePost();
  const schedule = useSchedulePost();
  const pending = reschedule.isPending || schedule.isPending;
  const check = checkScheduleTime(wall, zone);

  const done = (saved: Post, warnings: string[] = []) => {
    const goes = `Your ${platformLabels[saved.platform]} post goes out ${formatDateTimeInZone(saved.scheduledAt ?? '', zone)}`;
    toast(
      saved.status === 'pending_approval'
        ? {
            title: teamMessages.submittedForApproval,
            description: [`${goes} once an approver approves it.`, ...warnings].join(' '),
          }
        : { title: 'Post Scheduled', description: [`${goes}.`, ...warnings].join(' ') },
    );
    onDone();
  };
  const failed = (error: unknown) => {
    if (isUnauthorized(error)) return;
    setPlanLimit(planLimitMessage(error));
    toast({
      title: 'Scheduling Failed',
      description: failureMessage(error, SCHEDULE_FAILED_MESSAGE),
      variant: 'destructive',
    });
  };

  const submit = () => {
    setTried(true);
    setPlanLimit(null);
    if (check.problem || !check.instant || pending) return;
    const scheduledAt = check.instant.iso;
    if (moving) {
      reschedule.mutate({ id: post.id, scheduledAt }, { onSuccess: (saved) => done(saved), onError: failed });
    } else {
      schedule.mutate(
        { id: post.id, scheduledAt },
        { onSuccess: (saved) => done(saved, saved.warnings), onError: failed },
      );
    }
  };

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{moving ? 'Reschedule post' : 'Schedule post'}</DialogTitle>
        <DialogDescription>
          Choose when Kitepost publishes this {platformLabels[post.platform]} post
          {submitting ? '; an approver reviews it first.' : '.'}
        </DialogDescription>
      </DialogHeader>
      <ScheduleFields id={id} value={wall} onChange={setWall} zone={zone} check={check} showProblem={tried} />
      {planLimit ? <UpgradePrompt message={planLimit} reveal /> : null}
      <DialogActions
        pending={pending}
        icon={CalendarClock}
        label={moving ? 'Reschedule' : submitting ? 'Submit for approval' : 'Schedule'}
        pendingLabel={submitting ? 'Submitting...' : 'Scheduling...'}
      />
    </form>
  );
}
