import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** What is about to change, shown in a box under the question. */
  subject?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone from the calendar (delete, cancel). */
export function ConfirmDialog({
  open,
  title,
  description,
  subject,
  confirmLabel,
  pendingLabel,
  keepLabel = 'Keep it',
  pending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {subject ? (
          <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
            {subject}
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {keepLabel}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
