import { CalendarClock, CircleAlert, Pencil, XCircle } from 'lucide-react';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { PlatformMark } from '../../../components/platform-mark';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { failureMessage } from '../../../lib/api-client';
import { useUpcomingPosts } from '../api/get-upcoming-posts';
import { accountName, firstWords } from '../calendar-events';
import { formatDateTimeInZone } from '../zoned-time';
import { StoredMediaThumb } from './media-thumb';
import { PostKindBadge } from './post-kind-badge';

interface UpcomingPostsProps {
  zone: string;
  accounts: SocialAccount[];
  /** The role may change posts: Edit and Cancel show only then. */
  canWrite: boolean;
  onOpen: (post: Post) => void;
  onEdit: (post: Post) => void;
  onCancel: (post: Post) => void;
}

/** Spec §2: the next 4 scheduled posts, each with Edit and Cancel. */
export function UpcomingPosts({ zone, accounts, canWrite, onOpen, onEdit, onCancel }: UpcomingPostsProps) {
  const upcoming = useUpcomingPosts();
  return (
    <section aria-labelledby="upcoming-posts-title" className="grid gap-3">
      <h2 id="upcoming-posts-title" className="text-lg font-semibold text-slate-900">
        Upcoming Posts
      </h2>
      {upcoming.isPending ? (
        <Card className="p-5 text-sm text-slate-600">Loading upcoming posts...</Card>
      ) : upcoming.isError ? (
        <Card role="alert" className="flex items-center gap-2 p-5 text-sm text-slate-700">
          <CircleAlert className="size-4 shrink-0 text-red-600" aria-hidden="true" />
          {failureMessage(upcoming.error, 'Upcoming posts could not be loaded.')}
        </Card>
      ) : upcoming.data.length === 0 ? (
        <Card className="flex items-center gap-3 p-5 text-sm text-slate-600">
          <CalendarClock className="size-5 shrink-0 text-indigo-600" aria-hidden="true" />
          {canWrite
            ? 'Nothing scheduled yet. Add a post, or click a day on the calendar.'
            : 'Nothing scheduled yet.'}
        </Card>
      ) : (
        <ul aria-label="Upcoming Posts" className="grid gap-3 md:grid-cols-2">
          {upcoming.data.map((post) => (
            <li key={post.id}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <button
                  type="button"
                  onClick={() => onOpen(post)}
                  className="flex min-w-0 items-start gap-3 rounded-lg text-left focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                >
                  <PlatformMark platform={post.platform} size="sm" />
                  <span className="grid min-w-0 gap-0.5">
                    <span className="text-sm font-semibold text-slate-900">
                      {post.scheduledAt ? formatDateTimeInZone(post.scheduledAt, zone) : ''}
                    </span>
                    <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
                      {platformLabels[post.platform]}
                      {accountName(post, accounts) ? ` · ${accountName(post, accounts)}` : ''}
                      <PostKindBadge post={post} />
                    </span>
                    <span className="line-clamp-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
                      {firstWords(post.content, 140)}
                    </span>
                  </span>
                  {post.mediaIds[0] ? (
                    <StoredMediaThumb mediaId={post.mediaIds[0]} className="ml-auto size-12" />
                  ) : null}
                </button>
                {canWrite ? (
                  <div className="mt-auto flex justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onEdit(post)}
                      aria-label={`Edit ${platformLabels[post.platform]} post`}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onCancel(post)}
                      aria-label={`Cancel ${platformLabels[post.platform]} post`}
                    >
                      <XCircle aria-hidden="true" />
                      Cancel
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
