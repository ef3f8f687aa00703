import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { TeamCard } from './team-card';

/** The owner deletes the workspace, typing its name first: there is no way back. */
export function DeleteWorkspaceCard({ workspaceName }: { workspaceName: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteWorkspace();
  const [, navigate] = useLocation();

  const submit = (typed: string) => {
    setError(null);
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Workspace Deleted', description: `${workspaceName} and everything in it are gone.` });
        navigate(paths.dashboard);
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        setError(failureMessage(failure, 'The workspace could not be deleted.'));
      },
    });
  };

  return (
    <>
      <TeamCard
        id="team-delete"
        title="Delete workspace"
        tone="danger"
        description="Deletes the workspace and everything in it (posts, connected accounts, media, invitations) for every member. This cannot be undone."
        action={
          <Button
            variant="destructive"
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            Delete workspace
          </Button>
        }
      />
      <ConfirmDialog
        open={open}
        title={`Delete ${workspaceName}?`}
        description="Every member loses access, and its posts, accounts, media and history are deleted. Type the workspace's name to confirm."
        typed={{
          label: (
            <>
              Workspace name: <span className="font-semibold break-all">{workspaceName}</span>
            </>
          ),
          matches: (typed) => typed.trim() === workspaceName.trim(),
        }}
        error={error}
        confirmLabel="Delete workspace"
        confirmIcon={Trash2}
        keepLabel="Cancel"
        pending={remove.isPending}
        onConfirm={submit}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
