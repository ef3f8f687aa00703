import { Globe, Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { firstLinkIn } from '../../../../../../contracts/first-link';
import type { Media } from '../../../../../../contracts/media';
import { graphemeLength, publishedText } from '../../../../../../contracts/post-text';
import { cn } from '../../../../../lib/cn';
import { Highlighted, initials } from '../../../../content/components/platform-preview';
import type { NetworkCardProps } from './preview-types';

/** app.bsky.feed.post text: 300 graphemes (contracts/platforms.ts). */
const MAX_GRAPHEMES = 300;

/** A handle as Bluesky shows it: `@name.bsky.social`. */
function blueskyHandle(name: string): string {
  const local =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 18) || 'yourbrand';
  return `@${local}.bsky.social`;
}

/**
 * A Bluesky post, or a thread: the avatar left, name and handle, the text with its links, tags and
 * mentions in Bluesky's blue, up to four pictures in rounded tiles, a link card when the post has a
 * link and no pictures (app.bsky.embed.external), the counters row. A sketch, not a pixel copy.
 */
export function BlueskyPreview({ postType, post, name }: NetworkCardProps) {
  const posts = [
    { content: publishedText(post.content, post.hashtags), media: post.media },
    ...(postType === 'thread' ? post.thread : []),
  ];
  const thread = posts.length > 1;
  return (
    <ol
      className="overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-label={thread ? 'Posts of the thread' : 'The post'}
    >
      {posts.map((item, index) => {
        const last = index === posts.length - 1;
        const length = graphemeLength(item.content);
        const link = item.media.length === 0 ? firstLinkIn(item.content) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: positions in the chain as typed
          <li key={index} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2.5 px-3 pt-3">
            <span className="flex flex-col items-center">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-sky-400 to-blue-600 text-xs font-semibold text-white"
              >
                {initials(name)}
              </span>
              {last ? null : <span aria-hidden="true" className="mt-1 w-0.5 flex-1 bg-slate-200" />}
            </span>
            <div className={cn('grid min-w-0 gap-1.5', last ? 'pb-2' : 'pb-4')}>
              <p className="truncate text-sm">
                <span className="font-semibold text-slate-900">{name}</span>{' '}
                <span className="text-slate-500">{blueskyHandle(name)} · now</span>
              </p>
              <p className="text-[15px] leading-snug whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                <Highlighted text={item.content || ' '} colour="text-[#1083fe]" />
              </p>
              {item.media.length > 0 ? <BlueskyImages media={item.media} /> : null}
              {link ? <LinkCard url={link} /> : null}
              <div className="flex items-center gap-6 text-xs text-slate-500" aria-hidden="true">
                <MessageCircle className="size-4" />
                <Repeat2 className="size-4" />
                <Heart className="size-4" />
              </div>
              <p
                className={cn(
                  'text-xs',
                  length > MAX_GRAPHEMES ? 'font-semibold text-red-700' : 'text-slate-500',
                )}
              >
                {thread ? `${index + 1}/${posts.length} · ` : ''}
                <span className="font-semibold">{length}</span> of {MAX_GRAPHEMES}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Tile({ item, className }: { item: Media | undefined; className?: string }) {
  if (!item) return <span className={cn('block animate-pulse bg-slate-200', className)} />;
  return (
    <span className={cn('block overflow-hidden bg-slate-100', className)}>
      <img src={item.thumbnailUrl} alt="" decoding="async" className="size-full object-cover" />
    </span>
  );
}

/** Bluesky's layouts of one to four images: one whole, two side by side, three, or a 2×2 grid. */
function BlueskyImages({ media }: { media: (Media | undefined)[] }) {
  const shown = media.slice(0, 4);
  if (shown.length === 1) return <Tile item={shown[0]} className="aspect-[4/3] w-full rounded-lg" />;
  return (
    <div
      className={cn(
        'grid gap-1 overflow-hidden rounded-lg',
        shown.length === 3 ? 'grid-cols-[2fr_1fr] grid-rows-2' : 'grid-cols-2',
      )}
    >
      {shown.map((item, index) => (
        <Tile
          key={item?.id ?? index}
          item={item}
          className={cn(
            'w-full',
            shown.length === 3 && index === 0
              ? 'row-span-2 h-full'
              : shown.length === 2
                ? 'aspect-[4/5]'
                : 'aspect-square',
          )}
        />
      ))}
    </div>
  );
}

/**
 * The link card Bluesky draws for a link (app.bsky.embed.external): its site and address; the
 * page's picture, when it has one, is read at publishing (its thumb), so a mark stands for it here.
 */
function LinkCard({ url }: { url: string }) {
  let host = url;
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    // the text's own link, shown as typed
  }
  return (
    <div className="flex items-center gap-3 overflow-hidden rounded-lg border border-slate-200 p-2">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-sky-50 to-slate-100 text-sky-600"
      >
        <Globe className="size-5" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate text-sm font-semibold text-slate-900">{host}</p>
        <p className="truncate text-xs text-slate-500">{url}</p>
      </div>
    </div>
  );
}
