import { Hourglass } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import { PlatformMark } from '../../../components/platform-mark';
import { cn } from '../../../lib/cn';
import { useMedia } from '../api/media';
import { firstWords } from '../calendar-events';
import type { CalendarView } from '../calendar-views';
import { statusLabels } from '../post-status';
import { formatTimeInZone } from '../zoned-time';

interface EventChipProps {
  post: Post;
  zone: string;
  view: CalendarView;
  allDay: boolean;
}

/** The first image of a post, small; nothing while it loads or when it cannot be read. */
function Thumbnail({ mediaId, className }: { mediaId: string; className?: string }) {
  const media = useMedia(mediaId);
  if (!media.data) return null;
  return (
    <img
      src={media.data.thumbnailUrl}
      alt=""
      loading="lazy"
      className={cn('shrink-0 rounded object-cover ring-1 ring-black/10', className)}
    />
  );
}

/**
 * What a post looks like on the calendar: platform mark, time, first words, its status colour
 * (from the event's class) and a thumbnail when it has an image.
 */
export function EventChip({ post, zone, view, allDay }: EventChipProps) {
  const time = allDay ? null : formatTimeInZone(post.publishedAt ?? post.scheduledAt ?? '', zone);
  const words = firstWords(post.content, view === 'month' ? 40 : 90);
  const month = view === 'month';
  // Failed, missed and waiting posts say so, not only in colour. A waiting post gets an hourglass
  // beside its time (a month or week cell has no room for a word; the day view adds it).
  const waiting = post.status === 'pending_approval';
  const flag =
    post.status === 'failed' || post.status === 'missed'
      ? statusLabels[post.status]
      : waiting && view === 'day'
        ? 'Waiting for approval'
        : null;
  const mediaId = post.mediaIds[0];

  return (
    <div className="kp-chip flex min-w-0 items-start gap-1.5">
      <PlatformMark platform={post.platform} size="xs" className="mt-px" />
      <span className="kp-chip-detail grid min-w-0 flex-1 gap-px">
        {time || flag || waiting ? (
          <span className="flex min-w-0 gap-1 truncate">
            {time ? <span className="font-semibold tabular-nums">{time}</span> : null}
            {waiting ? (
              <Hourglass className="mt-px size-3 shrink-0 text-amber-700" aria-hidden="true" />
            ) : null}
            {flag ? <span className="font-semibold uppercase">{flag}</span> : null}
          </span>
        ) : null}
        <span className={cn('min-w-0', month ? 'truncate' : 'line-clamp-3 break-words')}>{words}</span>
      </span>
      {mediaId ? (
        <Thumbnail mediaId={mediaId} className={cn('kp-chip-thumb', month ? 'size-7' : 'size-8')} />
      ) : null}
    </div>
  );
}
