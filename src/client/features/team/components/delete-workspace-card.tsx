import { LoaderCircle, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths';
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
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { TeamCard } from './team-card';

/** The owner deletes the workspace, typing its name first: there is no way back. */
export function DeleteWorkspaceCard({ workspaceName }: { workspaceName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <TeamCard
        id="team-delete"
        title="Delete workspace"
        tone="danger"
        description="Deletes the workspace and everything in it (posts, connected accounts, media, invitations) for every member. This cannot be undone."
        action={
          <Button variant="destructive" onClick={() => setOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete workspace
          </Button>
        }
      />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
          {/* Mounted only while open, so the typed name is gone when it opens again. */}
          {open ? <DeleteWorkspaceForm workspaceName={workspaceName} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function DeleteWorkspaceForm({ workspaceName, onDone }: { workspaceName: string; onDone: () => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteWorkspace();
  const [, navigate] = useLocation();
  const matches = typed.trim() === workspaceName.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    setError(null);
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        onDone();
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
    <form onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Delete {workspaceName}?</DialogTitle>
        <DialogDescription>
          Every member loses access, and its posts, accounts, media and history are deleted. Type the
          workspace's name to confirm.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>
          Workspace name: <span className="font-semibold break-all">{workspaceName}</span>
        </Label>
        <Input
          id={`${id}-name`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={remove.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
          {remove.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          Delete workspace
        </Button>
      </DialogFooter>
    </form>
  );
}
