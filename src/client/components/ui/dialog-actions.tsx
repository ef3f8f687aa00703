import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { DialogClose, DialogFooter } from './dialog';

interface DialogActionsProps {
  /** While the action runs: both buttons are off and the action's shows a spinner and `pendingLabel`. */
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
  /** The action's icon, shown while it is not pending. */
  icon?: LucideIcon;
  /** Whether the action is off; `pending` by default. */
  disabled?: boolean;
  variant?: ButtonVariant;
  cancelLabel?: ReactNode;
  /** Without it the action submits the dialog's form. */
  onClick?: () => void;
}

/** A dialog's footer: Cancel (closes the dialog) and the action, with a spinner while it runs. */
export function DialogActions({
  pending,
  label,
  pendingLabel,
  icon: Icon,
  disabled = pending,
  variant,
  cancelLabel = 'Cancel',
  onClick,
}: DialogActionsProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type={onClick ? 'button' : 'submit'} variant={variant} onClick={onClick} disabled={disabled}>
        {pending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : Icon ? (
          <Icon aria-hidden="true" />
        ) : null}
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
