import { CircleAlert, LoaderCircle, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { platformLabels } from '../../../contracts/platforms';
import { type Post, postMessages } from '../../../contracts/posts';
import type { PostScope } from '../../../contracts/recurring';
import { teamMessages } from '../../../contracts/team';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePendingPosts } from '../approvals/api/get-pending-posts';
import { useAuth } from '../auth/api/get-current-user';
import { useCan } from '../auth/use-permission';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage } from '../billing/plan-limit';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useCancelPost } from './api/cancel-post';
import { useDeletePost } from './api/delete-post';
import { usePostDetail } from './api/get-post';
import { usePostRange } from './api/list-posts';
import { useReschedulePost } from './api/reschedule-post';
import { useRetryPost } from './api/retry-post';
import { firstWords, postInstant } from './calendar-events';
import { type CalendarView, PHONE_QUERY, type VisibleRange } from './calendar-views';
import { CalendarLegend } from './components/calendar-legend';
import { CalendarToolbar } from './components/calendar-toolbar';
import type { ComposerSubject } from './components/composer/composer-dialog';
import {
  LazyComposerDialog,
  LazyPostCalendar,
  LazyPostDialog,
  LazyRescheduleDialog,
  usePreloadedDialogs,
} from './components/lazy-parts';
import { NeedsApprovalList } from './components/needs-approval-list';
import type { PostCalendarHandle } from './components/post-calendar';
import { SCHEDULE_FAILED_MESSAGE } from './components/schedule-fields';
import { SeriesScope } from './components/series-scope';
import { TimeZoneControl } from './components/time-zone-control';
import { UpcomingPosts } from './components/upcoming-posts';
import { formatDateTimeInZone, utcToWallTime } from './zoned-time';

type Confirmation = { kind: 'delete' | 'cancel'; post: Post } | null;

const rangeNoun: Record<CalendarView, string> = { month: 'month', week: 'week', day: 'day' };

/**
 * The content calendar (spec §2, architecture §10): month, week and day views in the user's time
 * zone; Add Post, edit, delete, cancel, retry and drag to reschedule (roles that may change
 * posts); the posts waiting for approval; Upcoming Posts. A link to /calendar?post=<id> (from a
 * notification or the dashboard) opens that post.
 */
