import { ChevronLeft, ChevronRight, ImageIcon, Play } from 'lucide-react';
import { useState } from 'react';
import type { Media } from '../../../../../contracts/media';
import { type PublishingPlatform, platformLabels } from '../../../../../contracts/platforms';
import { publishedText, xWeightedLength } from '../../../../../contracts/post-text';
import { type PostType, postTypeLabelOf } from '../../../../../contracts/post-types';
import { PlatformMark } from '../../../../components/platform-mark';
import { cn } from '../../../../lib/cn';
import { Highlighted, handleOf, initials } from '../../../content/components/platform-preview';
import { formatDuration } from '../../post-kind';
import { DocumentPreview } from './document-preview';
import { networkPreviews } from './previews/network-previews';
import type { PreviewPost } from './previews/preview-types';

export type { PreviewPost };

interface NetworkPreviewProps {
  platform: PublishingPlatform;
  postType: PostType;
  post: PreviewPost;
  author: string;
}

/**
 * How the post will look on its network and post type: an Instagram carousel with its dots, a
 * Reel or Story in a 9:16 frame, an X thread as a chain, LinkedIn and Facebook image grids, a
 * LinkedIn document post with its title bar and first page. A
 * sketch, not a pixel copy of any network.
 */
export function NetworkPreview({ platform, postType, post, author }: NetworkPreviewProps) {
  const name = author.trim() || 'Your brand';
  const label = platformLabels[platform];
  const typeLabel = postType === 'post' ? '' : ` ${postTypeLabelOf(platform, postType)}`;
  const OwnCard = networkPreviews[platform];
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <PlatformMark platform={platform} size="sm" />
        Preview on {label}
        {typeLabel}
      </figcaption>
      {postType === 'reel' || postType === 'story' ? (
        <VerticalFrame platform={platform} postType={postType} post={post} name={name} />
      ) : OwnCard ? (
        <OwnCard postType={postType} post={post} name={name} />
      ) : platform === 'twitter' ? (
        <XChain post={post} name={name} thread={postType === 'thread'} />
      ) : (
        <FeedCard platform={platform} postType={postType} post={post} name={name} />
      )}
    </figure>
  );
}

function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-xs font-semibold text-white',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

/** One picture of the preview: an image, or a video's poster with a play mark and its length. */
function Visual({
  item,
  className,
  big = false,
}: {
  item: Media | undefined;
  className?: string;
  big?: boolean;
}) {
  if (!item) return <span className={cn('block animate-pulse bg-slate-200', className)} />;
  return (
    <span className={cn('relative block overflow-hidden bg-slate-900', className)}>
      <img src={item.thumbnailUrl} alt="" decoding="async" className="size-full object-cover" />
      {item.kind === 'video' ? (
        <>
          <span className="absolute inset-0 flex items-center justify-center">
            <span
              className={cn(
                'flex items-center justify-center rounded-full bg-black/55',
                big ? 'size-12' : 'size-8',
              )}
            >
              <Play className={cn('fill-white text-white', big ? 'size-5' : 'size-4')} aria-hidden="true" />
            </span>
          </span>
          <span className="absolute bottom-1.5 left-1.5 rounded bg-black/70 px-1 text-[11px] font-semibold text-white tabular-nums">
            {formatDuration(item.durationMs)}
          </span>
        </>
      ) : null}
    </span>
  );
}

function NoMedia({ className, text }: { className?: string; text: string }) {
  return (
    <span
      className={cn(
        'flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-amber-50 via-pink-50 to-violet-100 text-xs text-slate-600',
        className,
      )}
    >
      <ImageIcon className="size-6 text-pink-600" aria-hidden="true" />
      {text}
    </span>
  );
}

