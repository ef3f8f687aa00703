import type { Post } from '../../../../contracts/posts';
import { cn } from '../../../lib/cn';
import { PlatformMark } from '../../content/components/platform-mark';
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
      src={media.data.url}
      alt=""
      loading="lazy"
      className={cn('shrink-0 rounded object-cover ring-1 ring-black/10', className)}
    />
  );
}

/**
 * What a post looks like on the calendar: platform mark, time, first words, its status colour
 * (from the event's class) and a thumbnail when it has an image. Failed and missed posts say so in
 * words, not only in red.
 */
export function EventChip({ post, zone, view, allDay }: EventChipProps) {
  const time = allDay ? null : formatTimeInZone(post.publishedAt ?? post.scheduledAt ?? '', zone);
  const words = firstWords(post.content, view === 'month' ? 40 : 90);
  const problem = post.status === 'failed' || post.status === 'missed' ? statusLabels[post.status] : null;
  const mediaId = post.mediaIds[0];
  const month = view === 'month';

  return (
    <div className="kp-chip flex min-w-0 items-start gap-1.5">
      <span className="mt-px shrink-0 [&>span]:size-4 [&>span]:rounded [&>span]:text-[9px] [&>span]:shadow-none [&_svg]:!size-2.5">
        <PlatformMark platform={post.platform} size="sm" />
      </span>
      <span className="kp-chip-detail grid min-w-0 flex-1 gap-px">
        {time || problem ? (
          <span className="flex min-w-0 gap-1 truncate">
            {time ? <span className="font-semibold tabular-nums">{time}</span> : null}
            {problem ? <span className="font-semibold uppercase">{problem}</span> : null}
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
