import { Unplug } from 'lucide-react';
import { platformLabels } from '../../../../contracts/platforms';
import { type SocialAccount, socialAccountMessages } from '../../../../contracts/social-accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={account !== null}
      title={`Disconnect ${account?.displayName ?? 'account'}?`}
      description={socialAccountMessages.disconnectConfirm}
      subject={account ? `@${account.username} on ${platformLabels[account.platform]}` : null}
      confirmLabel="Disconnect"
      pendingLabel="Disconnecting..."
      confirmIcon={Unplug}
      keepLabel="Cancel"
      pending={pending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
