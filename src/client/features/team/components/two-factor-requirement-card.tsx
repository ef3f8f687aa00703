import { useId } from 'react';
import type { TeamMember } from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { SwitchRow } from '../../../components/ui/switch-row';
import { toast } from '../../../components/ui/use-toast';
import { useUpdateTeamSettings } from '../api/update-team-settings';
import { TeamCard } from './team-card';

interface TwoFactorRequirementCardProps {
  requireTwoFactor: boolean;
  /** Only the owner decides; everyone else sees how it is set. */
  owner: boolean;
  /** Owners and admins see how many members already use two-factor. */
  manages: boolean;
  members: TeamMember[];
}

/**
 * Whether every member must sign in with two-factor (issue 23). A member without it is asked to
 * set it up on their next visit; the requirement is a prompt, it locks no one out.
 */
export function TwoFactorRequirementCard({
  requireTwoFactor,
  owner,
  manages,
  members,
}: TwoFactorRequirementCardProps) {
  const inputId = `${useId()}-require-two-factor`;
  const update = useUpdateTeamSettings();
  const withTwoFactor = members.filter((member) => member.twoFactorEnabled).length;
  const toggle = (next: boolean) =>
    update.mutate(
      { requireTwoFactor: next },
      {
        onSuccess: () =>
          toast({
            title: next ? 'Two-factor sign-in required' : 'Two-factor sign-in optional',
            description: next
              ? 'Members without two-factor are asked to set it up the next time they open Kitepost.'
              : 'Members choose for themselves whether to use two-factor sign-in.',
          }),
        onError: (error) => toastFailure('Setting Not Saved', error),
      },
    );

  return (
    <TeamCard id="team-two-factor" title="Two-factor sign-in">
      <SwitchRow
        id={inputId}
        className="items-start"
        label="Require two-factor sign-in for every member"
        description="Everyone signs in with a code from an authenticator app as well as a password. Members without it are asked to set it up on their next visit."
        checked={requireTwoFactor}
        onCheckedChange={toggle}
        disabled={!owner || update.isPending}
        describedBy={owner ? undefined : `${inputId}-readonly`}
      />
      {!owner ? (
        <p
          id={`${inputId}-readonly`}
          className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600"
        >
          {requireTwoFactor ? 'Required' : 'Not required'} in this workspace. Only the owner can change it.
        </p>
      ) : null}
      {manages ? (
        <p className="mt-3 text-xs text-slate-600">
          {withTwoFactor} of {members.length} {members.length === 1 ? 'member uses' : 'members use'}{' '}
          two-factor sign-in.
        </p>
      ) : null}
    </TeamCard>
  );
}
