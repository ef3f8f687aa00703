import { ArrowDown, ArrowUp, CalendarClock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LibraryImagePicker } from '../../../components/library-image-picker';
import { Button } from '../../../components/ui/button';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { ContractForm } from '../../../lib/form-issues';
import { fieldMessage } from '../../../lib/form-issues';
import type { BioPageFormInput, BioPageFormOutput } from '../bio-form';

interface BioLinkFieldsProps {
  id: string;
  index: number;
  count: number;
  form: ContractForm<BioPageFormInput, BioPageFormOutput>;
  /** Whether it shows on the page now (false: outside its schedule). */
  live: boolean;
  zoneLabel: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One link of the bio page: title, address, thumbnail and schedule, with its order and remove buttons. */
export function BioLinkFields({
  id,
  index,
  count,
  form,
  live,
  zoneLabel,
  onMove,
  onRemove,
}: BioLinkFieldsProps) {
  const errors = form.formState.errors.links?.[index];
  const link = form.watch(`links.${index}`);
  const name = link?.title.trim() || `link ${index + 1}`;
  const fieldId = (field: string) => `${id}-${field}`;
  const error = (field: 'title' | 'url' | 'startsAt' | 'endsAt' | 'thumbnailMediaId') =>
    fieldMessage(errors?.[field]);
  const scheduled = Boolean(link?.startsAt || link?.endsAt);
  // The schedule's fields stay folded away until asked for; a scheduled link shows them.
  const [scheduleOpen, setScheduleOpen] = useState(scheduled);
  const showSchedule = scheduleOpen || scheduled || Boolean(error('startsAt') || error('endsAt'));

  return (
    <li className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-slate-100 text-xs text-slate-700">
            {index + 1}
          </span>
          <span className="truncate">{link?.title.trim() || 'New link'}</span>
          {scheduled ? (
            <span
              className={
                live
                  ? 'shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800'
                  : 'shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900'
              }
            >
              {live ? 'Showing now' : 'Hidden now'}
            </span>
          ) : null}
        </p>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={`Move ${name} up`}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={`Move ${name} down`}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onRemove}
            aria-label={`Remove ${name}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField id={fieldId('title')} label="Title" error={error('title')} required>
          <Input
            id={fieldId('title')}
            className="min-w-0"
            maxLength={100}
            placeholder="e.g. Our menu"
            {...form.field(`links.${index}.title`)}
            aria-invalid={error('title') ? true : undefined}
            aria-describedby={describedBy(fieldId('title'), { hint: false, error: error('title') })}
          />
        </FormField>
        <FormField id={fieldId('url')} label="Link" error={error('url')} required>
          <Input
            id={fieldId('url')}
            type="url"
            inputMode="url"
            autoComplete="off"
            className="min-w-0"
            maxLength={2048}
            placeholder="https://"
            {...form.field(`links.${index}.url`)}
            aria-invalid={error('url') ? true : undefined}
            aria-describedby={describedBy(fieldId('url'), { hint: false, error: error('url') })}
          />
        </FormField>
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium text-slate-800">
          Thumbnail <span className="font-normal text-slate-600">(optional)</span>
        </p>
        <LibraryImagePicker
          id={fieldId('thumbnail')}
          purpose="thumbnail"
          size="sm"
          value={link?.thumbnailMediaId ?? null}
          onChange={(next) => form.setField(`links.${index}.thumbnailMediaId`, next)}
          describedBy={error('thumbnailMediaId') ? `${fieldId('thumbnail')}-error` : undefined}
        />
        {error('thumbnailMediaId') ? (
          <p id={`${fieldId('thumbnail')}-error`} className="text-xs font-medium text-red-700">
            {error('thumbnailMediaId')}
          </p>
        ) : null}
      </div>
      {showSchedule ? (
        <fieldset className="grid min-w-0 grid-cols-1 gap-2">
          <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-slate-800">
            <CalendarClock className="size-4 text-slate-500" aria-hidden="true" />
            Schedule <span className="font-normal text-slate-600">(optional)</span>
          </legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
            <FormField id={fieldId('starts')} label="Show from" error={error('startsAt')}>
              <Input
                id={fieldId('starts')}
                type="datetime-local"
                className="min-w-0"
                {...form.field(`links.${index}.startsAt`)}
                aria-invalid={error('startsAt') ? true : undefined}
                aria-describedby={[`${id}-zone`, error('startsAt') ? `${fieldId('starts')}-error` : null]
                  .filter(Boolean)
                  .join(' ')}
              />
            </FormField>
            <FormField id={fieldId('ends')} label="Until" error={error('endsAt')}>
              <Input
                id={fieldId('ends')}
                type="datetime-local"
                className="min-w-0"
                {...form.field(`links.${index}.endsAt`)}
                aria-invalid={error('endsAt') ? true : undefined}
                aria-describedby={[`${id}-zone`, error('endsAt') ? `${fieldId('ends')}-error` : null]
                  .filter(Boolean)
                  .join(' ')}
              />
            </FormField>
          </div>
          <p id={`${id}-zone`} className="text-xs text-slate-600">
            In your time zone, {zoneLabel}. Leave both empty to show the link always.
          </p>
        </fieldset>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => setScheduleOpen(true)}
        >
          <CalendarClock aria-hidden="true" />
          Add a schedule<span className="sr-only"> to {name}</span>
        </Button>
      )}
    </li>
  );
}
