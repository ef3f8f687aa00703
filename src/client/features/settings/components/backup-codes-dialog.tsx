import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { BackupCodesView } from './backup-codes-view';
import { PasswordStepForm } from './password-step-form';

export const BACKUP_CODES_NOT_MADE = 'New backup codes could not be made. Please try again.';

interface BackupCodesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}

/** Privacy & Security › New backup codes: the password, then 10 new codes, shown once. */
export function BackupCodesDialog({ open, onOpenChange, email }: BackupCodesDialogProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateBackupCodes();

  const close = () => {
    setCodes(null);
    regenerate.reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="max-w-lg"
        // The new codes are on screen only once (the old ones already stopped working).
        onInteractOutside={(event) => {
          if (codes) event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          if (codes) event.preventDefault();
        }}
      >
        {codes ? (
          <div className="grid gap-5">
            <DialogHeader>
              <DialogTitle>Your new backup codes</DialogTitle>
              <DialogDescription>Your earlier backup codes no longer work.</DialogDescription>
            </DialogHeader>
            <BackupCodesView codes={codes} email={email} onDone={close} />
          </div>
        ) : (
          <PasswordStepForm
            title="Make new backup codes"
            description="You get 10 new codes and the ones you have now stop working. Confirm your password."
            label="Make new codes"
            pendingLabel="Making..."
            icon={RefreshCw}
            pending={regenerate.isPending}
            fallback={BACKUP_CODES_NOT_MADE}
            onSubmit={async (password) => {
              const answer = await regenerate.mutateAsync({ password });
              setCodes(answer.backupCodes);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