/** A Reel or a Story: 9:16, the poster filling it; a Reel shows its caption, a Story none. */
function VerticalFrame({
  platform,
  postType,
  post,
  name,
}: {
  platform: PublishingPlatform;
  postType: 'reel' | 'story';
  post: PreviewPost;
  name: string;
}) {
  const item = post.media[0];
  const handle = platform === 'instagram' ? handleOf(name).slice(1) : name;
  return (
    <div className="relative mx-auto aspect-[9/16] w-full max-w-56 overflow-hidden rounded-2xl bg-slate-900 text-white shadow-sm">
      {post.media.length > 0 ? (
        <Visual item={item} className="absolute inset-0 size-full" big />
      ) : (
        <NoMedia
          className="absolute inset-0"
          text={postType === 'reel' ? 'Your video goes here' : 'Your photo or video goes here'}
        />
      )}
      {postType === 'story' ? (
        <div className="absolute inset-x-2 top-2 grid gap-2">
          <span className="h-0.5 rounded-full bg-white/80" />
          <span className="flex items-center gap-1.5 text-xs font-semibold drop-shadow">
            <Avatar name={name} className="size-6 text-[9px]" />
            {handle}
            <span className="font-normal text-white/80">now</span>
          </span>
        </div>
      ) : (
        <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-gradient-to-t from-black/75 to-transparent px-3 pt-8 pb-3 text-xs">
          <span className="flex items-center gap-1.5 font-semibold">
            <Avatar name={name} className="size-6 text-[9px]" />
            {handle}
          </span>
          <p className="line-clamp-2 [overflow-wrap:anywhere]">
            {publishedText(post.content, post.hashtags)}
          </p>
        </div>
      )}
    </div>
  );
}

/** Instagram's feed post and carousel, LinkedIn's and Facebook's posts with their image grids. */
function FeedCard({
  platform,
  postType,
  post,
  name,
}: {
  platform: PublishingPlatform;
  postType: PostType;
  post: PreviewPost;
  name: string;
}) {
  const text = publishedText(post.content, post.hashtags);
  const instagram = platform === 'instagram';
  const handle = handleOf(name).slice(1);
  const body = (
    <p className="px-3 pt-2 pb-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
      {instagram ? <span className="mr-1 font-semibold text-slate-900">{handle}</span> : null}
      <Highlighted text={text} colour={instagram ? 'text-indigo-900' : 'font-medium text-[#0A66C2]'} />
    </p>
  );
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center gap-2.5 px-3 pt-3">
        <Avatar name={name} />
        <div className="min-w-0 text-sm leading-tight">
          <p className="truncate font-semibold text-slate-900">{instagram ? handle : name}</p>
          <p className="truncate text-xs text-slate-500">
            {platform === 'linkedin' ? 'Now · Public' : platform === 'facebook' ? 'Just now · Public' : ''}
          </p>
        </div>
      </div>
      {instagram ? (
        <>
          <div className="mt-3">
            {postType === 'carousel' ? (
              <Carousel media={post.media} />
            ) : post.media.length > 0 ? (
              <Visual item={post.media[0]} className="aspect-[4/5] w-full" />
            ) : (
              <NoMedia className="aspect-[4/5] w-full" text="Your photo goes here" />
            )}
          </div>
          {body}
        </>
      ) : (
        <>
          {body}
          {platform === 'linkedin' && postType === 'carousel' ? (
            <DocumentPreview item={post.media.length > 0 ? post.media[0] : null} title={post.title} />
          ) : (
            <Grid media={post.media} />
          )}
        </>
      )}
    </div>
  );
}

