import { Play, ThumbsUp, Video } from 'lucide-react';
import { publishedText } from '../../../../../../contracts/post-text';
import { isYouTubeShort } from '../../../../../../contracts/youtube';
import { initials } from '../../../../content/components/platform-preview';
import { formatDuration } from '../media-picker';
import type { NetworkCardProps } from './preview-types';

/**
 * A video as YouTube shows it: the player frame with its length, the title in bold, the channel,
 * and the description under it. A square or vertical video of at most 3 minutes is a Short on
 * YouTube (support.google.com/youtube/answer/15424877): drawn tall, and labelled so. A sketch of
 * the look, not a copy (no YouTube logo).
 */
export function YouTubePreview({ post, name }: NetworkCardProps) {
  const item = post.media[0];
  const title = post.title.trim();
  const text = publishedText(post.content, post.hashtags);
  const video = item?.kind === 'video' ? item : undefined;
  const short = video ? isYouTubeShort(video) : false;
  const picture = video?.posterUrl ?? item?.thumbnailUrl;
  return (
    <div
      className={
        short ? 'mx-auto grid w-full max-w-56 gap-2 text-slate-900' : 'grid w-full gap-2 text-slate-900'
      }
    >
      <div
        className={`relative overflow-hidden rounded-xl bg-slate-900 ${short ? 'aspect-[9/16]' : 'aspect-video'}`}
      >
        {picture ? (
          <img src={picture} alt="" decoding="async" className="absolute inset-0 size-full object-contain" />
        ) : post.media.length > 0 ? (
          <span className="absolute inset-0 animate-pulse bg-slate-700" />
        ) : (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-xs text-slate-300">
            <Video className="size-6" aria-hidden="true" />A YouTube upload needs a video
          </span>
        )}
        {picture ? (
          <span className="absolute top-1/2 left-1/2 flex h-9 w-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-xl bg-red-600/90">
            <Play className="size-4 fill-white text-white" aria-hidden="true" />
          </span>
        ) : null}
        {short ? (
          <span className="absolute top-2 left-2 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-semibold text-white">
            Short
          </span>
        ) : null}
        {video?.durationMs ? (
          <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1 py-0.5 text-[11px] font-medium text-white">
            {formatDuration(video.durationMs)}
          </span>
        ) : null}
      </div>
      <div className="flex gap-2.5 px-0.5">
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-800 text-[10px] font-semibold text-white"
        >
          {initials(name)}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p
            className={`line-clamp-2 text-sm leading-snug font-semibold ${title ? '' : 'text-slate-500 italic'}`}
          >
            {title || 'Add a title: YouTube needs one'}
          </p>
          <p className="truncate text-xs text-slate-600">
            {name} · {short ? 'Short' : 'Video'}
          </p>
          {text ? (
            <p className="mt-1 line-clamp-3 rounded-lg bg-slate-100 p-2 text-xs leading-snug whitespace-pre-line text-slate-700">
              {text}
            </p>
          ) : null}
          <p className="mt-1 flex items-center gap-1 text-xs text-slate-500" aria-hidden="true">
            <ThumbsUp className="size-3.5" /> Like · Share · Save
          </p>
        </div>
      </div>
    </div>
  );
}
