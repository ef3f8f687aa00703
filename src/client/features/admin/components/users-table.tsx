import {
  MailCheck,
  MailWarning,
  Pencil,
  Power,
  PowerOff,
  RefreshCw,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import type { AdminUser } from '../../../../contracts/admin';
import { adminMessages } from '../../../../contracts/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatJoined, fullName, planLook, userStatusLook } from '../admin-display';

export interface UserActions {
  onEdit: (user: AdminUser) => void;
  /** Spec §4: sends the opposite of the user's isActive. */
  onToggle: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  /** The user whose status change is on its way (its toggle waits). */
  togglingId: string | null;
  /** A new access code for the user (after a confirm); the old one stops working. */
  onRegenerate: (user: AdminUser) => void;
  /** The server signs nobody in with a code (ACCESS_CODES=off): Regenerate waits. */
  codesOff: boolean;
}

interface UsersViewProps extends UserActions {
  users: AdminUser[];
  timeZone?: string;
}

const headers = ['User', 'Email', 'Access Code', 'Plan', 'Status', 'Posts', 'Credits', 'Joined'] as const;

/** Wide screens: the spec's table (§2). */
export function UsersTable({ users, timeZone, ...actions }: UsersViewProps) {
  return (
    <div className="hidden overflow-x-auto lg:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            {headers.map((header) => (
              <th
                key={header}
                scope="col"
                className={cn(
                  'py-2 pr-4 font-medium whitespace-nowrap',
                  (header === 'Posts' || header === 'Credits') && 'text-right',
                )}
              >
                {header}
              </th>
            ))}
            <th scope="col" className="py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id} className={cn('align-middle', !user.isActive && 'bg-slate-50/70')}>
              <td className="max-w-56 py-3 pr-4">
                <UserName user={user} />
              </td>
              <td className="max-w-60 py-3 pr-4">
                <span className="block truncate text-slate-700" title={user.email}>
                  {user.email}
                </span>
                <AccountSecurityMarks user={user} />
              </td>
              <td className="py-3 pr-4">
                <AccessCode user={user} {...actions} />
              </td>
              <td className="py-3 pr-4">
                <PlanBadge user={user} />
              </td>
              <td className="py-3 pr-4">
                <StatusBadge user={user} />
              </td>
              <td className="py-3 pr-4 text-right text-slate-700 tabular-nums">{user.totalPosts}</td>
              <td className="py-3 pr-4 text-right text-slate-700 tabular-nums">{user.totalCreditsUsed}</td>
              <td className="py-3 pr-4 whitespace-nowrap text-slate-700">
                {formatJoined(user.createdAt, timeZone)}
              </td>
              <td className="py-3">
                <RowActions user={user} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and tablets: a card per user instead of the table. */
export function UsersList({ users, timeZone, ...actions }: UsersViewProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:hidden" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} className="min-w-0">
          <article
            aria-label={fullName(user)}
            className={cn(
              'grid h-full grid-cols-1 content-between gap-3 rounded-xl border border-slate-200 p-4',
              !user.isActive && 'bg-slate-50',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <UserName user={user} />
                <p className="mt-0.5 truncate text-sm text-slate-700">{user.email}</p>
                <AccountSecurityMarks user={user} />
              </div>
              <StatusBadge user={user} />
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-3">
              <Fact label="Plan">
                <PlanBadge user={user} />
              </Fact>
              {/* Two columns wide: •••• and Regenerate need the room on a phone. */}
              <Fact label="Access Code" className="col-span-2">
                <AccessCode user={user} {...actions} />
              </Fact>
              <Fact label="Posts">{user.totalPosts}</Fact>
              <Fact label="Credits">{user.totalCreditsUsed}</Fact>
              <Fact label="Joined">{formatJoined(user.createdAt, timeZone)}</Fact>
            </dl>
            <div className="flex justify-end border-t border-slate-100 pt-3">
              <RowActions user={user} {...actions} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-slate-800 tabular-nums">{children}</dd>
    </div>
  );
}

function UserName({ user }: { user: AdminUser }) {
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-1.5 font-medium text-slate-900">
        <span className="truncate">{fullName(user)}</span>
        {user.isAdmin ? (
          <Badge variant="destructive" className="px-1.5 py-0 text-[10px]">
            Admin
          </Badge>
        ) : null}
      </p>
      <p className="truncate font-mono text-xs text-slate-500" title={user.id}>
        ID: {user.id}
      </p>
    </div>
  );
}

