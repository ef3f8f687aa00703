import { useId } from 'react';
import { toastFailure } from '../../../components/toast-failure';
import { SwitchRow } from '../../../components/ui/switch-row';
import { toast } from '../../../components/ui/use-toast';
import { useUpdateTeamSettings } from '../api/update-team-settings';
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
  const toggle = (next: boolean) =>
    update.mutate(
      { requireApproval: next },
      {
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

  return (
    <TeamCard id="team-approvals" title="Approvals">
      <SwitchRow
        id={inputId}
        className="items-start"
        label="Require approval before posts are published"
        description="Posts an editor schedules wait for an owner, admin or approver, who approves them or asks for changes. Changing a post that was already approved sends it back for approval."
        checked={requireApproval}
        onCheckedChange={toggle}
        disabled={disabled || update.isPending}
        describedBy={manages ? undefined : `${inputId}-readonly`}
      />
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
