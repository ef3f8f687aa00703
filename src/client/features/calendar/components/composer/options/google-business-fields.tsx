import {
  GOOGLE_BUSINESS_TITLE_MAX,
  type GoogleBusinessAction,
  type GoogleBusinessOptions,
  type GoogleBusinessTopic,
  googleBusinessActionLabels,
  googleBusinessActions,
  googleBusinessTopicLabels,
  googleBusinessTopics,
} from '../../../../../../contracts/google-business';
import type { PostPlatformOptions } from '../../../../../../contracts/platform-options';

const inputClass =
  'h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600';
const labelClass = 'text-sm font-medium text-slate-800';

/** `2026-12-05T18:30` for a datetime-local input (seconds and an offset are dropped). */
const forInput = (value: string | undefined) => value?.slice(0, 16) ?? '';

/**
 * What a Google Business Profile local post takes beyond its text and photo (decision 090): its
 * kind (What's new, Event, Offer), an Event's or Offer's title and dates (the location's local
 * time), an Offer's coupon, redeem link and terms, and a button with its link (none on an Offer,
 * which shows its own; Call now dials the profile's phone number). The composer mounts it for
 * Google Business Profile targets; the checks under the editor say what is still missing.
 */
/** As the composer's NetworkOptions hands them (network-options.tsx). */
interface GoogleBusinessFieldsProps {
  id: string;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
}

export function GoogleBusinessFields({ id, options, onChange }: GoogleBusinessFieldsProps) {
  const current: GoogleBusinessOptions = options.googleBusiness ?? {};
  const topic: GoogleBusinessTopic = current.topic ?? 'STANDARD';
  const hasSchedule = topic === 'EVENT' || topic === 'OFFER';

  function set<K extends keyof GoogleBusinessOptions>(key: K, value: GoogleBusinessOptions[K] | '') {
    const { [key]: _, ...rest } = current;
    const next: GoogleBusinessOptions =
      value === '' || value === undefined ? rest : { ...rest, [key]: value };
    const { googleBusiness: __, ...others } = options;
    onChange(Object.keys(next).length > 0 ? { ...others, googleBusiness: next } : others);
  }

  const text = (
    key: 'eventTitle' | 'couponCode' | 'redeemUrl' | 'terms' | 'actionUrl',
    label: string,
    extra: { maxLength: number; type?: string; placeholder?: string },
  ) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={extra.type ?? 'text'}
        maxLength={extra.maxLength}
        placeholder={extra.placeholder}
        value={current[key] ?? ''}
        onChange={(event) => set(key, event.target.value)}
        className={inputClass}
      />
    </div>
  );

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Google Business Profile</legend>
      <div className="grid gap-1">
        <span id={`${id}-topic-label`} className={labelClass}>
          Kind of post
        </span>
        <div role="radiogroup" aria-labelledby={`${id}-topic-label`} className="flex flex-wrap gap-2">
          {googleBusinessTopics.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                name={`${id}-topic`}
                value={value}
                checked={topic === value}
                onChange={() => set('topic', value === 'STANDARD' ? '' : value)}
              />
              {googleBusinessTopicLabels[value]}
            </label>
          ))}
        </div>
      </div>
      {hasSchedule ? (
        <>
          {text('eventTitle', topic === 'EVENT' ? 'Event title' : 'Offer title', {
            maxLength: GOOGLE_BUSINESS_TITLE_MAX,
          })}
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1">
              <label htmlFor={`${id}-starts`} className={labelClass}>
                Starts
              </label>
              <input
                id={`${id}-starts`}
                type="datetime-local"
                value={forInput(current.startsAt)}
                onChange={(event) => set('startsAt', event.target.value)}
                className={inputClass}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${id}-ends`} className={labelClass}>
                Ends
              </label>
              <input
                id={`${id}-ends`}
                type="datetime-local"
                value={forInput(current.endsAt)}
                onChange={(event) => set('endsAt', event.target.value)}
                className={inputClass}
              />
            </div>
          </div>
          <p className="text-xs text-slate-600">In the location’s own time zone, as Google shows it.</p>
        </>
      ) : null}
      {topic === 'OFFER' ? (
        <>
          {text('couponCode', 'Coupon code (optional)', { maxLength: 58 })}
          {text('redeemUrl', 'Link to redeem the offer (optional)', {
            maxLength: 2048,
            type: 'url',
            placeholder: 'https://',
          })}
          <div className="grid gap-1">
            <label htmlFor={`${id}-terms`} className={labelClass}>
              Terms and conditions (optional)
            </label>
            <textarea
              id={`${id}-terms`}
              maxLength={5000}
              rows={2}
              value={current.terms ?? ''}
              onChange={(event) => set('terms', event.target.value)}
              className="w-full min-w-0 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
          </div>
        </>
      ) : (
        <>
          <div className="grid gap-1">
            <label htmlFor={`${id}-action`} className={labelClass}>
              Button
            </label>
            <select
              id={`${id}-action`}
              value={current.action ?? ''}
              onChange={(event) => set('action', event.target.value as GoogleBusinessAction | '')}
              className={inputClass}
            >
              <option value="">No button</option>
              {googleBusinessActions.map((action) => (
                <option key={action} value={action}>
                  {googleBusinessActionLabels[action]}
                </option>
              ))}
            </select>
          </div>
          {current.action && current.action !== 'CALL'
            ? text('actionUrl', 'Button link', { maxLength: 2048, type: 'url', placeholder: 'https://' })
            : null}
          {current.action === 'CALL' ? (
            <p className="text-xs text-slate-600">
              Call now dials the phone number on your Business Profile.
            </p>
          ) : null}
        </>
      )}
      <p className="text-xs text-slate-600">
        Google rejects posts with a phone number in the text: use the Call now button instead. Photos only;
        Google takes no video in posts.
      </p>
    </fieldset>
  );
}
