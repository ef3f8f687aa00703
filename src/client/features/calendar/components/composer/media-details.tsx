import { ChevronDown, ChevronUp, Crop, LoaderCircle } from 'lucide-react';
import type { Media } from '../../../../../contracts/media';
import type { PostMediaItem } from '../../../../../contracts/posts';
import { Textarea } from '../../../../components/ui/textarea';
import { toast } from '../../../../components/ui/use-toast';
import { ApiError, failureMessage, isUnauthorized } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useFitMedia } from '../../api/fit-media';
import { documentFacts } from '../../document-facts';
import { formatDuration } from '../../post-kind';
import { MediaThumb } from '../media-thumb';
import { type ChosenTarget, type FitOffer, fitOffers, moveItem } from './composer-post';

export const FIT_FAILED_MESSAGE = 'The image could not be changed. Please try again.';

interface MediaDetailsProps {
  id: string;
  media: PostMediaItem[];
  byId: Map<string, Media>;
  targets: ChosenTarget[];
  /** The strictest alt-text limit of the chosen post types; null: none takes alt text. */
  altLimit: number | null;
  onChange: (media: PostMediaItem[]) => void;
}

const iconButton =
  'rounded-md border border-slate-200 bg-white p-1 text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The attached media in the order they are published: move each up or down, describe each image
 * (alt text, counted against the strictest chosen network), and take a safe fix where a network
 * refuses an image (a JPEG copy, a crop) which replaces the item in place.
 */
export function MediaDetails({ id, media, byId, targets, altLimit, onChange }: MediaDetailsProps) {
  const fit = useFitMedia();
  if (media.length === 0) return null;

  const move = (index: number, to: number, direction: 'up' | 'down') => {
    onChange(moveItem(media, index, to));
    // The moved row's button keeps the focus, or its other button once it reaches an end.
    const mediaId = media[index]?.id;
    requestAnimationFrame(() => {
      const button = document.getElementById(`${id}-${mediaId}-${direction}`) as HTMLButtonElement | null;
      const other = document.getElementById(
        `${id}-${mediaId}-${direction === 'up' ? 'down' : 'up'}`,
      ) as HTMLButtonElement | null;
      (button && !button.disabled ? button : other)?.focus();
    });
  };

  const applyFit = (mediaId: string, offer: FitOffer) => {
    fit.mutate(
      { id: mediaId, format: offer.format, aspect: offer.aspect },
      {
        onSuccess: (made) =>
          onChange(media.map((item) => (item.id === mediaId ? { ...item, id: made.id } : item))),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: 'Not Changed',
            description:
              error instanceof ApiError && error.status === 404
                ? 'Fitting images is not available on this server yet.'
                : failureMessage(error, FIT_FAILED_MESSAGE),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-1.5">
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-800">
        Order{altLimit !== null ? ' and alt text' : ''}{' '}
        <span className="font-normal text-slate-600">(published in this order)</span>
      </h3>
      <ol className="grid gap-2">
        {media.map((entry, index) => {
          const item = byId.get(entry.id);
          const number = index + 1;
          const noun = item?.kind === 'video' ? 'video' : item?.kind === 'document' ? 'document' : 'image';
          const offers = item ? fitOffers(item, targets) : [];
          const alt = entry.altText ?? '';
          const altLength = [...alt.trim()].length;
          const over = altLimit !== null && altLength > altLimit;
          const fitting = fit.isPending && fit.variables?.id === entry.id;
          return (
            <li
              key={entry.id}
              className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-2"
            >
              <MediaThumb item={item} className="size-14" />
              <div className="grid min-w-0 content-start gap-0.5 text-sm">
                <p className="truncate font-medium text-slate-900">
                  {number}. {item?.fileName ?? `Attachment ${number}`}
                </p>
                {item?.kind === 'document' ? (
                  <p className="text-xs text-slate-600">{documentFacts(item)}</p>
                ) : item ? (
                  <p className="text-xs text-slate-600">
                    {item.kind === 'video' ? `Video · ${formatDuration(item.durationMs)} · ` : 'Image · '}
                    {item.width}×{item.height}
                  </p>
                ) : null}
              </div>
              <div className="flex items-start gap-1">
                <button
                  id={`${id}-${entry.id}-up`}
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  aria-label={`Move ${noun} ${number} up`}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  <ChevronUp className="size-4" aria-hidden="true" />
                </button>
                <button
                  id={`${id}-${entry.id}-down`}
                  type="button"
                  className={iconButton}
                  disabled={index === media.length - 1}
                  aria-label={`Move ${noun} ${number} down`}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  <ChevronDown className="size-4" aria-hidden="true" />
                </button>
              </div>
              {altLimit !== null && item?.kind !== 'video' && item?.kind !== 'document' ? (
                <div className="col-span-3 grid gap-1">
                  <label htmlFor={`${id}-${entry.id}-alt`} className="sr-only">
                    Alt text for image {number}
                  </label>
                  <Textarea
                    id={`${id}-${entry.id}-alt`}
                    value={alt}
                    rows={1}
                    maxLength={4086}
                    placeholder={`Describe image ${number} for people who cannot see it`}
                    aria-invalid={over || undefined}
                    aria-describedby={`${id}-${entry.id}-alt-count`}
                    className="min-h-9 py-1.5"
                    onChange={(event) =>
                      onChange(
                        media.map((other) =>
                          other.id === entry.id ? { ...other, altText: event.target.value } : other,
                        ),
                      )
                    }
                  />
                  <p
                    id={`${id}-${entry.id}-alt-count`}
                    className={cn(
                      'justify-self-end text-xs tabular-nums',
                      over ? 'font-semibold text-red-700' : 'text-slate-600',
                    )}
                  >
                    <span className="sr-only">Alt text length: </span>
                    {altLength} / {altLimit}
                  </p>
                </div>
              ) : null}
              {offers.length > 0 ? (
                <div className="col-span-3 flex flex-wrap items-center gap-1.5">
                  <span className="text-xs text-slate-600">Make it fit:</span>
                  {offers.map((offer) => (
                    <button
                      key={offer.label}
                      type="button"
                      disabled={fit.isPending}
                      onClick={() => applyFit(entry.id, offer)}
                      className="inline-flex items-center gap-1 rounded-md border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-50"
                    >
                      {offer.aspect ? <Crop className="size-3" aria-hidden="true" /> : null}
                      {offer.label}
                    </button>
                  ))}
                  {fitting ? (
                    <LoaderCircle
                      className="size-4 animate-spin text-indigo-600"
                      aria-label="Changing the image"
                    />
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
