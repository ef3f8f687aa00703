import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Crop, LoaderCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Media } from '../../../../../contracts/media';
import type { PostMediaItem } from '../../../../../contracts/posts';
import { Textarea } from '../../../../components/ui/textarea';
import { toast } from '../../../../components/ui/use-toast';
import { ApiError, failureMessage, isUnauthorized } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { isFittedMedia, useFitMedia, useMediaFit } from '../../api/fit-media';
import { mediaQueryOptions } from '../../api/media';
import { documentFacts } from '../../document-facts';
import { formatDuration } from '../../post-kind';
import { MediaThumb } from '../media-thumb';
import { type ChosenTarget, moveItem } from './composer-post';
import { type FitOffer, fitOffers } from './media-fit-offers';

export const FIT_FAILED_MESSAGE = 'The file could not be changed. Please try again.';

/** A video fit running for an attached item (decision 068): its job's id and the offer's label. */
interface RunningFit {
  fitId: string;
  label: string;
}

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
 * refuses an item (a JPEG copy, a crop; for a video an MP4 re-encode or a crop, made by a job whose
 * progress shows here), which replaces the item in place, keeping its place and alt text. Closing
 * the composer does not stop a video's job: its new video lands in the media library.
 */
export function MediaDetails({ id, media, byId, targets, altLimit, onChange }: MediaDetailsProps) {
  const fit = useFitMedia();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Record<string, RunningFit>>({});
  if (media.length === 0) return null;

  const replace = (mediaId: string, made: Media) => {
    queryClient.setQueryData(mediaQueryOptions(made.id).queryKey, made);
    onChange(media.map((item) => (item.id === mediaId ? { ...item, id: made.id } : item)));
  };
  const forget = (mediaId: string) => setRunning(({ [mediaId]: _gone, ...rest }) => rest);

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
        onSuccess: (answer) => {
          if (isFittedMedia(answer)) replace(mediaId, answer);
          else setRunning((now) => ({ ...now, [mediaId]: { fitId: answer.id, label: offer.label } }));
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: 'Not Changed',
            description:
              error instanceof ApiError && error.status === 404
                ? 'This item is no longer in the media library: attach it again.'
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
          const job = running[entry.id];
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
              {job ? (
                <VideoFitProgress
                  key={job.fitId}
                  fit={job}
                  onDone={(made) => {
                    forget(entry.id);
                    replace(entry.id, made);
                  }}
                  onDismiss={() => forget(entry.id)}
                />
              ) : offers.length > 0 ? (
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
                      aria-label={`Changing the ${noun}`}
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

/**
 * A video fit's progress, asked every second: "Cropping… 42%" while it runs; once done the parent
 * swaps the item for the new video; once failed, the reason until dismissed.
 */
function VideoFitProgress({
  fit,
  onDone,
  onDismiss,
}: {
  fit: RunningFit;
  onDone: (made: Media) => void;
  onDismiss: () => void;
}) {
  const { data } = useMediaFit(fit.fitId);
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || !data) return;
    if (data.status === 'done' && data.resultMedia) {
      settled.current = true;
      onDone(data.resultMedia);
    } else if (data.status === 'failed') {
      settled.current = true;
      toast({ title: 'Video Not Changed', description: data.error ?? undefined, variant: 'destructive' });
    }
  }, [data, onDone]);
  const verb = fit.label.startsWith('Crop')
    ? `Cropping to ${fit.label.replace('Crop to ', '')}`
    : 'Converting to MP4';
  if (data?.status === 'failed') {
    return (
      <div
        role="alert"
        className="col-span-3 flex items-start gap-2 rounded-md bg-red-50 px-2 py-1.5 text-xs text-red-800"
      >
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{verb} failed.</span> {data.error}
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="rounded p-0.5 hover:bg-red-100 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      </div>
    );
  }
  const percent = Math.round((data?.progress ?? 0) * 100);
  const waiting = !data || data.status === 'queued';
  return (
    <div className="col-span-3 grid gap-1">
      <div className="flex items-center gap-1.5 text-xs font-medium text-slate-800">
        <LoaderCircle className="size-3.5 shrink-0 animate-spin text-indigo-600" aria-hidden="true" />
        <span aria-live="polite" className="tabular-nums">
          {verb}… {waiting ? 'waiting to start' : `${percent}%`}
        </span>
      </div>
      <progress
        value={percent}
        max={100}
        aria-label={`${verb}: ${percent}%`}
        className="h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
      />
      <p className="text-xs text-slate-600">
        You can close the composer: the new video will appear in your media library.
      </p>
    </div>
  );
}
