import type { PostScope } from '../../../../contracts/recurring';
import { cn } from '../../../lib/cn';

const choices: Array<{ value: PostScope; label: string }> = [
  { value: 'this', label: 'This post only' },
  { value: 'future', label: 'This and all future posts' },
];

interface SeriesScopeProps {
  id: string;
  /** 'Apply the changes to' or 'Delete'. */
  legend: string;
  value: PostScope;
  onChange: (value: PostScope) => void;
  className?: string;
}

/** Asks which posts of a recurring series an edit or a delete is for. */
export function SeriesScope({ id, legend, value, onChange, className }: SeriesScopeProps) {
  return (
    <fieldset className={cn('grid gap-2 rounded-lg border border-slate-200 px-3 py-2.5', className)}>
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-5">
        {choices.map((choice) => (
          <label
            key={choice.value}
            htmlFor={`${id}-${choice.value}`}
            className="flex min-h-6 items-center gap-2 text-sm text-slate-800"
          >
            <input
              id={`${id}-${choice.value}`}
              type="radio"
              name={`${id}-scope`}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="size-4 accent-indigo-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
