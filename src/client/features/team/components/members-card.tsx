import { Crown, LoaderCircle, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { WorkspaceRole } from '../../../../contracts/auth';
import {
  type InvitableRole,
  invitableRole,
  roleDescriptions,
  roleLabels,
  type TeamMember,
  workspaceRoles,
} from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { initialsOf } from '../../social-accounts/format';
import { useUpdateMember } from '../api/update-member';
import { memberActions, memberName, sortMembers, withArticle } from '../team-display';
import { type MemberConfirm, MemberConfirmDialog } from './member-confirm-dialog';
import { Initials, TeamCard } from './team-card';

interface MembersCardProps {
  members: TeamMember[];
  yourRole: WorkspaceRole;
  yourUserId: string;
  /** Managers see who signs in with two-factor; the workspace may require it of everyone. */
  twoFactor: { shown: boolean; required: boolean };
}

/** Everyone in the workspace, with their role; managers change roles and remove people here. */
export function MembersCard({ members, yourRole, yourUserId, twoFactor }: MembersCardProps) {
  const [confirm, setConfirm] = useState<MemberConfirm | null>(null);
  const sorted = sortMembers(members);
  return (
    <TeamCard
      id="team-members"
      title="Members"
      description={`${members.length} ${members.length === 1 ? 'person has' : 'people have'} access to this workspace.`}
    >
      <ul className="-mx-5 divide-y divide-slate-100 border-y border-slate-100 sm:-mx-6">
        {sorted.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            you={member.userId === yourUserId}
            yourRole={yourRole}
            yourUserId={yourUserId}
            twoFactor={twoFactor}
            onConfirm={setConfirm}
          />
        ))}
      </ul>
      <RoleGuide />
      <MemberConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} />
    </TeamCard>
  );
}

interface MemberRowProps {
  member: TeamMember;
  you: boolean;
  yourRole: WorkspaceRole;
  yourUserId: string;
  twoFactor: MembersCardProps['twoFactor'];
  onConfirm: (confirm: MemberConfirm) => void;
}

function MemberRow({ member, you, yourRole, yourUserId, twoFactor, onConfirm }: MemberRowProps) {
  const actions = memberActions(yourRole, yourUserId, member);
  const update = useUpdateMember();
  const name = memberName(member);
  const selectId = `member-role-${member.userId}`;

  const changeRole = (role: InvitableRole) => {
    if (role === member.role) return;
    update.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast({ title: 'Role Updated', description: `${name} is now ${withArticle(roleLabels[role])}.` }),
        onError: (error) => toastFailure('Role Not Changed', error),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Initials text={initialsOf(name)} />
        <div className="grid min-w-0 gap-0.5">
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-slate-900">
            <span className="max-w-full truncate">{name}</span>
            {you ? (
              <Badge variant="outline" className="px-2 py-0 text-[0.6875rem]">
                You
              </Badge>
            ) : null}
            {twoFactor.shown ? (
              <TwoFactorBadge on={member.twoFactorEnabled} required={twoFactor.required} />
            ) : null}
          </p>
          <p className="truncate text-sm text-slate-600">{member.email}</p>
        </div>
      </div>

      <div className="flex items-center gap-2 pl-13 sm:shrink-0 sm:pl-0">
        {actions.changeRole ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Role of {name}
            </label>
            <div className="w-36">
              <Select
                id={selectId}
                value={member.role}
                title={roleDescriptions[member.role]}
                disabled={update.isPending}
                onChange={(event) => {
                  const value = event.target.value;
                  // 'Transfer ownership…' is an action, not a role to set at once: it asks first.
                  if (value === 'owner') {
                    onConfirm({ kind: 'transfer', member });
                    return;
                  }
                  const parsed = invitableRole.safeParse(value);
                  if (parsed.success) changeRole(parsed.data);
                }}
                className="h-9"
              >
                {invitableRole.options.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
                {actions.transferOwnership ? <option value="owner">Transfer ownership…</option> : null}
              </Select>
            </div>
            {update.isPending ? (
              <LoaderCircle className="size-4 animate-spin text-slate-500" aria-label="Saving the role" />
            ) : null}
          </>
        ) : (
          <RoleBadge role={member.role} />
        )}
        {actions.remove ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => onConfirm({ kind: 'remove', member })}
            aria-label={`Remove ${name}`}
            title={`Remove ${name} from this workspace`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Whether the member signs in with two-factor; "off" is said only where the workspace requires it. */
function TwoFactorBadge({ on, required }: { on: boolean; required: boolean }) {
  if (on) {
    return (
      <Badge variant="success" className="px-2 py-0 text-[0.6875rem]" title="Signs in with two-factor">
        <ShieldCheck className="size-3" aria-hidden="true" />
        2FA
        <span className="sr-only"> on</span>
      </Badge>
    );
  }
  if (!required) return null;
  return (
    <Badge variant="warning" className="px-2 py-0 text-[0.6875rem]" title="Has not set up two-factor yet">
      No 2FA
    </Badge>
  );
}

function RoleBadge({ role }: { role: WorkspaceRole }) {
  return (
    <Badge
      variant={role === 'owner' ? 'secondary' : 'outline'}
      title={roleDescriptions[role]}
      className="px-3 py-1"
    >
      {role === 'owner' ? <Crown className="size-3.5" aria-hidden="true" /> : null}
      {roleLabels[role]}
    </Badge>
  );
}

/** What each role may do, one line each (the same table the server enforces). */
function RoleGuide() {
  return (
    <details className="group mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800 marker:text-slate-400">
        What can each role do?
      </summary>
      <dl className="mt-3 grid gap-2">
        {workspaceRoles.map((role) => (
          <div key={role} className="grid gap-0.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-3">
            <dt className="font-medium text-slate-900">{roleLabels[role]}</dt>
            <dd className="text-slate-600">{roleDescriptions[role]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
