import { useState } from 'react';
import { Input } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';

interface DocumentTitleFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The chosen document post types' rule (composer-post titleRule). */
  rule: { required: boolean; maxLength: number };
  /** A schedule was tried: an empty required title is marked (as once the field was left empty). */
  tried: boolean;
  /** Who shows the title: a LinkedIn document post, a Pin, a YouTube video, or several are chosen. */
  shownBy: { document: boolean; pin: boolean; video?: boolean };
}

/** What the field is called and what its hint says, for the networks that show it. */
function wordsFor(shownBy: DocumentTitleFieldProps['shownBy']) {
  const where = [
    shownBy.document ? 'LinkedIn shows it above the pages' : null,
    shownBy.pin ? 'Pinterest shows it above the Pin’s description' : null,
    shownBy.video ? 'YouTube shows it above the video (at most 100 characters, no < or >)' : null,
  ]
    .filter(Boolean)
    .join('; ');
  const several = [shownBy.document, shownBy.pin, shownBy.video].filter(Boolean).length > 1;
  const label = several
    ? 'Title'
    : shownBy.pin
      ? 'Pin title'
      : shownBy.video
        ? 'Video title'
        : 'Document title';
  const what = shownBy.video && !shownBy.document ? 'video' : 'document';
  return { label, hint: `${where}.`, missing: `Give the ${what} a title: ${where}.` };
}

/**
 * A title where the network shows one: a LinkedIn document post's (in the bar above the pages;
 * required, the live checks refuse scheduling without it) and a Pin's (optional).
 */
export function DocumentTitleField({ id, value, onChange, rule, tried, shownBy }: DocumentTitleFieldProps) {
  const words = wordsFor(shownBy);
  const length = [...value.trim()].length;
  const over = length > rule.maxLength;
  // Marked once the person leaves it empty (Schedule stays disabled while the checks refuse).
  const [left, setLeft] = useState(false);
  const missing = rule.required && length === 0 && (tried || left);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {words.label}{' '}
        <span className="font-normal text-slate-600">({rule.required ? 'required' : 'optional'})</span>
      </label>
      <Input
        id={id}
        value={value}
        maxLength={rule.maxLength + 100}
        placeholder="e.g. Our spring price list"
        aria-required={rule.required || undefined}
        aria-invalid={over || missing || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setLeft(true)}
      />
      <p id={`${id}-hint`} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 text-xs text-slate-600">
        <span className={cn(missing && 'font-medium text-red-700')}>
          {missing ? words.missing : words.hint}
        </span>
        <span className={cn('tabular-nums', over && 'font-semibold text-red-700')}>
          <span className="sr-only">Title length: </span>
          {length} / {rule.maxLength}
        </span>
      </p>
    </div>
  );
}
