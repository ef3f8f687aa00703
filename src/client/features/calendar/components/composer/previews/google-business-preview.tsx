import { CalendarDays, Phone, Tag } from 'lucide-react';
import { useState } from 'react';
import {
  type GoogleBusinessOptions,
  googleBusinessActionLabels,
  wallClockOf,
} from '../../../../../../contracts/google-business';
import type { Media } from '../../../../../../contracts/media';
import { publishedText } from '../../../../../../contracts/post-text';
import { PlatformMark } from '../../../../../components/platform-mark';
import { Highlighted, initials } from '../../../../content/components/platform-preview';
import type { NetworkCardProps } from './preview-types';

/** Google folds an update's text after a few lines ("More"). */
const FOLD_AT = 180;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Dec 5, 18:30" from the location's wall-clock time, as written. */
function shownDate(value: string | undefined): string | null {
  const parts = value ? wallClockOf(value) : null;
  if (!parts) return null;
  const time = `${String(parts.hours).padStart(2, '0')}:${String(parts.minutes).padStart(2, '0')}`;
  return `${MONTHS[parts.month - 1]} ${parts.day}, ${time}`;
}

/**
 * A local post as Google Search and Maps show it on a Business Profile: the location's name and
 * "Just now", the photo on top, an Event's or Offer's title and dates, the text folded after a few
 * lines, an Offer's coupon and terms, and the button. A sketch in Google's spirit, not a copy: no
 * Google logo.
 */
export function GoogleBusinessPreview({ post, name }: NetworkCardProps) {
  const [open, setOpen] = useState(false);
  const options: GoogleBusinessOptions = post.platformOptions?.googleBusiness ?? {};
  const topic = options.topic ?? 'STANDARD';
  const text = publishedText(post.content, post.hashtags);
  const folded = !open && text.length > FOLD_AT;
  const starts = shownDate(options.startsAt);
  const ends = shownDate(options.endsAt);
  const schedule = starts || ends ? `${starts ?? '…'} – ${ends ?? '…'}` : null;
  // The photo; a pulse while one is loading; nothing for a video (a post takes none).
  const photo =
    post.media.find((item) => item?.kind === 'image') ?? (post.media.includes(undefined) ? undefined : null);
  const button = topic === 'OFFER' ? null : options.action;
  return (
    <article
      className="overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm"
      aria-label="Google Business Profile post preview"
    >
      <header className="flex items-center gap-2.5 px-3 pt-3 pb-2">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-sky-600 to-emerald-600 text-sm font-semibold text-white"
        >
          {initials(name)}
        </span>
        <div className="min-w-0 flex-1 text-sm leading-tight">
          <p className="truncate font-medium">{name}</p>
          <p className="text-xs text-slate-500">Just now</p>
        </div>
        <PlatformMark platform="google_business" size="sm" />
      </header>
      <PhotoOf item={photo} />
      <div className="grid gap-2 px-3 pt-2.5 pb-3">
        {topic !== 'STANDARD' ? (
          <div className="grid gap-0.5">
            <p className="flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
              {topic === 'EVENT' ? (
                <CalendarDays className="size-3.5" aria-hidden="true" />
              ) : (
                <Tag className="size-3.5" aria-hidden="true" />
              )}
              {topic === 'EVENT' ? 'Event' : 'Offer'}
            </p>
            <p className="text-base leading-snug font-medium [overflow-wrap:anywhere]">
              {options.eventTitle?.trim() || (topic === 'EVENT' ? 'Event title' : 'Offer title')}
            </p>
            {schedule ? <p className="text-xs text-slate-600">{schedule}</p> : null}
          </div>
        ) : null}
        {text ? (
          <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
            <Highlighted
              text={folded ? `${text.slice(0, FOLD_AT).trimEnd()}…` : text}
              colour="text-sky-700"
            />
            {folded ? (
              <button
                type="button"
                className="ml-1 font-medium text-sky-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                onClick={() => setOpen(true)}
              >
                More
              </button>
            ) : null}
          </p>
        ) : null}
        {topic === 'OFFER' && options.couponCode ? (
          <div className="rounded-md border border-dashed border-slate-400 px-3 py-2 text-center">
            <p className="text-xs text-slate-500">Show this code at the store</p>
            <p className="font-mono text-base font-semibold tracking-wider [overflow-wrap:anywhere]">
              {options.couponCode}
            </p>
          </div>
        ) : null}
        {topic === 'OFFER' && options.terms ? (
          <p className="line-clamp-2 text-xs text-slate-500">Terms: {options.terms}</p>
        ) : null}
        {topic === 'OFFER' && options.redeemUrl ? <GoogleButton label="Redeem online" /> : null}
        {button ? (
          <GoogleButton
            label={googleBusinessActionLabels[button]}
            icon={button === 'CALL' ? <Phone className="size-4" aria-hidden="true" /> : null}
          />
        ) : null}
      </div>
    </article>
  );
}

function GoogleButton({ label, icon = null }: { label: string; icon?: React.ReactNode }) {
  return (
    <span className="flex w-fit items-center gap-1.5 rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-sky-700">
      {icon}
      {label}
    </span>
  );
}

/** The one photo, 4:3 as Google crops it; a video is not shown (posts take none). */
function PhotoOf({ item }: { item: Media | undefined | null }) {
  if (item === null) return null;
  if (!item) return <span className="block aspect-[4/3] w-full animate-pulse bg-slate-200" />;
  return (
    <span className="block aspect-[4/3] w-full overflow-hidden bg-slate-100">
      <img src={item.thumbnailUrl} alt="" decoding="async" className="size-full object-cover" />
    </span>
  );
}
