import { Play } from 'lucide-react';
import type { Media } from '../../../../../contracts/media';
import { cn } from '../../../../lib/cn';
import { formatDuration } from './composer-post';

/**
 * A small picture of an attached item: the image, or a video's poster with a play mark and its
 * length (a grey tile while it loads).
 */
export function MediaThumb({ item, className }: { item: Media | undefined; className?: string }) {
  if (!item) return <span className={cn('block animate-pulse rounded-md bg-slate-100', className)} />;
  return (
    <span
      className={cn(
        'relative block overflow-hidden rounded-md bg-slate-900 ring-1 ring-slate-200',
        className,
      )}
    >
      <img
        src={item.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
      {item.kind === 'video' ? (
        <>
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-6 items-center justify-center rounded-full bg-black/55">
              <Play className="size-3 fill-white text-white" aria-hidden="true" />
            </span>
          </span>
          <span className="absolute right-0.5 bottom-0.5 rounded bg-black/70 px-1 text-[10px] leading-4 font-semibold text-white tabular-nums">
            {formatDuration(item.durationMs)}
          </span>
        </>
      ) : null}
    </span>
  );
}
