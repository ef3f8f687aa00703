import { Hourglass, Repeat } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import { repeatInWords } from '../../../../contracts/recurring';
import { PlatformMark } from '../../../components/platform-mark';
import { cn } from '../../../lib/cn';
import { firstWords } from '../calendar-events';
import type { CalendarView } from '../calendar-views';
import { postKindLabel } from '../post-kind';
import { statusLabels } from '../post-status';
import { formatTimeInZone } from '../zoned-time';
import { StoredMediaThumb } from './media-thumb';

interface EventChipProps {
  post: Post;
  zone: string;
  view: CalendarView;
  allDay: boolean;
}

/**
 * What a post looks like on the calendar: platform mark, time, first words, its status colour
 * (from the event's class), its type when not an ordinary post (Reel, Carousel · 3), and a thumbnail
 * of its first image or video (with the video's length).
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
  const kind = postKindLabel(post);

  return (
    <div className="kp-chip flex min-w-0 items-start gap-1.5">
      <PlatformMark platform={post.platform} size="xs" className="mt-px" />
      <span className="kp-chip-detail grid min-w-0 flex-1 gap-px">
        {time || flag || waiting || kind || post.series ? (
          <span className="flex min-w-0 gap-1 truncate">
            {time ? <span className="font-semibold tabular-nums">{time}</span> : null}
            {waiting ? (
              <Hourglass className="mt-px size-3 shrink-0 text-amber-700" aria-hidden="true" />
            ) : null}
            {post.series ? (
              <Repeat className="mt-px size-3 shrink-0" aria-label={repeatInWords(post.series)} role="img" />
            ) : null}
            {flag ? <span className="font-semibold uppercase">{flag}</span> : null}
            {kind ? <span className="kp-chip-kind truncate font-medium">{kind}</span> : null}
          </span>
        ) : null}
        <span className={cn('min-w-0', month ? 'truncate' : 'line-clamp-3 break-words')}>{words}</span>
      </span>
      {mediaId ? (
        <StoredMediaThumb
          mediaId={mediaId}
          size="sm"
          className={cn('kp-chip-thumb rounded ring-black/10', month ? 'size-7' : 'size-8')}
        />
      ) : null}
    </div>
  );
}
