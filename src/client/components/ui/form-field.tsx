import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

interface FormFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  /** What is wrong with the value (the contract's check, or the server's 400 for this field). */
  error?: string;
  /** Marks the label with a red asterisk (hidden from screen readers: the control says required). */
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A label, the control, its hint and (after a refused save) what is wrong with it: the one way
 * every form shows a field's error. The control's aria-describedby comes from `describedBy`.
 */
export function FormField({ id, label, hint, error, required, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a control's aria-describedby lists: its hint, and its error when there is one. */
export function describedBy(id: string, { hint = true, error }: { hint?: boolean; error?: string }) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}
