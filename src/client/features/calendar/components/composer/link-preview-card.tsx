import { LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { useLinkPreview } from './use-link-preview';

/** The domain a card shows, as networks do ("www." dropped). */
function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * The card a network draws for the first link in the post's text (LinkedIn and Facebook receive
 * the link and draw their own): the page's image, title, description and domain, read on the
 * server from its Open Graph tags. Nothing when the text has no link or the page has no card, nor
 * while media is attached: the networks then show the media instead of the link's card.
 */
export function LinkPreviewCard({ content, mediaCount }: { content: string; mediaCount: number }) {
  const { link, loading, preview, dismiss } = useLinkPreview(mediaCount > 0 ? '' : content);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  if (link === null) return null;
  if (loading) {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-2 text-xs text-slate-600"
      >
        <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
        Reading the link's preview…
      </div>
    );
  }
  if (!preview || preview.unavailable || (!preview.title && !preview.description && !preview.imageUrl))
    return null;
  const image = preview.imageUrl && preview.imageUrl !== brokenImage ? preview.imageUrl : null;
  return (
    <section
      aria-label="Link preview"
      className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-slate-50 sm:flex-row"
    >
      {image ? (
        <img
          src={image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setBrokenImage(image)}
          className="aspect-[1.91/1] w-full shrink-0 border-b border-slate-200 bg-slate-100 object-cover sm:aspect-auto sm:w-36 sm:self-stretch sm:border-r sm:border-b-0"
        />
      ) : null}
      <div className="grid min-w-0 flex-1 content-center gap-0.5 py-2 pr-10 pl-3">
        <p className="truncate text-[11px] uppercase tracking-wide text-slate-500">
          {preview.siteName ? `${preview.siteName} · ` : ''}
          {domainOf(preview.url)}
        </p>
        {preview.title ? (
          <p className="line-clamp-2 text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {preview.title}
          </p>
        ) : null}
        {preview.description ? (
          <p className="line-clamp-2 text-xs text-slate-600 [overflow-wrap:anywhere]">
            {preview.description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Hide the link preview"
        title="Hide the link preview"
        className="absolute top-1.5 right-1.5 rounded-md bg-white/85 p-1 text-slate-600 shadow-sm hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
