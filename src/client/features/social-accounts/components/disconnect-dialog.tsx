import { LoaderCircle, Unplug } from 'lucide-react';
import { platformLabels } from '../../../../contracts/platforms';
import { type SocialAccount, socialAccountMessages } from '../../../../contracts/social-accounts';
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
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useDisconnectSocialAccount } from '../api/disconnect-social-account';

interface DisconnectDialogProps {
  /** The account to disconnect; null keeps the dialog closed. */
  account: SocialAccount | null;
  onClose: () => void;
}

/** Spec §5: disconnecting needs confirmation, with the spec's words. */
export function DisconnectDialog({ account, onClose }: DisconnectDialogProps) {
  const disconnect = useDisconnectSocialAccount();
  const pending = disconnect.isPending;

  const confirm = () => {
    if (!account || pending) return;
    const label = platformLabels[account.platform];
    disconnect.mutate(account.id, {
      onSuccess: () => {
        toast({
          title: 'Account Disconnected',
          description: `${label} account @${account.username} is disconnected. Any posts scheduled for it are back in your drafts.`,
        });
        onClose();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: 'Disconnection Failed',
          description: failureMessage(error, socialAccountMessages.disconnectFailed),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Disconnect {account?.displayName ?? 'account'}?</DialogTitle>
          <DialogDescription>{socialAccountMessages.disconnectConfirm}</DialogDescription>
        </DialogHeader>
        {account ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            @{account.username} on {platformLabels[account.platform]}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={pending}>
            {pending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Unplug aria-hidden="true" />
            )}
            {pending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
