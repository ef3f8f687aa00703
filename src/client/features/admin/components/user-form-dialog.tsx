import type { FormEvent, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { IssuedAccessCode, type IssuedCode } from './issued-access-code';
import { FormError } from './user-form-fields';

/** The dialog around Create New User and Edit User: it stays open while a save is under way. */
export function UserFormDialog({
  open,
  pending,
  onClose,
  children,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent className="max-w-lg">{children}</DialogContent>
    </Dialog>
  );
}

interface UserFormProps {
  title: string;
  description: ReactNode;
  descriptionClassName?: string;
  /** The required fields as they are now: the save waits until both are filled. */
  required: { email: string; firstName: string };
  /** The form's submit handler (react-hook-form's handleSubmit of the save). */
  save: (event: FormEvent) => Promise<void>;
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** The refusal that belongs to no single field. */
  rootError: string | undefined;
  /** A code the save issued: shown this once instead of the form, until the admin is done. */
  issued: IssuedCode | null;
  onDone: () => void;
  /** The fields. */
  children: ReactNode;
}

/** A user's form in its dialog: title, fields, the save button, and the issued code after. */
export function UserForm({
  title,
  description,
  descriptionClassName,
  required,
  save,
  pending,
  label,
  pendingLabel,
  rootError,
  issued,
  onDone,
  children,
}: UserFormProps) {
  const canSubmit = required.email.trim() !== '' && required.firstName.trim() !== '' && !pending;
  // Enter in a field submits too: nothing happens until the required fields are filled.
  const submit = (event: FormEvent) => {
    if (canSubmit) return save(event);
    event.preventDefault();
  };

  if (issued) return <IssuedAccessCode issued={issued} onDone={onDone} />;

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        {children}
        <FormError message={rootError ?? null} />
      </div>
      <DialogActions pending={pending} disabled={!canSubmit} label={label} pendingLabel={pendingLabel} />
    </form>
  );
}