export function CalendarPage() {
  useDocumentTitle('Content Calendar — Kitepost');
  const { zone } = useTimeZone();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const openPostId = query.get('post');
  const calendar = useRef<PostCalendarHandle>(null);
  const [initialView] = useState<CalendarView>(() =>
    typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches ? 'day' : 'month',
  );
  const [range, setRange] = useState<VisibleRange | null>(null);
  const posts = usePostRange(range ? { from: range.from, to: range.to } : null);
  const accounts = useSocialAccounts();
  const [composer, setComposer] = useState<ComposerSubject | null>(null);
  const [rescheduling, setRescheduling] = useState<Post | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  /** Deleting a recurring post: this one only, or this and every later one. */
  const [deleteScope, setDeleteScope] = useState<PostScope>('this');
  /** A drag or a retry refused by the plan (402): its message stays on the page with an upgrade link. */
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const reschedule = useReschedulePost();
  const cancel = useCancelPost();
  const remove = useDeletePost();
  const retry = useRetryPost();
  const { user } = useAuth();
  const canWrite = useCan('posts.write');
  const pendingPosts = usePendingPosts();
  usePreloadedDialogs();

  // `?compose=1&media=<id>` (the media library's "Use in a post"): the composer opens with that
  // media attached, once; the address goes back to plain /calendar.
  const composeMedia = query.get('compose') === '1' ? query.get('media') : null;
  const composeAsked = query.get('compose') === '1';
  useEffect(() => {
    if (!composeAsked) return;
    setComposer({ mode: 'new', mediaIds: composeMedia ? [composeMedia] : [] });
    navigate(paths.calendar, { replace: true });
  }, [composeAsked, composeMedia, navigate]);

  const openPost = (id: string) =>
    navigate(`${paths.calendar}?post=${encodeURIComponent(id)}`, { replace: true });
  const closePost = () => navigate(paths.calendar, { replace: true });

  // A link to a post (a notification's) opens it and shows its day when it is not in view.
  const opened = usePostDetail(openPostId);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const post = opened.data;
    if (!post || !range || !posts.isSuccess || shownFor.current === post.id) return;
    shownFor.current = post.id;
    if (posts.data.some((item) => item.id === post.id)) return;
    const day = utcToWallTime(postInstant(post) ?? post.createdAt, zone)?.date;
    // FullCalendar re-renders synchronously (flushSync): not from inside React's commit.
    if (day) queueMicrotask(() => calendar.current?.goTo(day));
  }, [opened.data, range, posts.isSuccess, posts.data, zone]);

  const toastFailure = (title: string, fallback: string) => (error: unknown) => {
    if (isUnauthorized(error)) return;
    const limit = planLimitMessage(error);
    if (limit) setPlanLimit(limit);
    toast({ title, description: failureMessage(error, fallback), variant: 'destructive' });
  };

  const onDrop = (post: Post, scheduledAt: string, revert: () => void) => {
    reschedule.mutate(
      { id: post.id, scheduledAt },
      {
        onSuccess: (saved) =>
          toast(
            saved.status === 'pending_approval'
              ? {
                  title: teamMessages.submittedForApproval,
                  description: `Your ${platformLabels[saved.platform]} post moved to ${formatDateTimeInZone(saved.scheduledAt ?? scheduledAt, zone)} and waits for an approver.`,
                }
              : {
                  title: 'Post Scheduled',
                  description: `Your ${platformLabels[saved.platform]} post now goes out ${formatDateTimeInZone(saved.scheduledAt ?? scheduledAt, zone)}.`,
                },
          ),
        onError: (error) => {
          revert();
          toastFailure('Scheduling Failed', SCHEDULE_FAILED_MESSAGE)(error);
        },
      },
    );
  };

  const onRetry = (post: Post) => {
    retry.mutate(
      { id: post.id },
      {
        onSuccess: (saved) =>
          toast(
            // Changed since its approval, by someone who cannot approve: it waits for an approver.
            saved.status === 'pending_approval'
              ? {
                  title: teamMessages.submittedForApproval,
                  description: `Your ${platformLabels[post.platform]} post goes out once an approver approves it.`,
                }
              : {
                  title: 'Post Scheduled',
                  description: `Kitepost publishes your ${platformLabels[post.platform]} post again now.`,
                },
          ),
        onError: toastFailure('Retry Failed', 'The post could not be retried. Please try again.'),
      },
    );
  };

  const confirm = () => {
    if (!confirmation) return;
    const { kind, post } = confirmation;
    if (kind === 'cancel') {
      cancel.mutate(post.id, {
        onSuccess: () => {
          toast({ title: 'Post Cancelled', description: 'It will not be published.' });
          setConfirmation(null);
        },
        onError: toastFailure('Cancel Failed', 'The post could not be cancelled. Please try again.'),
      });
      return;
    }
    const scope = post.series ? deleteScope : 'this';
    remove.mutate(
      { id: post.id, scope },
      {
        onSuccess: () => {
          toast({
            title: 'Post Deleted',
            description:
              scope === 'future'
                ? `The ${platformLabels[post.platform]} post and every later one of its series are deleted.`
                : `The ${platformLabels[post.platform]} post is deleted.`,
          });
          setConfirmation(null);
          if (openPostId === post.id) closePost();
        },
        onError: toastFailure('Delete Failed', 'The post could not be deleted. Please try again.'),
      },
    );
  };

  const list = posts.data ?? [];
  const accountList = accounts.data ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Content Calendar"
        description="Plan, move and review your posts."
        actions={
          canWrite ? (
            <Button onClick={() => setComposer({ mode: 'new' })}>
              <Plus aria-hidden="true" />
              Add Post
            </Button>
          ) : null
        }
      />

      {planLimit ? <UpgradePrompt message={planLimit} onDismiss={() => setPlanLimit(null)} /> : null}

      <NeedsApprovalList zone={zone} onOpen={(post) => openPost(post.id)} />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TimeZoneControl zone={zone} />
        <CalendarLegend
          showPending={Boolean(user?.workspace.requireApproval) || (pendingPosts.data?.length ?? 0) > 0}
        />
      </div>

      <Card className="grid grid-cols-1 gap-4 p-3 sm:p-5">
        <CalendarToolbar
          view={range?.view ?? initialView}
          title={range?.title ?? ''}
          onPrev={() => calendar.current?.prev()}
          onNext={() => calendar.current?.next()}
          onToday={() => calendar.current?.today()}
          onView={(view) => calendar.current?.setView(view)}
          exportRange={range}
          zone={zone}
        />
        {posts.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          >
            <CircleAlert className="size-4 shrink-0 text-red-600" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              {failureMessage(posts.error, 'Your posts could not be loaded.')}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void posts.refetch()}
              disabled={posts.isFetching}
            >
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : null}
        <div className="relative" aria-busy={posts.isFetching}>
          <LazyPostCalendar
            ref={calendar}
            zone={zone}
            initialView={initialView}
            posts={list}
            postsLoaded={posts.isSuccess && !posts.isPlaceholderData}
            canWrite={canWrite}
            onRangeChange={setRange}
            onOpenPost={(post) => openPost(post.id)}
            onReschedule={onDrop}
            onRefusedDrop={() =>
              toast({
                title: 'Scheduling Failed',
                description: postMessages.pastTime,
                variant: 'destructive',
              })
            }
            onCreateAt={(wall) => setComposer({ mode: 'new', wall })}
          />
          {posts.isPending && range ? (
            <p
              role="status"
              className="absolute top-2 right-2 flex items-center gap-2 rounded-md bg-white/90 px-2 py-1 text-xs text-slate-600 shadow-sm"
            >
              <LoaderCircle className="size-3.5 animate-spin text-indigo-600" aria-hidden="true" />
              Loading posts...
            </p>
          ) : null}
        </div>
        {posts.isSuccess && list.length === 0 && range ? (
          <p className="text-sm text-slate-600">
            No posts this {rangeNoun[range.view]}.{canWrite ? ' Click a day or a time to add one.' : ''}
          </p>
        ) : null}
      </Card>

      <UpcomingPosts
        zone={zone}
        accounts={accountList}
        canWrite={canWrite}
        onOpen={(post) => openPost(post.id)}
        onEdit={(post) => setComposer({ mode: 'edit', post })}
        onCancel={(post) => setConfirmation({ kind: 'cancel', post })}
      />

      <LazyPostDialog
        postId={openPostId}
        zone={zone}
        accounts={accountList}
        posts={list}
        retrying={retry.isPending}
        onOpenPost={openPost}
        onClose={closePost}
        onEdit={(post) => {
          closePost();
          setComposer({ mode: 'edit', post });
        }}
        onReschedule={(post) => {
          closePost();
          setRescheduling(post);
        }}
        onCancel={(post) => setConfirmation({ kind: 'cancel', post })}
        onRetry={onRetry}
        onDelete={(post) => {
          setDeleteScope('this');
          setConfirmation({ kind: 'delete', post });
        }}
      />
      <LazyComposerDialog subject={composer} zone={zone} onClose={() => setComposer(null)} />
      <LazyRescheduleDialog post={rescheduling} zone={zone} onClose={() => setRescheduling(null)} />
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.kind === 'delete' ? 'Delete this post?' : 'Cancel this post?'}
        description={
          confirmation?.kind === 'delete'
            ? 'It is removed for good, with its publishing history. A post already published stays on the platform.'
            : 'It will not be published. You can write it again at any time.'
        }
        subject={
          confirmation
            ? `${platformLabels[confirmation.post.platform]}: ${firstWords(confirmation.post.content, 120)}`
            : null
        }
        confirmLabel={confirmation?.kind === 'delete' ? 'Delete post' : 'Cancel post'}
        pendingLabel={confirmation?.kind === 'delete' ? 'Deleting...' : 'Cancelling...'}
        pending={cancel.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirmation(null)}
      >
        {confirmation?.kind === 'delete' && confirmation.post.series ? (
          <SeriesScope id="delete-scope" legend="Delete" value={deleteScope} onChange={setDeleteScope} />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
