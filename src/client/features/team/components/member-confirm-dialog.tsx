import { Crown, LoaderCircle, UserMinus } from 'lucide-react';
import type { TeamMember } from '../../../../contracts/team';
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
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { memberName } from '../team-display';
import { toastFailure } from '../toast-failure';

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
    <Dialog
      open={confirm !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{transfer ? `Make ${name} the owner?` : `Remove ${name}?`}</DialogTitle>
          <DialogDescription>
            {transfer
              ? 'The owner alone manages billing, can delete the workspace and hand it over again. You become an admin: you keep managing members, accounts and posts.'
              : 'They lose access to this workspace at once: its posts, calendar and analytics. Posts they wrote stay. You can invite them again later.'}
          </DialogDescription>
        </DialogHeader>
        {confirm ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm break-words text-slate-700">
            {name} · {confirm.member.email}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant={transfer ? 'default' : 'destructive'} onClick={run} disabled={pending}>
            {pending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : transfer ? (
              <Crown aria-hidden="true" />
            ) : (
              <UserMinus aria-hidden="true" />
            )}
            {transfer ? 'Transfer ownership' : 'Remove member'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
