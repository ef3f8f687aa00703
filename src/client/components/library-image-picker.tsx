import { useQuery } from '@tanstack/react-query';
import { ImageIcon, ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { cn } from '../lib/cn';
import { mediaQueryOptions, useLibraryImagePages } from './media-queries';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

/** The chosen image (its thumbnail): the same cache entry as the calendar's. */
export function useMediaItem(id: string | null) {
  return useQuery({ ...mediaQueryOptions(id ?? ''), enabled: Boolean(id), staleTime: 5 * 60 * 1000 });
}

interface LibraryImagePickerProps {
  id: string;
  /** What the image is for, in the buttons' and dialog's words: 'logo', 'thumbnail'. */
  purpose: string;
  value: string | null;
  onChange: (id: string | null) => void;
  disabled?: boolean;
  /** Ids of text describing the control (its hint, its error). */
  describedBy?: string | undefined;
  size?: 'sm' | 'md';
}

/**
 * Chooses one image of the workspace's media library (the bio page's thumbnails, the brand kit's
 * logo): the chosen one as a thumbnail, a dialog with the library's images, and Remove. Uploading
 * stays on the Media page, which the empty dialog points to.
 */
export function LibraryImagePicker({
  id,
  purpose,
  value,
  onChange,
  disabled,
  describedBy,
  size = 'md',
}: LibraryImagePickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = useMediaItem(value);
  const library = useLibraryImagePages(open);
  const images = library.data?.pages.flatMap((page) => page.items) ?? [];
  const box = size === 'sm' ? 'size-12' : 'size-16';

  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        className={cn(
          'grid shrink-0 place-items-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200',
          box,
        )}
      >
        {value && chosen.data ? (
          <img
            src={chosen.data.thumbnailUrl}
            alt={`Chosen ${purpose}`}
            className="size-full object-cover"
            decoding="async"
          />
        ) : (
          <ImageIcon className="size-5 text-slate-400" aria-hidden="true" />
        )}
      </span>
      <div className="flex flex-wrap gap-2">
        <Button
          id={id}
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => setOpen(true)}
          aria-describedby={describedBy}
        >
          <ImagePlus aria-hidden="true" />
          {value ? `Change ${purpose}` : `Choose ${purpose}`}
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            Remove {purpose}
          </Button>
        ) : null}
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Choose a {purpose}</DialogTitle>
            <DialogDescription>An image from your media library.</DialogDescription>
          </DialogHeader>
          {library.isPending ? (
            <p className="text-sm text-slate-600">Loading your images…</p>
          ) : library.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Your images could not be loaded. Close this and try again.
            </p>
          ) : images.length === 0 ? (
            <p className="text-sm text-slate-600">
              No images yet. Upload one on the{' '}
              <Link href={paths.media} className="font-medium text-indigo-700 underline">
                Media
              </Link>{' '}
              page first.
            </p>
          ) : (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {images.map((item, index) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onChange(item.id);
                      setOpen(false);
                    }}
                    aria-pressed={item.id === value}
                    aria-label={item.fileName ?? `Image ${index + 1}`}
                    className={cn(
                      'block aspect-square w-full overflow-hidden rounded-lg ring-1 ring-slate-200 transition hover:ring-2 hover:ring-indigo-400 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none',
                      item.id === value && 'ring-2 ring-indigo-600',
                    )}
                  >
                    <img
                      src={item.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {library.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-center"
              disabled={library.isFetchingNextPage}
              onClick={() => void library.fetchNextPage()}
            >
              {library.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
