import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Check, ChevronsUpDown, LoaderCircle } from 'lucide-react';
import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import { plans } from '../../../../contracts/plans';
import { roleLabels, type WorkspaceSummary } from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
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
  const triggerRef = useRef<HTMLButtonElement>(null);
  const position = useAnchoredPosition(triggerRef, open, workspaces.length);
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
    <DialogPrimitive.Root open={open} onOpenChange={setOpen} modal={false}>
      <DialogPrimitive.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          aria-label={`Workspace: ${user.workspace.name}. Switch workspace`}
          className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none data-[state=open]:bg-slate-50"
        >
          <WorkspaceMark name={user.workspace.name} />
          {current}
          <ChevronsUpDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        </button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          style={position}
          className="fixed z-50 flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=open]:animate-[dialog-in_140ms_cubic-bezier(0.16,1,0.3,1)]"
        >
          <DialogPrimitive.Title className="border-b border-slate-200 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Your workspaces
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Choose the workspace to work in. Its posts, calendar and team open.
          </DialogPrimitive.Description>
          <ul className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5">
            {workspaces.map((workspace) => {
              const active = workspace.id === user.workspace.id;
              const switching = switchTo.isPending && switchTo.variables === workspace.id;
              return (
                <li key={workspace.id}>
                  <button
                    type="button"
                    onClick={() => choose(workspace)}
                    disabled={switchTo.isPending}
                    aria-current={active ? 'true' : undefined}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left transition focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60',
                      active ? 'bg-indigo-50' : 'hover:bg-slate-50',
                    )}
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
                    ) : active ? (
                      <Check className="size-4 shrink-0 text-indigo-600" aria-label="Current workspace" />
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
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

const MARGIN = 8;
const MIN_WIDTH = 300;
/** Title plus one row per workspace, roughly: enough to decide whether the list fits below. */
const rowHeight = 52;
const chromeHeight = 48;

/**
 * Fixed coordinates beside the trigger: above it when the trigger sits low on the screen (the
 * sidebar keeps the switcher near its foot) and the list fits there, else below. As wide as the
 * trigger, at least 300 px, never past the viewport's edges.
 */
function useAnchoredPosition(anchor: RefObject<HTMLElement | null>, open: boolean, rows: number) {
  const [style, setStyle] = useState<CSSProperties>();
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const width = Math.min(Math.max(rect.width, MIN_WIDTH), window.innerWidth - 2 * MARGIN);
      const left = Math.min(rect.left, window.innerWidth - MARGIN - width);
      const wanted = chromeHeight + rows * rowHeight;
      const below = window.innerHeight - rect.bottom - 2 * MARGIN;
      const above = rect.top - 2 * MARGIN;
      // Near the foot of the screen (the sidebar's case) the list opens upwards when it fits there.
      const preferAbove = rect.top > window.innerHeight / 2 && above >= wanted;
      if (!preferAbove && (below >= wanted || below >= above)) {
        setStyle({ top: rect.bottom + MARGIN, left, width, maxHeight: below });
      } else {
        setStyle({ bottom: window.innerHeight - rect.top + MARGIN, left, width, maxHeight: above });
      }
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, anchor, rows]);
  return style;
}
