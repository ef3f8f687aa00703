import { ChevronRight, FileText } from 'lucide-react';
import type { Media } from '../../../../../contracts/media';
import { pageCountLabel } from '../../document-facts';

/**
 * A LinkedIn document post's document as the feed shows it, under the commentary: the title bar
 * (title and pages), the first page, and the page counter ("1 / 12") with the arrow to swipe on.
 * Only page 1 is rendered (the thumbnail); a sketch, not LinkedIn's viewer.
 */
export function DocumentPreview({
  item,
  title,
}: {
  /** The attached document; undefined while it loads, null when nothing (or no PDF) is attached. */
  item: Media | undefined | null;
  title: string;
}) {
  const shownTitle = title.trim();
  if (item === null || (item !== undefined && item.kind !== 'document')) return <DocumentPlaceholder />;
  const pages = item?.pageCount ?? null;
  return (
    <div className="grid border-t border-slate-200" data-testid="document-preview">
      <div className="flex min-w-0 items-baseline gap-1.5 bg-slate-900 px-3 py-2 text-xs text-white">
        <span className={shownTitle ? 'truncate font-semibold' : 'truncate text-white/70 italic'}>
          {shownTitle || 'Your document title'}
        </span>
        {pageCountLabel(pages) ? (
          <span className="shrink-0 text-white/70">· {pageCountLabel(pages)}</span>
        ) : null}
      </div>
      <div className="relative flex justify-center bg-slate-100 px-10 pt-4 pb-9">
        {item ? (
          <img
            src={item.thumbnailUrl}
            alt=""
            decoding="async"
            className="max-h-72 w-auto max-w-full bg-white object-contain shadow-md ring-1 ring-slate-200"
          />
        ) : (
          <span className="block aspect-[3/4] w-40 animate-pulse bg-slate-200" />
        )}
        {pages !== null && pages > 1 ? (
          <span
            aria-hidden="true"
            className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow"
          >
            <ChevronRight className="size-4" />
          </span>
        ) : null}
        {pages !== null ? (
          <span className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-black/70 px-2 py-0.5 text-[11px] font-semibold text-white tabular-nums">
            <span className="sr-only">Page </span>1 / {pages}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function DocumentPlaceholder() {
  return (
    <span className="flex aspect-[1.91/1] w-full flex-col items-center justify-center gap-2 border-t border-slate-200 bg-slate-50 text-xs text-slate-600">
      <FileText className="size-6 text-[#0A66C2]" aria-hidden="true" />
      Your PDF goes here
    </span>
  );
}
