import { lazy, Suspense, useId } from 'react';
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
import { schedulingNeedsApproval } from '../../../approvals/approval-display';
import { useAuth } from '../../../auth/api/get-current-user';
import { UpgradePrompt } from '../../../billing/components/upgrade-prompt';
import { useSocialAccounts } from '../../../social-accounts/api/get-social-accounts';
import { composeTargets, mediaWarnings, type TargetKey, targetKeyOf } from '../../composer-targets';
import { noRepeat, repeatProblem } from '../../repeat-rule';
import { defaultScheduleWallTime, utcToWallTime, type WallTime } from '../../zoned-time';
import { checkScheduleTime, ScheduleFields } from '../schedule-fields';
import { SeriesScope } from '../series-scope';
import { composerButtons } from './composer-buttons';
import { ComposerFooter } from './composer-footer';
import {
  altTextLimit,
  checkTargets,
  firstCommentLimit,
  firstCommentTaken,
  hasThread,
  richDraftOf,
  threadPlatforms,
  titleRule,
  titleShownBy,
  typedTargets,
} from './composer-post';
import { queueable } from './composer-queue';
import { ComposerProblems, ComposerSide } from './composer-side';
import { DocumentTitleField } from './document-title-field';
import { FirstCommentField } from './first-comment-field';
import { LinkPreviewCard } from './link-preview-card';
import { MediaDetails } from './media-details';
import { MediaPicker } from './media-picker';
import { NetworkOptions } from './options/network-options';
import { PostTypePicker } from './post-type-picker';
import { RepeatField } from './repeat-field';
import type { ComposerAction as Action } from './save-edit';
import { SuggestedTimes } from './suggested-times';
import { TargetPicker } from './target-picker';
import { ThreadEditor } from './thread-editor';
import { useComposerMedia } from './use-composer-media';
import { type ComposerValues, useComposerSubmit } from './use-composer-submit';
import { UtmSwitch } from './utm-switch';

// The AI studio (issue 30) loads with the composer, apart from the calendar's own code.
const ComposerAi = lazy(() => import('../../../ai-studio/composer-ai'));

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
      repeat: noRepeat,
      scope: 'this',
    },
  });
  const values = form.watch();
  const { targets, content, hashtags, media, firstComment, thread, title, wall, repeat, scope } = values;
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
  const setPlatformOptions = setter('platformOptions');
  const setUtm = setter('utm');
  const setPostType = (key: TargetKey, type: PostType) =>
    setter('postTypes')({ ...values.postTypes, [key]: type });
  const setWall = setter('wall');
  const setRepeat = setter('repeat');
  const setScope = setter('scope');
  const { tried, pending, serverProblem, planLimit, submit } = useComposerSubmit({ editing, zone, onDone });

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
  const checks = checkTargets(chosen, { content, hashtags }, values, byId, accounts.data ?? []).map(
    (check) => ({
      ...check,
      problems: [
        ...check.problems,
        ...unreachable.filter((item) => item.platform === check.platform).map((item) => item.warning),
      ],
    }),
  );
  const blocking = checks.some((check) => check.problems.length > 0);
  const timeCheck = checkScheduleTime(wall, zone);
  const series = editing?.series ?? null;
  const repeatIssue = series ? null : repeatProblem(repeat, wall.date);
  const empty = content.trim().length === 0;
  const noTarget = chosen.length === 0;
  const commentLimit = firstCommentTaken(chosen) ? firstCommentLimit(chosen) : null;
  // A LinkedIn document post's title: asked for only while such a type is chosen.
  const titleAsked = titleRule(chosen);

  // With approvals on, an editor's schedule waits for an approver (the server decides; the
  // words follow).
  const needsApproval = schedulingNeedsApproval(user);
  const buttons = composerButtons(editing?.status ?? null, needsApproval);

  const send = (action: Action) =>
    submit(action, {
      values,
      chosen,
      incomplete: empty || noTarget || mediaLoading,
      blocking,
      timeCheck,
      repeatIssue,
      repeating: series !== null,
    });

  const author = user?.workspace.name || (user ? `${user.firstName} ${user.lastName}` : 'Your brand');

  return (
    <form
      className="grid gap-5"
      noValidate
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        send('schedule');
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
          <Suspense fallback={null}>
            <ComposerAi
              fieldId={`${id}-content`}
              text={{ content, hashtags }}
              onText={(next) => {
                setContent(next.content);
                setHashtags(next.hashtags);
              }}
              targets={chosen}
              overrides={values.overrides ?? {}}
              onOverrides={setter('overrides')}
              onAttachMedia={(mediaId) => setMedia([...media, { id: mediaId, altText: '' }])}
            />
          </Suspense>
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
              shownBy={titleShownBy(chosen)}
              tried={tried === 'schedule'}
            />
          ) : null}
          <NetworkOptions
            id={`${id}-options`}
            targets={chosen}
            options={values.platformOptions}
            onChange={setPlatformOptions}
            videoDurationMs={
              mediaIds.map((mediaId) => byId.get(mediaId)).find((item) => item?.kind === 'video')?.durationMs
            }
          />
          {commentLimit !== null ? (
            <FirstCommentField
              id={`${id}-comment`}
              value={firstComment}
              onChange={setFirstComment}
              limit={commentLimit}
              onX={chosen.some((target) => target.platform === 'twitter' && target.postType !== 'thread')}
            />
          ) : null}
          {threaded ? (
            <ThreadEditor
              id={`${id}-thread`}
              platforms={threadPlatforms(chosen)}
              value={thread}
              onChange={setThread}
            />
          ) : null}
          <UtmSwitch
            id={`${id}-utm`}
            texts={[content, firstComment, ...thread.map((item) => item.content)]}
            value={values.utm ?? true}
            onChange={setUtm}
          />
          <ScheduleFields
            id={`${id}-when`}
            value={wall}
            onChange={setWall}
            zone={zone}
            check={timeCheck}
            showProblem={tried === 'schedule'}
          />
          <RepeatField
            id={`${id}-repeat`}
            series={series}
            value={repeat}
            onChange={setRepeat}
            firstDate={wall.date}
            problem={tried === 'schedule' ? repeatIssue : null}
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

        <ComposerSide
          id={id}
          content={content}
          hashtags={hashtags}
          checks={checks}
          author={author}
          post={{
            content,
            hashtags,
            title,
            platformOptions: values.platformOptions,
            media: mediaIds.map((mediaId) => byId.get(mediaId)),
            thread: thread.map((item) => ({
              content: item.content,
              media: item.mediaIds.map((mediaId) => byId.get(mediaId)),
            })),
          }}
        />
      </div>

      {planLimit ? <UpgradePrompt message={planLimit} reveal /> : null}
      {series ? (
        <SeriesScope id={`${id}-scope`} legend="Apply the changes to" value={scope} onChange={setScope} />
      ) : null}
      <ComposerProblems problems={serverProblem} />

      <ComposerFooter
        buttons={buttons}
        pending={pending}
        tried={tried}
        blocking={blocking}
        needsApproval={needsApproval}
        onDraft={() => send('draft')}
        onQueue={() => send('queue')}
        queueBlocked={
          queueable(chosen) ? null : 'Choose accounts, not only platforms: a queue is an account’s.'
        }
      />
    </form>
  );
}
