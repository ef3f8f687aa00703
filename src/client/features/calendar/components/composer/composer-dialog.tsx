import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { platformLabels } from '../../../../../contracts/platforms';
import type { PostType } from '../../../../../contracts/post-types';
import type { Post } from '../../../../../contracts/posts';
import { HashtagField } from '../../../../components/hashtag-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { toast } from '../../../../components/ui/use-toast';
import { failureIssues, failureMessage, isUnauthorized } from '../../../../lib/api-client';
import { schedulingNeedsApproval } from '../../../approvals/approval-display';
import { useAuth } from '../../../auth/api/get-current-user';
import { UpgradePrompt } from '../../../billing/components/upgrade-prompt';
import { planLimitMessage } from '../../../billing/plan-limit';
import { postKeys } from '../../../content/api/post-keys';
import { useSocialAccounts } from '../../../social-accounts/api/get-social-accounts';
import { useComposePost } from '../../api/compose-post';
import { composeTargets, mediaWarnings, type TargetKey, targetKeyOf } from '../../composer-targets';
import { defaultScheduleWallTime, utcToWallTime, type WallTime } from '../../zoned-time';
import { checkScheduleTime, SCHEDULE_FAILED_MESSAGE, ScheduleFields } from '../schedule-fields';
import { composerButtons } from './composer-buttons';
import { ComposerFooter } from './composer-footer';
import {
  altTextLimit,
  checkTargets,
  composeBody,
  editChanges,
  firstCommentLimit,
  firstCommentTaken,
  hasThread,
  type RichDraft,
  richDraftOf,
  titleRule,
  typedTargets,
} from './composer-post';
import { ComposerPreview } from './composer-preview';
import { queueable, useComposerQueue } from './composer-queue';
import { savedToast } from './composer-toasts';
import { DocumentTitleField } from './document-title-field';
import { FirstCommentField } from './first-comment-field';
import { LinkPreviewCard } from './link-preview-card';
import { MediaDetails } from './media-details';
import { MediaPicker } from './media-picker';
import { PlatformChecks } from './platform-checks';
import { PostTypePicker } from './post-type-picker';
import { type ComposerAction as Action, saveEdit } from './save-edit';
import { SuggestedTimes } from './suggested-times';
import { TargetPicker } from './target-picker';
import { ThreadEditor } from './thread-editor';
import { useComposerMedia } from './use-composer-media';

