import { ImageIcon, MoreHorizontal, Play } from 'lucide-react';
import { publishedText } from '../../../../../../contracts/post-text';
import { initials } from '../../../../content/components/platform-preview';
import type { NetworkCardProps } from './preview-types';

/**
 * A Pin as Pinterest's grid shows it: the image with rounded corners and a "Save" pill over it, the
 * title under it, the first lines of the description, and the account. A sketch of the look, not a
 * copy (no Pinterest logo).
 */
export function PinterestPreview({ post, name }: NetworkCardProps) {
  const item = post.media[0];
  const title = post.title.trim();
  const text = publishedText(post.content, post.hashtags);
  return (
    <div className="mx-auto grid w-full max-w-64 gap-2 text-slate-900">
      <div className="group relative overflow-hidden rounded-2xl bg-slate-100">
        {item ? (
          <>
            <img
              src={item.thumbnailUrl}
              alt=""
              decoding="async"
              className="block max-h-96 min-h-40 w-full object-cover"
            />
            {item.kind === 'video' ? (
              <span className="absolute bottom-2 left-2 flex size-7 items-center justify-center rounded-full bg-black/60">
                <Play className="size-3.5 fill-white text-white" aria-hidden="true" />
              </span>
            ) : null}
          </>
        ) : post.media.length > 0 ? (
          <span className="block aspect-[2/3] animate-pulse bg-slate-200" />
        ) : (
          <span className="flex aspect-[2/3] flex-col items-center justify-center gap-2 bg-gradient-to-b from-rose-50 to-red-100 text-xs text-slate-600">
            <ImageIcon className="size-6 text-red-600" aria-hidden="true" />A Pin needs an image
          </span>
        )}
        <span
          aria-hidden="true"
          className="absolute top-2 right-2 rounded-full bg-red-600 px-3 py-1.5 text-xs font-bold text-white shadow-sm"
        >
          Save
        </span>
      </div>
      <div className="grid gap-1 px-1">
        {title ? <p className="line-clamp-2 text-sm leading-snug font-semibold">{title}</p> : null}
        {text ? (
          <p className="line-clamp-3 text-xs leading-snug whitespace-pre-line text-slate-600">{text}</p>
        ) : null}
        <div className="mt-1 flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-800 text-[9px] font-semibold text-white"
          >
            {initials(name)}
          </span>
          <span className="min-w-0 flex-1 truncate text-xs font-medium">{name}</span>
          <MoreHorizontal className="size-4 text-slate-500" aria-hidden="true" />
        </div>
      </div>
    </div>
  );
}
