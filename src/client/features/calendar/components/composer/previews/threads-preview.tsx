import { Heart, MessageCircle, Play, Repeat2, Send } from 'lucide-react';
import type { Media } from '../../../../../../contracts/media';
import { platformRules } from '../../../../../../contracts/platforms';
import { countCharacters, publishedText } from '../../../../../../contracts/post-text';
import { cn } from '../../../../../lib/cn';
import { Highlighted, handleOf, initials } from '../../../../content/components/platform-preview';
import { formatDuration } from '../../../post-kind';
import type { NetworkCardProps } from './preview-types';

/** Threads counts its 500 characters per post (contracts/platforms.ts). */
const MAX = platformRules.threads.maxLength;

/**
 * How a post looks on Threads: the profile picture with a line down to the next post of the
 * thread, the username and "now", the text with its topic tag, the media (one picture wide, a
 * carousel as a row of tiles to swipe), and the like, reply, repost and share marks. A sketch, not
 * a pixel copy of Threads.
 */
export function ThreadsPreview({ postType, post, name }: NetworkCardProps) {
  const posts = [
    { content: publishedText(post.content, post.hashtags), media: post.media },
    ...(postType === 'thread' ? post.thread : []),
  ];
  const handle = handleOf(name).slice(1);
  return (
    <ol className="overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Posts on Threads">
      {posts.map((item, index) => {
        const last = index === posts.length - 1;
        const length = countCharacters('threads', item.content);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: positions in the thread as typed
          <li key={index} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 px-4 pt-4">
            <span className="flex flex-col items-center">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white"
              >
                {initials(name)}
              </span>
              {last ? null : <span aria-hidden="true" className="mt-2 w-0.5 flex-1 rounded bg-slate-200" />}
            </span>
            <div className={cn('grid min-w-0 gap-2', last ? 'pb-3' : 'pb-5')}>
              <p className="truncate text-sm">
                <span className="font-semibold text-slate-950">{handle}</span>{' '}
                <span className="text-slate-400">now</span>
              </p>
              {item.content ? (
                <p className="-mt-1 text-[15px] leading-snug whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                  <Highlighted text={item.content} colour="text-slate-500" />
                </p>
              ) : null}
              {item.media.length > 0 ? <ThreadsMedia media={item.media} /> : null}
              <p className="flex items-center gap-4 text-slate-700" aria-hidden="true">
                <Heart className="size-[18px]" strokeWidth={1.75} />
                <MessageCircle className="size-[18px]" strokeWidth={1.75} />
                <Repeat2 className="size-[18px]" strokeWidth={1.75} />
                <Send className="size-[18px]" strokeWidth={1.75} />
              </p>
              <p className={cn('text-xs', length > MAX ? 'font-semibold text-red-700' : 'text-slate-500')}>
                {posts.length > 1 ? `${index + 1}/${posts.length} · ` : ''}
                <span className="font-semibold">{length}</span> of {MAX}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** One picture fills the width; a carousel is a row of tall tiles that scrolls sideways. */
function ThreadsMedia({ media }: { media: (Media | undefined)[] }) {
  if (media.length === 1) {
    return <Tile item={media[0]} className="aspect-[4/5] w-full max-w-72 rounded-lg" />;
  }
  return (
    <ul
      className="-mr-4 flex gap-1.5 overflow-x-auto pr-4 pb-1"
      aria-label={`Carousel of ${media.length} items`}
    >
      {media.map((item, index) => (
        <li key={item?.id ?? index} className="shrink-0">
          <Tile item={item} className="aspect-[3/4] h-44 rounded-lg" />
        </li>
      ))}
    </ul>
  );
}

function Tile({ item, className }: { item: Media | undefined; className?: string }) {
  if (!item) return <span className={cn('block animate-pulse bg-slate-200', className)} />;
  return (
    <span className={cn('relative block overflow-hidden border border-slate-200 bg-slate-100', className)}>
      <img src={item.thumbnailUrl} alt="" decoding="async" className="size-full object-cover" />
      {item.kind === 'video' ? (
        <span className="absolute bottom-1.5 left-1.5 flex items-center gap-1 rounded bg-black/70 px-1 text-[11px] font-semibold text-white tabular-nums">
          <Play className="size-3 fill-white" aria-hidden="true" />
          {formatDuration(item.durationMs)}
        </span>
      ) : null}
    </span>
  );
}
