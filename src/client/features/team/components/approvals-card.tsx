import { useId, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { useUpdateTeamSettings } from '../api/update-team-settings';
import { toastFailure } from '../toast-failure';
import { TeamCard } from './team-card';

interface ApprovalsCardProps {
  requireApproval: boolean;
  /** Owners and admins change it; everyone else sees how it is set. */
  manages: boolean;
  /** The plan lacks team collaboration: the setting cannot be turned on. */
  locked: boolean;
}

/** The workspace's approval workflow: on, an editor's posts wait for a reviewer before they go out. */
export function ApprovalsCard({ requireApproval, manages, locked }: ApprovalsCardProps) {
  const id = useId();
  const update = useUpdateTeamSettings();
  const inputId = `${id}-require-approval`;
  const disabled = !manages || (locked && !requireApproval);
  // Set in the change event itself, so the switch never springs back for a frame while the
  // optimistic cache update (which waits for the team query to be cancelled) catches up.
  const [moving, setMoving] = useState<boolean | null>(null);
  const shown = moving ?? requireApproval;

  const toggle = (next: boolean) => {
    setMoving(next);
    update.mutate(
      { requireApproval: next },
      {
        onSettled: () => setMoving(null),
        onSuccess: () =>
          toast({
            title: next ? 'Approvals Turned On' : 'Approvals Turned Off',
            description: next
              ? "From now on, editors' posts wait for an owner, admin or approver before they are scheduled."
              : 'Editors schedule their posts directly again.',
          }),
        onError: (error) => toastFailure('Setting Not Saved', error),
      },
    );
  };

  return (
    <TeamCard id="team-approvals" title="Approvals">
      <div className="flex items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
            Require approval before posts are published
          </label>
          <p id={`${inputId}-description`} className="text-sm text-slate-600">
            Posts an editor schedules wait for an owner, admin or approver, who approves them or asks for
            changes. Changing a post that was already approved sends it back for approval.
          </p>
        </div>
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          checked={shown}
          aria-checked={shown}
          disabled={disabled || update.isPending}
          onChange={(event) => toggle(event.target.checked)}
          aria-describedby={`${inputId}-description${manages ? '' : ` ${inputId}-readonly`}`}
          className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:content-[''] checked:bg-indigo-600 checked:before:translate-x-5 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none motion-reduce:before:transition-none"
        />
      </div>
      {!manages ? (
        <p
          id={`${inputId}-readonly`}
          className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600"
        >
          {requireApproval ? 'On' : 'Off'} for this workspace. Only the owner or an admin can change it.
        </p>
      ) : locked && !requireApproval ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
          Approvals come with team collaboration, in the Professional and Enterprise plans.
        </p>
      ) : null}
    </TeamCard>
  );
}
