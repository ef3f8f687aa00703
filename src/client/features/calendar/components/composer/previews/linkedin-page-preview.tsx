import { Building2, Globe, MessageSquare, Play, Repeat2, Send, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { Media } from '../../../../../../contracts/media';
import { publishedText } from '../../../../../../contracts/post-text';
import { cn } from '../../../../../lib/cn';
import { Highlighted, initials } from '../../../../content/components/platform-preview';
import { formatDuration } from '../../../post-kind';
import { DocumentPreview } from '../document-preview';
import type { NetworkCardProps } from './preview-types';

/** LinkedIn folds a long commentary after about three lines ("…see more"). */
const FOLD_AT = 210;

/**
 * A post on a LinkedIn company Page as the feed shows it: the Page's square logo, its name with
 * "Follow", the commentary folded after a few lines, the images (one large, the next ones in a
 * row), the video or the PDF document, and the Like · Comment · Repost · Send bar. A sketch in
 * LinkedIn's spirit, not a copy: no LinkedIn logo.
 */
export function LinkedInPagePreview({ postType, post, name }: NetworkCardProps) {
  const [open, setOpen] = useState(false);
  const text = publishedText(post.content, post.hashtags);
  const folded = !open && text.length > FOLD_AT;
  return (
    <article
      className="overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900"
      aria-label="LinkedIn Page post preview"
    >
      <header className="flex items-start gap-2.5 px-3 pt-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-gradient-to-br from-slate-700 to-slate-900 text-sm font-semibold text-white"
        >
          {initials(name)}
        </span>
        <div className="min-w-0 flex-1 text-sm leading-tight">
          <p className="truncate font-semibold">{name}</p>
          <p className="flex items-center gap-1 truncate text-xs text-slate-500">
            <Building2 className="size-3 shrink-0" aria-hidden="true" />
            Company Page
          </p>
          <p className="flex items-center gap-1 text-xs text-slate-500">
            Now ·<Globe className="size-3" aria-label="Public" />
          </p>
        </div>
        <span className="shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold text-[#0A66C2]">
          + Follow
        </span>
      </header>
      <div className="px-3 pt-2 pb-3 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
        <Highlighted
          text={folded ? `${text.slice(0, FOLD_AT).trimEnd()}…` : text}
          colour="font-semibold text-[#0A66C2]"
        />
        {folded ? (
          <button
            type="button"
            className="ml-1 text-slate-500 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            onClick={() => setOpen(true)}
          >
            see more
          </button>
        ) : null}
      </div>
      {postType === 'carousel' ? (
        <DocumentPreview item={post.media.length > 0 ? post.media[0] : null} title={post.title} />
      ) : (
        <PageMedia media={post.media} />
      )}
      <footer className="mx-3 grid grid-cols-4 border-t border-slate-200 py-1 text-xs font-semibold text-slate-600">
        {[
          { icon: ThumbsUp, label: 'Like' },
          { icon: MessageSquare, label: 'Comment' },
          { icon: Repeat2, label: 'Repost' },
          { icon: Send, label: 'Send' },
        ].map(({ icon: Icon, label }) => (
          <span key={label} className="flex items-center justify-center gap-1 py-1.5">
            <Icon className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">{label}</span>
          </span>
        ))}
      </footer>
    </article>
  );
}

function Picture({ item, className }: { item: Media | undefined; className: string }) {
  if (!item) return <span className={cn('block animate-pulse bg-slate-200', className)} />;
  return (
    <span className={cn('relative block overflow-hidden bg-slate-900', className)}>
      <img src={item.thumbnailUrl} alt="" decoding="async" className="size-full object-cover" />
      {item.kind === 'video' ? (
        <>
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-black/55">
              <Play className="size-5 fill-white text-white" aria-hidden="true" />
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

/** One picture wide; several: the first large, up to three beneath, "+N" on the last. */
function PageMedia({ media }: { media: (Media | undefined)[] }) {
  if (media.length === 0) return null;
  const [first, ...rest] = media;
  if (media.length === 1) return <Picture item={first} className="aspect-[1.91/1] w-full" />;
  const shown = rest.slice(0, 3);
  const more = media.length - 1 - shown.length;
  return (
    <div className="grid gap-0.5">
      <Picture item={first} className="aspect-[1.91/1] w-full" />
      <div className={cn('grid gap-0.5', ['grid-cols-1', 'grid-cols-2', 'grid-cols-3'][shown.length - 1])}>
        {shown.map((item, index) => (
          <span key={item?.id ?? index} className="relative">
            <Picture item={item} className="aspect-square w-full" />
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