/**
 * Under the email (issue 23): whether the address is confirmed and whether the user signs in with
 * two-factor. Small words rather than a column each, so the table and the phone cards keep their width.
 */
function AccountSecurityMarks({ user }: { user: Pick<AdminUser, 'emailVerified' | 'twoFactorEnabled'> }) {
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-xs">
      {user.emailVerified ? (
        <span className="inline-flex items-center gap-1 text-emerald-700">
          <MailCheck className="size-3.5" aria-hidden="true" />
          Verified
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 text-amber-800">
          <MailWarning className="size-3.5" aria-hidden="true" />
          Unverified
        </span>
      )}
      {user.twoFactorEnabled ? (
        <span className="inline-flex items-center gap-1 text-emerald-700" title="Signs in with two-factor">
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          2FA
        </span>
      ) : (
        <span className="text-slate-500" title="Does not use two-factor sign-in">
          No 2FA
        </span>
      )}
    </p>
  );
}

/**
 * The code itself is never shown again after it was issued (the server keeps a keyed hash): ••••
 * says there is one, and Regenerate issues a new one. Users without a code get one from Edit.
 */
function AccessCode({
  user,
  onRegenerate,
  codesOff,
}: Pick<UserActions, 'onRegenerate' | 'codesOff'> & { user: AdminUser }) {
  if (!user.hasAccessCode) return <span className="text-xs text-slate-500">None</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <code
        className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800"
        title="Set; shown only when it is issued"
        aria-hidden="true"
      >
        ••••
      </code>
      <span className="sr-only">Set (hidden)</span>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 gap-1 px-1.5 text-xs text-indigo-700 hover:text-indigo-800"
        onClick={() => onRegenerate(user)}
        disabled={codesOff}
        aria-label={`Regenerate access code of ${fullName(user)}`}
        title={codesOff ? adminMessages.accessCodesOff : 'Issue a new code; the current one stops working'}
      >
        <RefreshCw className="size-3.5" aria-hidden="true" />
        Regenerate
      </Button>
    </span>
  );
}

export function PlanBadge({ user }: { user: Pick<AdminUser, 'subscriptionPlan'> }) {
  const look = planLook(user.subscriptionPlan);
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

export function StatusBadge({ user }: { user: Pick<AdminUser, 'isActive' | 'subscriptionStatus'> }) {
  const look = userStatusLook(user);
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

function RowActions({ user, onEdit, onToggle, onDelete, togglingId }: UserActions & { user: AdminUser }) {
  const name = fullName(user);
  const locked = user.isSystem;
  const lockedTitle = locked ? 'The built-in operator account cannot be deactivated or deleted' : undefined;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        onClick={() => onEdit(user)}
        aria-label={`Edit ${name}`}
        title="Edit"
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={cn(
          'size-9',
          user.isActive ? 'text-amber-700 hover:text-amber-800' : 'text-emerald-700 hover:text-emerald-800',
        )}
        onClick={() => onToggle(user)}
        disabled={locked || togglingId === user.id}
        aria-label={user.isActive ? `Deactivate ${name}` : `Activate ${name}`}
        title={lockedTitle ?? (user.isActive ? 'Deactivate' : 'Activate')}
      >
        {user.isActive ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-red-600 hover:bg-red-50 hover:text-red-700"
        onClick={() => onDelete(user)}
        disabled={locked}
        aria-label={`Delete ${name}`}
        title={lockedTitle ?? 'Delete'}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
