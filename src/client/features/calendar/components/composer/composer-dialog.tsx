import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleAlert, FilePen, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { platformLabels } from '../../../../../contracts/platforms';
import type { Post } from '../../../../../contracts/posts';
import { teamMessages } from '../../../../../contracts/team';
import { HashtagField } from '../../../../components/hashtag-field';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { toast } from '../../../../components/ui/use-toast';
import { failureIssues, failureMessage, isUnauthorized } from '../../../../lib/api-client';
import { anyWaitingForApproval, schedulingNeedsApproval } from '../../../approvals/approval-display';
import { useAuth } from '../../../auth/api/get-current-user';
import { UpgradePrompt } from '../../../billing/components/upgrade-prompt';
import { planLimitMessage } from '../../../billing/plan-limit';
import { postKeys } from '../../../content/api/post-keys';
import { useSocialAccounts } from '../../../social-accounts/api/get-social-accounts';
import { useComposePost } from '../../api/compose-post';
import { mediaQueryOptions } from '../../api/media';
import {
  chosenPlatforms,
  composeTargets,
  mediaWarnings,
  type TargetKey,
  targetKeyOf,
} from '../../composer-targets';
import {
  defaultScheduleWallTime,
  formatDateTimeInZone,
  utcToWallTime,
  type WallTime,
} from '../../zoned-time';
import { checkScheduleTime, SCHEDULE_FAILED_MESSAGE, ScheduleFields } from '../schedule-fields';
import { composerButtons } from './composer-buttons';
import { ComposerPreview } from './composer-preview';
import { LinkPreviewCard } from './link-preview-card';
import { MediaPicker } from './media-picker';
import { checkPlatforms, PlatformChecks } from './platform-checks';
import { type ComposerAction as Action, saveEdit } from './save-edit';
import { SuggestedTimes } from './suggested-times';
import { TargetPicker } from './target-picker';

/** What the composer's form holds: the fields a person edits. */
interface ComposerValues {
  targets: TargetKey[];
  content: string;
  hashtags: string[];
  mediaIds: string[];
  wall: WallTime;
}

export const DRAFT_FAILED_MESSAGE = 'The draft could not be saved. Please try again.';

/** What the composer opens on: a new post (maybe at a clicked time), or a saved post to edit. */
export type ComposerSubject =
  /** `mediaIds`: attached from the start (the media library's "Use in a post"). */
  { mode: 'new'; wall?: WallTime | null; mediaIds?: string[] } | { mode: 'edit'; post: Post };

interface ComposerDialogProps {
  subject: ComposerSubject | null;
  zone: string;
  onClose: () => void;
}

