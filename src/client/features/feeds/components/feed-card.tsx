import { CircleAlert, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Feed } from '../../../../contracts/feeds';
import { platformLabels } from '../../../../contracts/platforms';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { RelativeTime } from '../../notifications/components/relative-time';
import { useDeleteFeed } from '../api/delete-feed';
import { usePauseFeed } from '../api/pause-feed';
import { useResumeFeed } from '../api/resume-feed';

interface FeedCardProps {
  feed: Feed;
  accounts: SocialAccount[];
  timeZone: string;
  /** The caller may pause, resume and delete (posts.write). */
  manages: boolean;
}

/** One followed feed: where its articles go, how its last read went, and why it is paused. */
export function FeedCard({ feed, accounts, timeZone, manages }: FeedCardProps) {
  const pause = usePauseFeed();
  const resume = useResumeFeed();
  const remove = useDeleteFeed();
  const [deleting, setDeleting] = useState(false);
  const targets = feed.accountIds.map((id) => accounts.find((account) => account.id === id));
  const onError = (what: string) => (failure: unknown) => {
    if (!isUnauthorized(failure))
      toast({ title: what, description: failureMessage(failure, 'Please try again.') });
  };

  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 truncate font-semibold text-slate-900">{feed.title ?? feed.url}</h3>
            <Badge variant="secondary">{feed.mode === 'queue' ? 'To the queue' : 'Drafts'}</Badge>
            {feed.pausedReason ? (
              <Badge variant="warning">
                {feed.pausedReason === 'failures' ? 'Paused: failing' : 'Paused'}
              </Badge>
            ) : null}
          </div>
          <p className="truncate text-xs text-slate-500" title={feed.url}>
            {feed.url}
          </p>
        </div>
        {manages ? (
          <div className="flex shrink-0 gap-2">
            {feed.pausedAt ? (
              <Button
                size="sm"
                variant="outline"
                disabled={resume.isPending}
                onClick={() => resume.mutate(feed.id, { onError: onError('The feed could not be resumed') })}
              >
                <Play aria-hidden="true" />
                Resume
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                disabled={pause.isPending}
                onClick={() => pause.mutate(feed.id, { onError: onError('The feed could not be paused') })}
              >
                <Pause aria-hidden="true" />
                Pause
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setDeleting(true)}
              aria-label={`Delete ${feed.title ?? feed.url}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Posts to</dt>
          <dd className="text-pretty break-words text-slate-800">
            {targets
              .map((account) =>
                account
                  ? `${account.displayName} on ${platformLabels[account.platform]}`
                  : 'a removed account',
              )
              .join(', ')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Last read</dt>
          <dd className="text-slate-800">
            {feed.lastPolledAt ? <RelativeTime at={feed.lastPolledAt} timeZone={timeZone} /> : 'Not read yet'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Articles</dt>
          <dd className="text-slate-800">
            {feed.itemsSeen} seen, {feed.postsCreated} {feed.postsCreated === 1 ? 'post' : 'posts'} made
          </dd>
        </div>
      </dl>
      {feed.lastError ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {feed.pausedReason === 'failures'
              ? `Paused after ${feed.consecutiveFailures} failed reads in a row. `
              : feed.consecutiveFailures > 0
                ? `The last ${feed.consecutiveFailures === 1 ? 'read' : `${feed.consecutiveFailures} reads`} failed. `
                : ''}
            {feed.lastError}
          </span>
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this feed?"
        description="Kitepost stops reading it. The posts it already made stay where they are."
        subject={feed.title ?? feed.url}
        confirmLabel="Delete feed"
        pendingLabel="Deleting…"
        confirmVariant="destructive"
        confirmIcon={Trash2}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(feed.id, {
            onSuccess: () => setDeleting(false),
            onError: onError('The feed could not be deleted'),
          })
        }
      />
    </Card>
  );
}
