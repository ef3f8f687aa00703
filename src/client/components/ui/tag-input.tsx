import { X } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface TagInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Turns typed text into a tag, e.g. drops a leading '#'; an empty result is dropped. */
  normalize?: (raw: string) => string;
  /** Drawn before each tag, e.g. '#'. */
  prefix?: string;
  placeholder?: string;
  maxTags?: number;
  invalid?: boolean;
  /** Also end a tag at a space (hashtags have none). */
  splitOnSpace?: boolean;
  'aria-describedby'?: string;
}

/**
 * A list of short words as removable chips. Enter or a comma adds what was typed, Backspace in
 * the empty field removes the last chip, pasting 'a, b, c' adds three. Leaving the field keeps
 * what was typed, so nothing is lost on Save.
 */
export function TagInput({
  id,
  value,
  onChange,
  normalize = (raw) => raw.trim(),
  prefix = '',
  placeholder,
  maxTags,
  invalid,
  splitOnSpace = false,
  'aria-describedby': describedBy,
}: TagInputProps) {
  const [draft, setDraft] = useState('');
  const separators = splitOnSpace ? /[\s,]+/ : /[,\n]+/;
  const inputRef = useRef<HTMLInputElement>(null);
  const full = maxTags !== undefined && value.length >= maxTags;

  /** Adds the tags in `raw`; `rest` stays in the field (what follows the last separator). */
  const add = (raw: string, rest = '') => {
    const next = [...value];
    for (const part of raw.split(separators)) {
      const tag = normalize(part);
      if (!tag) continue;
      if (next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
      if (maxTags !== undefined && next.length >= maxTags) break;
      next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
    setDraft(rest);
  };

  // Phone keyboards often send no usable key for ',' or ' ' (key 'Unidentified'), and pasting or
  // autofill sets the whole text at once: a separator anywhere in the text ends the tags before it.
  const onTextChange = (text: string) => {
    if (!separators.test(text)) {
      setDraft(text);
      return;
    }
    const parts = text.split(separators);
    const rest = parts.pop() ?? '';
    add(parts.join(','), rest);
  };

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || (splitOnSpace && event.key === ' ')) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on the frame only focuses the field inside, which has the keyboard
    <div
      onClick={() => inputRef.current?.focus()}
      className={cn(
        'flex min-h-10 w-full cursor-text flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-sm transition-colors focus-within:ring-2',
        invalid
          ? 'border-red-500 focus-within:ring-red-500/30'
          : 'border-slate-300 focus-within:border-indigo-500 focus-within:ring-indigo-500/30',
      )}
    >
      {value.map((tag, index) => (
        <span
          key={tag}
          className="inline-flex max-w-full items-center gap-1 rounded-md bg-indigo-50 py-0.5 pr-0.5 pl-2 text-sm font-medium text-indigo-800"
        >
          <span className="break-all">
            {prefix}
            {tag}
          </span>
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              remove(index);
            }}
            aria-label={`Remove ${prefix}${tag}`}
            className="rounded p-0.5 text-indigo-600 hover:bg-indigo-100 hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </span>
      ))}
      <input
        ref={inputRef}
        id={id}
        value={draft}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => add(draft)}
        placeholder={full ? undefined : placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        enterKeyHint="enter"
        autoComplete="off"
        className="h-7 min-w-32 flex-1 bg-transparent px-1 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none disabled:cursor-not-allowed"
      />
    </div>
  );
}
