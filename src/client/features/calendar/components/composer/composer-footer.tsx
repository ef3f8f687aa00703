import { CalendarClock, FilePen, ListPlus, LoaderCircle } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { DialogClose } from '../../../../components/ui/dialog';
import type { ComposerButtons } from './composer-buttons';
import type { ComposerAction } from './save-edit';

interface ComposerFooterProps {
  buttons: ComposerButtons;
  pending: boolean;
  tried: ComposerAction | null;
  blocking: boolean;
  needsApproval: boolean;
  onDraft: () => void;
  /** 'Add to queue'; undefined: not offered. */
  onQueue?: () => void;
  /** Why 'Add to queue' cannot work for the chosen targets (a platform without an account). */
  queueBlocked?: string | null;
}

/** The composer's sticky buttons, and why scheduling is held back. */
export function ComposerFooter({
  buttons,
  pending,
  tried,
  blocking,
  needsApproval,
  onDraft,
  onQueue,
  queueBlocked = null,
}: ComposerFooterProps) {
  return (
    <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3">
      {blocking ? (
        <p className="w-full text-xs font-medium text-red-700 sm:mr-auto sm:w-auto">
          Fix the problems above to schedule.
        </p>
      ) : queueBlocked && tried === 'queue' ? (
        <p className="w-full text-xs font-medium text-red-700 sm:mr-auto sm:w-auto">{queueBlocked}</p>
      ) : needsApproval ? (
        <p className="w-full text-xs text-slate-600 sm:mr-auto sm:w-auto">
          An approver reviews it before it goes out.
        </p>
      ) : null}
      {/* On a phone the dialog's own close button cancels: room for the two that matter. */}
      <span className="hidden sm:block">
        <DialogClose asChild>
          <Button variant="ghost" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
      </span>
      {buttons.draft ? (
        <Button variant="outline" disabled={pending} onClick={onDraft}>
          {pending && tried === 'draft' ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <FilePen aria-hidden="true" />
          )}
          {buttons.draft}
        </Button>
      ) : null}
      {buttons.queue && onQueue ? (
        <Button variant="outline" disabled={pending || blocking} onClick={onQueue}>
          {pending && tried === 'queue' ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <ListPlus aria-hidden="true" />
          )}
          {buttons.queue}
        </Button>
      ) : null}
      <Button type="submit" disabled={pending || blocking}>
        {pending && tried === 'schedule' ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <CalendarClock aria-hidden="true" />
        )}
        {pending && tried === 'schedule' ? buttons.scheduling : buttons.schedule}
      </Button>
    </div>
  );
}
