import { Play } from 'lucide-react';
import type { Media } from '../../../../contracts/media';
import { cn } from '../../../lib/cn';
import { useMedia } from '../api/media';
import { formatDuration } from '../post-kind';

interface MediaThumbProps {
  item: Media | undefined;
  className?: string;
  /** 'sm': a calendar chip's few pixels: the length only, no play mark. */
  size?: 'sm' | 'md';
  /** The image's description; empty when the thumbnail is decoration beside the post's text. */
  alt?: string;
}

/**
 * A small picture of an attached item: the image, a video's poster with a play mark and its
 * length, or a PDF document's first page marked "PDF" (a grey tile while it loads).
 */
export function MediaThumb({ item, className, size = 'md', alt = '' }: MediaThumbProps) {
  if (!item)
    return <span className={cn('block shrink-0 animate-pulse rounded-md bg-slate-100', className)} />;
  return (
    <span
      className={cn(
        'relative block shrink-0 overflow-hidden rounded-md bg-slate-900 ring-1 ring-slate-200',
        className,
      )}
    >
      <img
        src={item.thumbnailUrl}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={cn('size-full', item.kind === 'document' ? 'bg-white object-contain' : 'object-cover')}
      />
      {item.kind === 'document' ? (
        <span
          className={cn(
            'absolute right-0 bottom-0 rounded-tl bg-red-700 font-semibold text-white',
            size === 'md' ? 'px-1 text-[10px] leading-4' : 'px-0.5 text-[8px] leading-3',
          )}
        >
          <span className="sr-only">Document, </span>PDF
        </span>
      ) : null}
      {item.kind === 'video' ? (
        <>
          {size === 'md' ? (
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="flex size-6 items-center justify-center rounded-full bg-black/55">
                <Play className="size-3 fill-white text-white" aria-hidden="true" />
              </span>
            </span>
          ) : null}
          <span
            className={cn(
              'absolute right-0 bottom-0 rounded-tl bg-black/70 font-semibold text-white tabular-nums',
              size === 'md' ? 'px-1 text-[10px] leading-4' : 'px-0.5 text-[8px] leading-3',
            )}
          >
            <span className="sr-only">Video, </span>
            {formatDuration(item.durationMs)}
          </span>
        </>
      ) : null}
    </span>
  );
}

/** The thumbnail of a saved post's media item, read by id; nothing when it cannot be read. */
export function StoredMediaThumb({ mediaId, ...props }: Omit<MediaThumbProps, 'item'> & { mediaId: string }) {
  const media = useMedia(mediaId);
  if (media.isError) return null;
  return <MediaThumb item={media.data} {...props} />;
}
