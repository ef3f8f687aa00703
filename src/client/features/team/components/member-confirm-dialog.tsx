import { Crown, UserMinus } from 'lucide-react';
import type { TeamMember } from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { memberName } from '../team-display';

/** A member action that needs a second thought. */
export type MemberConfirm = { kind: 'remove' | 'transfer'; member: TeamMember };

interface MemberConfirmDialogProps {
  confirm: MemberConfirm | null;
  onClose: () => void;
}

/** Confirms removing a member, or handing the workspace over to them. */
export function MemberConfirmDialog({ confirm, onClose }: MemberConfirmDialogProps) {
  const remove = useRemoveMember();
  const update = useUpdateMember();
  const pending = remove.isPending || update.isPending;
  const name = confirm ? memberName(confirm.member) : '';
  const transfer = confirm?.kind === 'transfer';

  const run = () => {
    if (!confirm || pending) return;
    const { member } = confirm;
    if (confirm.kind === 'remove') {
      remove.mutate(member.userId, {
        onSuccess: () => {
          toast({ title: 'Member Removed', description: `${name} no longer has access to this workspace.` });
          onClose();
        },
        onError: (error) => toastFailure('Member Not Removed', error),
      });
      return;
    }
    update.mutate(
      { userId: member.userId, role: 'owner' },
      {
        onSuccess: () => {
          toast({
            title: 'Ownership Transferred',
            description: `${name} is now the owner. You are an admin of this workspace.`,
          });
          onClose();
        },
        onError: (error) => toastFailure('Ownership Not Transferred', error),
      },
    );
  };

  return (
    <ConfirmDialog
      open={confirm !== null}
      title={transfer ? `Make ${name} the owner?` : `Remove ${name}?`}
      description={
        transfer
          ? 'The owner alone manages billing, can delete the workspace and hand it over again. You become an admin: you keep managing members, accounts and posts.'
          : 'They lose access to this workspace at once: its posts, calendar and analytics. Posts they wrote stay. You can invite them again later.'
      }
      subject={confirm ? `${name} · ${confirm.member.email}` : null}
      confirmLabel={transfer ? 'Transfer ownership' : 'Remove member'}
      confirmVariant={transfer ? 'default' : 'destructive'}
      confirmIcon={transfer ? Crown : UserMinus}
      keepLabel="Cancel"
      pending={pending}
      onConfirm={run}
      onClose={onClose}
    />
  );
}