/** 'Add Post' and 'Edit': one text for several accounts, checked live against each platform. */
export function ComposerDialog({ subject, zone, onClose }: ComposerDialogProps) {
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        className="sm:max-w-2xl lg:max-w-5xl"
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        {/* The form unmounts when closed: each opening starts from the subject again. */}
        {subject ? <ComposerForm subject={subject} zone={zone} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ComposerForm({
  subject,
  zone,
  onDone,
}: {
  subject: ComposerSubject;
  zone: string;
  onDone: () => void;
}) {
  const id = useId();
  const editing = subject.mode === 'edit' ? subject.post : null;
  const { user } = useAuth();
  const accounts = useSocialAccounts();
  const queryClient = useQueryClient();
  // One form holds what is typed. It has no resolver: what a post may be depends on the chosen
  // platforms, the media and the action (a draft needs no time), so the checks below run live on
  // every change and the server checks the contract again.
  const form = useForm<ComposerValues>({
    defaultValues: {
      targets: editing ? [targetKeyOf(editing)] : [],
      content: editing?.content ?? '',
      hashtags: editing?.hashtags ?? [],
      mediaIds: editing?.mediaIds ?? (subject.mode === 'new' ? subject.mediaIds : undefined) ?? [],
      wall:
        (editing?.scheduledAt ? utcToWallTime(editing.scheduledAt, zone) : null) ??
        (subject.mode === 'new' ? subject.wall : null) ??
        defaultScheduleWallTime(zone),
    },
  });
  const { targets, content, hashtags, mediaIds, wall } = form.watch();
  const setter =
    <Name extends keyof ComposerValues>(name: Name) =>
    (value: ComposerValues[Name]) =>
      // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's PathValue does not narrow a generic name
      form.setValue(name, value as any, { shouldDirty: true });
  const setTargets = setter('targets');
  const setContent = setter('content');
  const setHashtags = setter('hashtags');
  const setMediaIds = setter('mediaIds');
  const setWall = setter('wall');
  const [tried, setTried] = useState<Action | null>(null);
  const [serverProblem, setServerProblem] = useState<string[]>([]);
  /** A 402: the plan refuses this (an account over its limit); shown with an upgrade link. */
  const [planLimit, setPlanLimit] = useState<string | null>(null);

  const compose = useComposePost();
  const edit = useMutation({
    mutationFn: saveEdit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
  const pending = compose.isPending || edit.isPending;

  const media = useQueries({ queries: mediaIds.map((mediaId) => mediaQueryOptions(mediaId)) });
  const mediaItems = media.map((query) => query.data);
  const requestTargets = composeTargets(targets, accounts.data ?? []);
  const platforms = chosenPlatforms(requestTargets);
  // The platform's own rules, and images it could not download from this server (the server
  // refuses to schedule those too).
  const unreachable = mediaWarnings(requestTargets, accounts.data ?? [], mediaIds.length);
  const checks = checkPlatforms(platforms, {
    content,
    hashtags,
    media: mediaItems.filter((item) => item !== undefined),
  }).map((check) => ({
    ...check,
    problems: [
      ...check.problems,
      ...unreachable.filter((item) => item.platform === check.platform).map((item) => item.warning),
    ],
  }));
  const blocking = checks.some((check) => check.problems.length > 0);
  const timeCheck = checkScheduleTime(wall, zone);
  const empty = content.trim().length === 0;
  const noTarget = requestTargets.length === 0;
  const mediaLoading = mediaItems.some((item) => item === undefined);

  // With approvals on, an editor's schedule waits for an approver (the server decides; the
  // words follow).
  const needsApproval = schedulingNeedsApproval(user);
  const buttons = composerButtons(editing?.status ?? null, needsApproval);

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

  const succeeded = (action: Action, posts: Post[], warnings: string[]) => {
    const count = posts.length;
    if (action === 'draft') {
      toast({
        title: 'Draft Saved',
        description: [
          editing ? 'Your changes are saved.' : `${count} ${count === 1 ? 'draft' : 'drafts'} saved.`,
          ...warnings,
        ].join(' '),
      });
    } else {
      const at = posts[0]?.scheduledAt;
      const where =
        count === 1 && posts[0] ? `Your ${platformLabels[posts[0].platform]} post goes` : `${count} posts go`;
      const when = at ? formatDateTimeInZone(at, zone) : 'as planned';
      toast(
        anyWaitingForApproval(posts)
          ? {
              title: teamMessages.submittedForApproval,
              description: [
                `${where} out ${when} once an approver approves ${count === 1 ? 'it' : 'them'}.`,
                ...warnings,
              ].join(' '),
            }
          : { title: 'Post Scheduled', description: [`${where} out ${when}.`, ...warnings].join(' ') },
      );
    }
    onDone();
  };

  const submit = (action: Action) => {
    setTried(action);
    setServerProblem([]);
    setPlanLimit(null);
    if (pending || empty || noTarget || mediaLoading) return;
    if (action === 'schedule' && (blocking || timeCheck.problem || !timeCheck.instant)) return;
    // A draft keeps the planned time when it is a valid time ahead; scheduling needs one.
    const scheduledAt = timeCheck.problem ? null : (timeCheck.instant?.iso ?? null);

    if (!editing) {
      compose.mutate(
        { content, hashtags, mediaIds, targets: requestTargets, scheduledAt, asDraft: action === 'draft' },
        {
          onSuccess: (answer) => succeeded(action, answer.posts, answer.warnings),
          onError: failed(action),
        },
      );
      return;
    }
    const [target] = requestTargets;
    if (!target) return;
    edit.mutate(
      {
        post: editing,
        action,
        scheduledAt,
        changes: {
          content,
          hashtags,
          mediaIds,
          platform: target.platform,
          socialAccountId: target.socialAccountId,
        },
      },
      { onSuccess: (answer) => succeeded(action, [answer.post], answer.warnings), onError: failed(action) },
    );
  };

  const author = user?.workspace.name || (user ? `${user.firstName} ${user.lastName}` : 'Your brand');

  return (
    <form
      className="grid gap-5"
      noValidate
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        submit('schedule');
      }}
    >
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit post' : 'Add Post'}</DialogTitle>
        <DialogDescription>
          {editing
            ? `Change this ${platformLabels[editing.platform]} post; the checks run as you type.`
            : 'Write once for several accounts: each gets its own post, checked against its platform as you type.'}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="grid content-start gap-5">
          <TargetPicker
            id={`${id}-targets`}
            accounts={accounts.data}
            loading={accounts.isPending}
            value={targets}
            onChange={setTargets}
            single={editing !== null}
            keep={editing ? targetKeyOf(editing) : undefined}
            invalid={tried !== null && noTarget}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-content`}>Post text</Label>
            <Textarea
              id={`${id}-content`}
              value={content}
              rows={5}
              maxLength={63206}
              placeholder="What do you want to share?"
              onChange={(event) => setContent(event.target.value)}
              aria-invalid={(tried !== null && empty) || undefined}
              aria-describedby={`${id}-checks`}
              className="min-h-32"
            />
            {tried !== null && empty ? (
              <p className="text-xs font-medium text-red-700">Write something to post.</p>
            ) : null}
          </div>
          <LinkPreviewCard content={content} mediaCount={mediaIds.length} />
          <HashtagField id={`${id}-hashtags`} value={hashtags} onChange={setHashtags} />
          <MediaPicker id={`${id}-media`} ids={mediaIds} items={mediaItems} onChange={setMediaIds} />
          <ScheduleFields
            id={`${id}-when`}
            value={wall}
            onChange={setWall}
            zone={zone}
            check={timeCheck}
            showProblem={tried === 'schedule'}
          />
          <SuggestedTimes
            id={`${id}-suggested`}
            targets={requestTargets}
            accounts={accounts.data}
            zone={zone}
            value={wall}
            onPick={setWall}
          />
        </div>

        <div className="grid content-start gap-5">
          <section aria-labelledby={`${id}-checks-title`} className="grid gap-2">
            <h3 id={`${id}-checks-title`} className="text-sm font-semibold text-slate-900">
              Pre-publish checks
            </h3>
            <PlatformChecks id={`${id}-checks`} content={content} hashtags={hashtags} checks={checks} />
          </section>
          {platforms.length > 0 ? (
            <section aria-labelledby={`${id}-preview-title`} className="grid gap-2">
              <h3 id={`${id}-preview-title`} className="text-sm font-semibold text-slate-900">
                Preview
              </h3>
              <ComposerPreview
                platforms={platforms}
                content={content}
                hashtags={hashtags}
                author={author}
                imageCount={mediaIds.length}
              />
            </section>
          ) : null}
        </div>
      </div>

      {planLimit ? <UpgradePrompt message={planLimit} reveal /> : null}
      {serverProblem.length > 0 ? (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          <ul className="grid gap-0.5">
            {serverProblem.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3">
        {blocking ? (
          <p className="w-full text-xs font-medium text-red-700 sm:mr-auto sm:w-auto">
            Fix the problems above to schedule.
          </p>
        ) : needsApproval ? (
          <p className="w-full text-xs text-slate-600 sm:mr-auto sm:w-auto">
            An approver reviews it before it goes out.
          </p>
        ) : null}
        {/* On a phone the dialog's own close button cancels: room for the two that matter. */}
        <span className="hidden sm:block">
          <DialogClose asChild>
            <Button variant="ghost" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
        </span>
        {buttons.draft ? (
          <Button variant="outline" disabled={pending} onClick={() => submit('draft')}>
            {pending && tried === 'draft' ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <FilePen aria-hidden="true" />
            )}
            {buttons.draft}
          </Button>
        ) : null}
        <Button type="submit" disabled={pending || blocking}>
          {pending && tried === 'schedule' ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <CalendarClock aria-hidden="true" />
          )}
          {pending && tried === 'schedule' ? buttons.scheduling : buttons.schedule}
        </Button>
      </div>
    </form>
  );
}
