import { CircleAlert, type LucideIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { DialogActions } from './dialog-actions';
import { Input } from './input';
import { Label } from './label';

/** A field the user types into before the confirm button unlocks (a name, an email). */
export interface TypedConfirmation {
  /** May hold markup, e.g. the text to type in bold. */
  label: ReactNode;
  /** Whether the typed text confirms; until it does the confirm button stays disabled. */
  matches: (typed: string) => boolean;
  hint?: ReactNode;
  /** What is wrong with the typed text, under the field. */
  error?: string | null;
  type?: 'text' | 'email';
  onChange?: (typed: string) => void;
}

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** What is about to change, shown in a box under the question. */
  subject?: ReactNode;
  /** More to read before deciding, under the subject. */
  children?: ReactNode;
  typed?: TypedConfirmation;
  /** Why the last attempt failed, kept in view above the buttons. */
  error?: ReactNode;
  confirmLabel: string;
  /** Defaults to the confirm label. */
  pendingLabel?: string;
  confirmVariant?: 'destructive' | 'default';
  confirmIcon?: LucideIcon;
  keepLabel?: string;
  pending: boolean;
  /** Gets what was typed into the typed confirmation ('' without one). */
  onConfirm: (typed: string) => void;
  onClose: () => void;
  className?: string;
}

/**
 * Asks before something that cannot be undone. While the action runs the dialog cannot be closed,
 * and a click outside it never closes it, so an answer is never lost mid-flight.
 */
export function ConfirmDialog({ open, pending, onClose, className, ...rest }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent
        role="alertdialog"
        className={className}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        {/* Radix mounts the content only while open, so a typed confirmation starts empty each time. */}
        <ConfirmForm pending={pending} {...rest} />
      </DialogContent>
    </Dialog>
  );
}

type ConfirmFormProps = Omit<ConfirmDialogProps, 'open' | 'onClose' | 'className'>;

function ConfirmForm({
  title,
  description,
  subject,
  children,
  typed,
  error,
  confirmLabel,
  pendingLabel = confirmLabel,
  confirmVariant = 'destructive',
  confirmIcon,
  keepLabel = 'Keep it',
  pending,
  onConfirm,
}: ConfirmFormProps) {
  const [text, setText] = useState('');
  const confirmed = typed ? typed.matches(text) : true;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !confirmed) return;
    onConfirm(text);
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {subject ? (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
          {subject}
        </div>
      ) : null}
      {children}
      {typed ? (
        <TypedField
          typed={typed}
          value={text}
          onChange={(value) => {
            setText(value);
            typed.onChange?.(value);
          }}
        />
      ) : null}
      {error ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{error}</p>
        </div>
      ) : null}
      <DialogActions
        pending={pending}
        disabled={pending || !confirmed}
        variant={confirmVariant}
        icon={confirmIcon}
        cancelLabel={keepLabel}
        label={confirmLabel}
        pendingLabel={pendingLabel}
      />
    </form>
  );
}

function TypedField({
  typed,
  value,
  onChange,
}: {
  typed: TypedConfirmation;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `${useId()}-typed`;
  const describedBy =
    [typed.hint ? `${id}-hint` : null, typed.error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{typed.label}</Label>
      <Input
        id={id}
        type={typed.type ?? 'text'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={typed.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {typed.hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {typed.hint}
        </p>
      ) : null}
      {typed.error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {typed.error}
        </p>
      ) : null}
    </div>
  );
}
