import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check, ChevronsUpDown, LoaderCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import { plans } from '../../../../contracts/plans';
import { roleLabels, type WorkspaceSummary } from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { toast } from '../../../components/ui/use-toast';
import { useWorkspaces } from '../api/get-workspaces';
import { useSwitchWorkspace } from '../api/switch-workspace';

/**
 * The active workspace in the shell, and the way to another one. With a single workspace it is
 * only a label; with several, a list opens (GET /api/workspaces) and choosing one switches the
 * whole app to it.
 */
export function WorkspaceSwitcher({ user }: { user: SessionUser }) {
  const workspaces = useWorkspaces();
  const list = workspaces.data?.workspaces ?? [];
  const current = (
    <span className="grid min-w-0 flex-1 text-left">
      <span className="truncate text-sm font-semibold text-slate-900">{user.workspace.name}</span>
      <span className="truncate text-xs text-slate-500">{roleLabels[user.workspace.role]}</span>
    </span>
  );
  if (list.length <= 1) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2">
        <WorkspaceMark name={user.workspace.name} />
        {current}
      </div>
    );
  }
  return <SwitcherMenu user={user} workspaces={list} current={current} />;
}

/**
 * A Radix dropdown menu: it opens above the trigger (the switcher sits at the sidebar's foot) or
 * below when there is no room, moves through workspaces with the arrow keys, closes on Escape and
 * outside clicks, and returns focus to the trigger.
 */
function SwitcherMenu({
  user,
  workspaces,
  current,
}: {
  user: SessionUser;
  workspaces: WorkspaceSummary[];
  current: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const switchTo = useSwitchWorkspace();

  const choose = (workspace: WorkspaceSummary) => {
    if (workspace.id === user.workspace.id) {
      setOpen(false);
      return;
    }
    switchTo.mutate(workspace.id, {
      onSuccess: ({ user: switched }) => {
        setOpen(false);
        toast({
          title: `Switched to ${switched.workspace.name}`,
          description: `Your role here: ${roleLabels[switched.workspace.role]}.`,
        });
      },
      onError: (error) => toastFailure('Could Not Switch', error),
    });
  };

  return (
    <DropdownMenuPrimitive.Root open={open} onOpenChange={setOpen}>
      <DropdownMenuPrimitive.Trigger asChild>
        <button
          type="button"
          aria-label={`Workspace: ${user.workspace.name}. Switch workspace`}
          className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none data-[state=open]:bg-slate-50"
        >
          <WorkspaceMark name={user.workspace.name} />
          {current}
          <ChevronsUpDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        </button>
      </DropdownMenuPrimitive.Trigger>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 flex max-h-[var(--radix-dropdown-menu-content-available-height)] w-[max(var(--radix-dropdown-menu-trigger-width),300px)] max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=open]:animate-[dialog-in_140ms_cubic-bezier(0.16,1,0.3,1)]"
        >
          <DropdownMenuPrimitive.Label className="border-b border-slate-200 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Your workspaces
          </DropdownMenuPrimitive.Label>
          <DropdownMenuPrimitive.RadioGroup
            value={user.workspace.id}
            className="grid min-h-0 flex-1 gap-px overflow-y-auto overscroll-contain p-1.5"
          >
            {workspaces.map((workspace) => {
              const switching = switchTo.isPending && switchTo.variables === workspace.id;
              return (
                <DropdownMenuPrimitive.RadioItem
                  key={workspace.id}
                  value={workspace.id}
                  disabled={switchTo.isPending}
                  // The menu stays open while the switch is under way (its row spins); it closes
                  // when the switch succeeds and stays for another try when it fails.
                  onSelect={(event) => {
                    event.preventDefault();
                    choose(workspace);
                  }}
                  className="flex w-full cursor-default items-center gap-3 rounded-lg px-2.5 py-2 text-left transition outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100 data-[state=checked]:bg-indigo-50 data-[state=checked]:data-[highlighted]:bg-indigo-100"
                >
                  <WorkspaceMark name={workspace.name} />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate text-sm font-medium text-slate-900">{workspace.name}</span>
                    <span className="text-xs text-slate-600">
                      {roleLabels[workspace.role]} · {plans[workspace.plan].name} · {workspace.memberCount}{' '}
                      {workspace.memberCount === 1 ? 'member' : 'members'}
                    </span>
                  </span>
                  {switching ? (
                    <LoaderCircle
                      className="size-4 shrink-0 animate-spin text-indigo-600"
                      aria-hidden="true"
                    />
                  ) : null}
                  <DropdownMenuPrimitive.ItemIndicator>
                    <Check className="size-4 shrink-0 text-indigo-600" aria-label="Current workspace" />
                  </DropdownMenuPrimitive.ItemIndicator>
                </DropdownMenuPrimitive.RadioItem>
              );
            })}
          </DropdownMenuPrimitive.RadioGroup>
        </DropdownMenuPrimitive.Content>
      </DropdownMenuPrimitive.Portal>
    </DropdownMenuPrimitive.Root>
  );
}

/** A square with the workspace's first letter. */
function WorkspaceMark({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-sm font-semibold text-white"
    >
      {(Array.from(name.trim())[0] ?? '?').toUpperCase()}
    </span>
  );
}
