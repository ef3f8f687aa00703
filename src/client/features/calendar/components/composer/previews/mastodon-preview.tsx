import { Bookmark, Globe, ImageIcon, MessageCircle, Repeat2, Star } from 'lucide-react';
import type { Media } from '../../../../../../contracts/media';
import { mastodonLength, publishedText } from '../../../../../../contracts/post-text';
import { cn } from '../../../../../lib/cn';
import { Highlighted, handleOf, initials } from '../../../../content/components/platform-preview';
import type { NetworkCardProps } from './preview-types';

/**
 * A Mastodon status (or a thread of them) as a server's web interface shows it: a rounded-square
 * avatar, the display name over the full handle, the text with hashtags and links in the accent
 * colour, up to four pictures in a grid with an ALT badge where they have a description, and the
 * reply, boost, favourite and bookmark bar. A sketch, not a copy.
 */
export function MastodonPreview({ postType, post, name }: NetworkCardProps) {
  const statuses = [
    { content: publishedText(post.content, post.hashtags), media: post.media },
    ...(postType === 'thread' ? post.thread : []),
  ];
  const handle = `${handleOf(name)}@your.server`;
  return (
    <ol
      aria-label={statuses.length > 1 ? 'Posts of the thread' : 'Mastodon post'}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      {statuses.map((status, index) => {
        const last = index === statuses.length - 1;
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: positions in the thread as typed
            key={index}
            className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 px-4 pt-4"
          >
            <span className="flex flex-col items-center">
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-[#6364ff] to-[#563acc] text-sm font-semibold text-white"
              >
                {initials(name)}
              </span>
              {last ? null : <span aria-hidden="true" className="mt-1 w-0.5 flex-1 bg-slate-200" />}
            </span>
            <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2', last ? 'pb-3' : 'pb-5')}>
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 text-sm leading-tight">
                  <span className="block truncate font-bold text-slate-900">{name}</span>
                  <span className="block truncate text-slate-500">{handle}</span>
                </p>
                <span className="flex shrink-0 items-center gap-1 text-xs text-slate-500">
                  <Globe className="size-3.5" aria-label="Public" />
                  now
                </span>
              </div>
              <p className="text-[15px] leading-relaxed whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                <Highlighted text={status.content || ' '} colour="text-[#563acc]" />
              </p>
              {status.media.length > 0 ? <Pictures media={status.media} /> : null}
              <div className="flex items-center justify-between pr-6 text-slate-500" aria-hidden="true">
                <MessageCircle className="size-4" />
                <Repeat2 className="size-4" />
                <Star className="size-4" />
                <Bookmark className="size-4" />
              </div>
              {statuses.length > 1 ? (
                <p className="text-xs text-slate-500">
                  {index + 1}/{statuses.length} ·{' '}
                  <span className="font-semibold text-slate-700">{mastodonLength(status.content)}</span>{' '}
                  characters
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Mastodon's grid: one picture 16:9, two side by side, three with the first tall, four in 2×2. */
function Pictures({ media }: { media: (Media | undefined)[] }) {
  const shown = media.slice(0, 4);
  return (
    <div
      className={cn(
        'grid gap-1.5 overflow-hidden rounded-lg',
        shown.length === 1 ? 'grid-cols-1' : 'grid-cols-2',
      )}
    >
      {shown.map((item, index) => (
        <span
          key={item?.id ?? index}
          className={cn(
            'relative block overflow-hidden rounded-lg bg-slate-100',
            shown.length === 3 && index === 0
              ? 'row-span-2'
              : shown.length === 1
                ? 'aspect-video'
                : 'aspect-[4/3]',
          )}
        >
          {item ? (
            item.kind === 'video' ? (
              <span className="flex size-full items-center justify-center text-xs text-slate-500">
                <ImageIcon className="size-5" aria-hidden="true" />
              </span>
            ) : (
              <img src={item.thumbnailUrl} alt="" decoding="async" className="size-full object-cover" />
            )
          ) : (
            <span className="block size-full animate-pulse bg-slate-200" />
          )}
        </span>
      ))}
    </div>
  );
}