/** What the composer's form holds: the fields a person edits (post types, media, thread: RichDraft). */
interface ComposerValues extends RichDraft {
  targets: TargetKey[];
  content: string;
  hashtags: string[];
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
      ...richDraftOf(editing),
      // "Use in a post" from the media library opens a new post with its media attached.
      ...(subject.mode === 'new' && subject.mediaIds
        ? { media: subject.mediaIds.map((mediaId) => ({ id: mediaId, altText: '' })) }
        : {}),
      wall:
        (editing?.scheduledAt ? utcToWallTime(editing.scheduledAt, zone) : null) ??
        (subject.mode === 'new' ? subject.wall : null) ??
        defaultScheduleWallTime(zone),
    },
  });
  const values = form.watch();
  const { targets, content, hashtags, media, firstComment, thread, title, wall } = values;
  const setter =
    <Name extends keyof ComposerValues>(name: Name) =>
    (value: ComposerValues[Name]) =>
      // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's PathValue does not narrow a generic name
      form.setValue(name, value as any, { shouldDirty: true });
  const setTargets = setter('targets');
  const setContent = setter('content');
  const setHashtags = setter('hashtags');
  const setMedia = setter('media');
  const setFirstComment = setter('firstComment');
  const setThread = setter('thread');
  const setTitle = setter('title');
  const setPostType = (key: TargetKey, type: PostType) =>
    setter('postTypes')({ ...values.postTypes, [key]: type });
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
  const queue = useComposerQueue(zone, onDone, (error) => failed('queue')(error));
  const pending = compose.isPending || edit.isPending || queue.pending;

  const mediaIds = media.map((item) => item.id);
  const { byId, loading: mediaLoading } = useComposerMedia([
    ...mediaIds,
    ...thread.flatMap((item) => item.mediaIds),
  ]);
  const chosen = typedTargets(targets, composeTargets(targets, accounts.data ?? []), values.postTypes);
  const threaded = hasThread(chosen);
  // The platform's own rules per network and post type, and images it could not download from
  // this server (the server refuses to schedule those too).
  const unreachable = mediaWarnings(chosen, accounts.data ?? [], mediaIds.length);
  const checks = checkTargets(chosen, { content, hashtags }, values, byId).map((check) => ({
    ...check,
    problems: [
      ...check.problems,
      ...unreachable.filter((item) => item.platform === check.platform).map((item) => item.warning),
    ],
  }));
  const blocking = checks.some((check) => check.problems.length > 0);
  const timeCheck = checkScheduleTime(wall, zone);
  const empty = content.trim().length === 0;
  const noTarget = chosen.length === 0;
  const commentLimit = firstCommentTaken(chosen) ? firstCommentLimit(chosen) : null;
  // A LinkedIn document post's title: asked for only while such a type is chosen.
  const titleAsked = titleRule(chosen);

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
    toast(savedToast(action, posts, warnings, { editing: editing !== null, zone }));
    onDone();
  };

  const submit = (action: Action) => {
    setTried(action);
    setServerProblem([]);
    setPlanLimit(null);
    if (pending || empty || noTarget || mediaLoading) return;
    if (action === 'schedule' && (blocking || timeCheck.problem || !timeCheck.instant)) return;
    if (action === 'queue') {
      if (!blocking) queue.submit({ editing, chosen, draft: values, text: { content, hashtags } });
      return;
    }
    // A draft keeps the planned time when it is a valid time ahead; scheduling needs one.
    const scheduledAt = timeCheck.problem ? null : (timeCheck.instant?.iso ?? null);

    if (!editing) {
      compose.mutate(
        composeBody({ content, hashtags, scheduledAt, asDraft: action === 'draft' }, values, chosen),
        {
          onSuccess: (answer) => succeeded(action, answer.posts, answer.warnings),
          onError: failed(action),
        },
      );
      return;
    }
    const [target] = chosen;
    if (!target) return;
    edit.mutate(
      { post: editing, action, scheduledAt, changes: editChanges({ content, hashtags }, values, target) },
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
          <PostTypePicker
            id={`${id}-types`}
            targets={chosen}
            accounts={accounts.data ?? []}
            onChange={setPostType}
          />
          <HashtagField id={`${id}-hashtags`} value={hashtags} onChange={setHashtags} />
          <MediaPicker
            id={`${id}-media`}
            ids={mediaIds}
            items={mediaIds.map((mediaId) => byId.get(mediaId))}
            onChange={(ids) =>
              setMedia(
                ids.map(
                  (mediaId) => media.find((item) => item.id === mediaId) ?? { id: mediaId, altText: '' },
                ),
              )
            }
          />
          <MediaDetails
            id={`${id}-order`}
            media={media}
            byId={byId}
            targets={chosen}
            altLimit={altTextLimit(chosen)}
            onChange={setMedia}
          />
          {titleAsked ? (
            <DocumentTitleField
              id={`${id}-title`}
              value={title}
              onChange={setTitle}
              rule={titleAsked}
              tried={tried === 'schedule'}
            />
          ) : null}
          {commentLimit !== null ? (
            <FirstCommentField
              id={`${id}-comment`}
              value={firstComment}
              onChange={setFirstComment}
              limit={commentLimit}
              onX={chosen.some((target) => target.platform === 'twitter' && target.postType !== 'thread')}
            />
          ) : null}
          {threaded ? <ThreadEditor id={`${id}-thread`} value={thread} onChange={setThread} /> : null}
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
            targets={chosen}
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
          {checks.length > 0 ? (
            <section aria-labelledby={`${id}-preview-title`} className="grid gap-2">
              <h3 id={`${id}-preview-title`} className="text-sm font-semibold text-slate-900">
                Preview
              </h3>
              <ComposerPreview
                kinds={checks}
                author={author}
                post={{
                  content,
                  hashtags,
                  title,
                  media: mediaIds.map((mediaId) => byId.get(mediaId)),
                  thread: thread.map((item) => ({
                    content: item.content,
                    media: item.mediaIds.map((mediaId) => byId.get(mediaId)),
                  })),
                }}
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

      <ComposerFooter
        buttons={buttons}
        pending={pending}
        tried={tried}
        blocking={blocking}
        needsApproval={needsApproval}
        onDraft={() => submit('draft')}
        onQueue={() => submit('queue')}
        queueBlocked={
          queueable(chosen) ? null : 'Choose accounts, not only platforms: a queue is an account’s.'
        }
      />
    </form>
  );
}
