import { Textarea } from '../../../../components/ui/textarea';
import { cn } from '../../../../lib/cn';

interface FirstCommentFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The shortest limit of the chosen networks that take a first comment. */
  limit: number;
  /** An X target is chosen: there it goes out as the first reply. */
  onX: boolean;
}

/** The first comment, posted right after the post (on X as the first reply); optional. */
export function FirstCommentField({ id, value, onChange, limit, onX }: FirstCommentFieldProps) {
  const length = [...value.trim()].length;
  const over = length > limit;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        First comment <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <Textarea
        id={id}
        value={value}
        rows={2}
        maxLength={8000}
        placeholder="Posted right after the post: links, more hashtags, a question"
        aria-invalid={over || undefined}
        aria-describedby={`${id}-hint`}
        className="min-h-16"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
        <span>
          {onX ? 'On X it goes out as the first reply. ' : ''}If it fails, the post stays published.
        </span>
        <span className={cn('tabular-nums', over && 'font-semibold text-red-700')}>
          <span className="sr-only">First comment length: </span>
          {length} / {limit}
        </span>
      </p>
    </div>
  );
}
