import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths';
import { toastFailure } from '../../../components/toast-failure';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useLeaveWorkspace } from '../api/leave-workspace';
import { TeamCard } from './team-card';

/** A member who is not the owner leaves; the session moves to another of their workspaces. */
export function LeaveWorkspaceCard({ workspaceName }: { workspaceName: string }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveWorkspace();
  const [, navigate] = useLocation();

  const confirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'You Left the Workspace',
          description: `You no longer have access to ${workspaceName}.`,
        });
        navigate(paths.dashboard);
      },
      onError: (error) => toastFailure('Could Not Leave', error),
    });

  return (
    <>
      <TeamCard
        id="team-leave"
        title="Leave workspace"
        tone="danger"
        description="You lose access to its posts, calendar and analytics. Someone must invite you again to come back."
        action={
          <Button
            variant="outline"
            className="border-red-300 text-red-700 hover:bg-red-50"
            onClick={() => setOpen(true)}
          >
            <LogOut aria-hidden="true" />
            Leave workspace
          </Button>
        }
      />
      <ConfirmDialog
        open={open}
        title={`Leave ${workspaceName}?`}
        description="You will no longer see or change anything in this workspace. Your own account and your other workspaces stay as they are."
        confirmLabel="Leave workspace"
        confirmIcon={LogOut}
        keepLabel="Cancel"
        pending={leave.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
