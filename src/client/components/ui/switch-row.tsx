import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

interface SwitchRowProps {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Ids of more text describing the switch, after its description (e.g. why it is locked). */
  describedBy?: string;
  /** Alignment and padding of the row; a list row's 'items-center py-4' unless given. */
  className?: string;
  'data-testid'?: string;
}

/**
 * A labelled on/off switch with what it does underneath: a native checkbox with the switch role,
 * so the keyboard, forms and screen readers treat it as one without any script.
 *
 * Switches here save at once, with an optimistic cache update that lands a moment after the click
 * (TanStack Query tells React on a later task). Until `checked` changes, the switch shows where the
 * click put it instead of springing back for a frame; a failed save then moves `checked` back.
 */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  describedBy,
  className,
  'data-testid': testId,
}: SwitchRowProps) {
  const [moving, setMoving] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `checked` from the owner ends the wait
  useEffect(() => setMoving(null), [checked]);
  const shown = moving ?? checked;

  return (
    <div className={cn('flex justify-between gap-4', className ?? 'items-center py-4')}>
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={shown}
        aria-checked={shown}
        disabled={disabled}
        onChange={(event) => {
          setMoving(event.target.checked);
          onCheckedChange(event.target.checked);
        }}
        aria-describedby={[`${id}-description`, describedBy].filter(Boolean).join(' ')}
        data-testid={testId}
        className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:content-[''] checked:bg-indigo-600 checked:before:translate-x-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none motion-reduce:before:transition-none"
      />
    </div>
  );
}