/** Instagram's swipeable carousel: one item at a time, its number, the dots below. */
function Carousel({ media }: { media: (Media | undefined)[] }) {
  const [index, setIndex] = useState(0);
  const count = media.length;
  if (count === 0) return <NoMedia className="aspect-[4/5] w-full" text="Your photos and videos go here" />;
  const shown = Math.min(index, count - 1);
  const arrow =
    'absolute top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-800 shadow focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none';
  return (
    <div className="grid gap-2">
      <div className="relative">
        <Visual item={media[shown]} className="aspect-[4/5] w-full" />
        <span className="absolute top-2 right-2 rounded-full bg-black/65 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
          {shown + 1}/{count}
        </span>
        {shown > 0 ? (
          <button
            type="button"
            className={cn(arrow, 'left-2')}
            aria-label="Previous item"
            onClick={() => setIndex(shown - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        {shown < count - 1 ? (
          <button
            type="button"
            className={cn(arrow, 'right-2')}
            aria-label="Next item"
            onClick={() => setIndex(shown + 1)}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <span className="flex justify-center gap-1" aria-hidden="true">
        {media.map((_, dot) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items
            key={dot}
            className={cn('size-1.5 rounded-full', dot === shown ? 'bg-sky-500' : 'bg-slate-300')}
          />
        ))}
      </span>
    </div>
  );
}

/**
 * LinkedIn's and Facebook's several-photo layout: one large, the next ones in a row beneath, a
 * "+N" on the last when there are more than shown.
 */
function Grid({ media }: { media: (Media | undefined)[] }) {
  if (media.length === 0) return null;
  const [first, ...rest] = media;
  if (media.length === 1) {
    return <Visual item={first} className="aspect-[1.91/1] w-full" big />;
  }
  const shown = rest.slice(0, 3);
  const more = media.length - 1 - shown.length;
  return (
    <div className="grid gap-0.5 overflow-hidden">
      <Visual item={first} className="aspect-[1.91/1] w-full" />
      <div
        className={cn(
          'grid gap-0.5',
          shown.length === 1 ? 'grid-cols-1' : shown.length === 2 ? 'grid-cols-2' : 'grid-cols-3',
        )}
      >
        {shown.map((item, index) => (
          <span key={item?.id ?? index} className="relative">
            <Visual item={item} className="aspect-square w-full" />
            {more > 0 && index === shown.length - 1 ? (
              <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-lg font-semibold text-white">
                +{more}
              </span>
            ) : null}
          </span>
        ))}
      </div>
    </div>
  );
}

/** An X post, or a thread: each post under the one before, avatars joined by a line. */
function XChain({ post, name, thread }: { post: PreviewPost; name: string; thread: boolean }) {
  const posts = [
    { content: publishedText(post.content, post.hashtags), media: post.media },
    ...(thread ? post.thread : []),
  ];
  return (
    <ol
      className="overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-label="Posts of the thread"
    >
      {posts.map((item, index) => {
        const last = index === posts.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: positions in the chain as typed
          <li key={index} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2.5 px-3 pt-3">
            <span className="flex flex-col items-center">
              <Avatar name={name} />
              {last ? null : <span aria-hidden="true" className="mt-1 w-0.5 flex-1 bg-slate-200" />}
            </span>
            <div className={cn('grid min-w-0 gap-1.5', last ? 'pb-3' : 'pb-4')}>
              <p className="truncate text-sm">
                <span className="font-bold text-slate-900">{name}</span>{' '}
                <span className="text-slate-500">{handleOf(name)} · now</span>
              </p>
              <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                <Highlighted text={item.content || ' '} colour="text-sky-700" />
              </p>
              {item.media.length > 0 ? <XMedia media={item.media} /> : null}
              <p className="text-xs text-slate-500">
                {thread ? `${index + 1}/${posts.length} · ` : ''}
                <span className="font-semibold text-slate-700">{xWeightedLength(item.content)}</span> of 280
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** X's layout of up to four pictures: one wide, two side by side, or a 2×2 grid. */
function XMedia({ media }: { media: (Media | undefined)[] }) {
  const shown = media.slice(0, 4);
  if (shown.length === 1) return <Visual item={shown[0]} className="aspect-video w-full rounded-xl" big />;
  return (
    <div className="grid grid-cols-2 gap-0.5 overflow-hidden rounded-xl">
      {shown.map((item, index) => (
        <Visual
          key={item?.id ?? index}
          item={item}
          className={cn('w-full', shown.length === 3 && index === 0 ? 'row-span-2 h-full' : 'aspect-video')}
        />
      ))}
    </div>
  );
}
