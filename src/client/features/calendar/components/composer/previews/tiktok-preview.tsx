import { Bookmark, Heart, MessageCircle, Music2, Play, Share2 } from 'lucide-react';
import { platformRules } from '../../../../../../contracts/platforms';
import { countCharacters, publishedText } from '../../../../../../contracts/post-text';
import { cn } from '../../../../../lib/cn';
import { Highlighted, handleOf, initials } from '../../../../content/components/platform-preview';
import { formatDuration } from '../../../post-kind';
import type { NetworkCardProps } from './preview-types';

/** A TikTok caption takes 2,200 characters (contracts/platforms.ts). */
const MAX = platformRules.tiktok.maxLength;

/**
 * How a post looks in TikTok's feed: a tall 9:16 screen filled by the video (its poster frame) or
 * the first photo (with the photo count), the creator's picture and the like, comment, save and
 * share marks down the right, and the handle, the photo post's title, the caption and the sound at
 * the bottom left over a shade. A sketch, not a pixel copy of TikTok.
 */
export function TikTokPreview({ postType, post, name }: NetworkCardProps) {
  const photos = postType === 'carousel';
  const text = publishedText(post.content, post.hashtags);
  const length = countCharacters('tiktok', text);
  const [first] = post.media;
  const video = first?.kind === 'video' ? first : undefined;
  return (
    <figure className="grid justify-items-center gap-2" aria-label="Post on TikTok">
      <div className="relative aspect-[9/16] w-full max-w-[17rem] overflow-hidden rounded-2xl bg-black text-white shadow-sm">
        {first ? (
          <img
            src={first.thumbnailUrl}
            alt=""
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : post.media.length > 0 ? (
          <span className="absolute inset-0 animate-pulse bg-slate-800" />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center px-6 text-center text-xs text-white/70">
            {photos
              ? 'Add photos: a TikTok photo post needs at least one.'
              : 'Add a video: TikTok posts one video.'}
          </span>
        )}
        {video ? (
          <span className="absolute top-2 left-2 flex items-center gap-1 rounded bg-black/60 px-1.5 text-[11px] font-semibold tabular-nums">
            <Play className="size-3 fill-white" aria-hidden="true" />
            {formatDuration(video.durationMs)}
          </span>
        ) : null}
        {photos && post.media.length > 1 ? (
          <span className="absolute top-2 right-2 rounded bg-black/60 px-1.5 text-[11px] font-semibold tabular-nums">
            1/{post.media.length}
          </span>
        ) : null}
        <div className="absolute right-2 bottom-28 flex flex-col items-center gap-3" aria-hidden="true">
          <span className="flex size-9 items-center justify-center rounded-full border-2 border-white bg-slate-700 text-xs font-semibold">
            {initials(name)}
          </span>
          <Heart className="size-6 fill-white/90" strokeWidth={1.5} />
          <MessageCircle className="size-6 fill-white/90" strokeWidth={1.5} />
          <Bookmark className="size-6 fill-white/90" strokeWidth={1.5} />
          <Share2 className="size-6" strokeWidth={2} />
        </div>
        <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-gradient-to-t from-black/80 via-black/40 to-transparent p-3 pr-14 pt-10">
          <p className="truncate text-sm font-semibold">{handleOf(name)}</p>
          {photos && post.title.trim() ? (
            <p className="truncate text-sm font-semibold">{post.title.trim()}</p>
          ) : null}
          {text ? (
            <p className="line-clamp-3 text-[13px] leading-snug whitespace-pre-wrap [overflow-wrap:anywhere]">
              <Highlighted text={text} colour="font-semibold text-white" />
            </p>
          ) : null}
          <p className="flex items-center gap-1 truncate text-xs text-white/90">
            <Music2 className="size-3.5 shrink-0" aria-hidden="true" />
            Original sound · {name}
          </p>
        </div>
      </div>
      <figcaption className={cn('text-xs', length > MAX ? 'font-semibold text-red-700' : 'text-slate-500')}>
        <span className="font-semibold">{length}</span> of {MAX}
      </figcaption>
    </figure>
  );
}
