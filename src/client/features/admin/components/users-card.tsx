import { CircleAlert, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '../../../../contracts/admin';
import { planIds, plans } from '../../../../contracts/plans';
import { InlineLoading } from '../../../components/full-page-message';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useAuthMethods } from '../../auth/api/get-auth-methods';
import { useAuth } from '../../auth/api/get-current-user';
import { deleteQuestion, fullName } from '../admin-display';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { type PlanFilter, type StatusFilter, useAdminUsers } from '../api/get-admin-users';
import { useRegenerateAccessCode } from '../api/regenerate-access-code';
import { useUpdateAdminUserStatus } from '../api/update-admin-user-status';
import { EditUserDialog } from './edit-user-dialog';
import { IssuedAccessCodeDialog, type IssuedCode } from './issued-access-code';
import { Pager } from './pager';
import { UsersList, UsersTable } from './users-table';

/** Typing waits this long before the server is asked, so a word is one request, not one per key. */
const SEARCH_DEBOUNCE_MS = 300;

/** The User Management card (spec §2): filters on the server, a page at a time. */
const statusOptions: readonly (readonly [StatusFilter, string])[] = [
  ['all', 'All'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
];
const planOptions: readonly (readonly [PlanFilter, string])[] = [
  ['all', 'All'],
  ...planIds.map((id) => [id, plans[id].name] as const),
];

/**
 * A refused action on a user as a toast; `close` first shuts its confirmation. Nothing on a 401:
 * the query client has already signed the browser out.
 */
function actionFailed(title: string, description: (error: unknown) => string, close?: () => void) {
  return (error: unknown) => {
    if (isUnauthorized(error)) return;
    close?.();
    toast({ title, description: description(error), variant: 'destructive' });
  };
}

export function UsersCard() {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [plan, setPlan] = useState<PlanFilter>('all');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [regenerating, setRegenerating] = useState<AdminUser | null>(null);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const codesOff = useAuthMethods().data?.accessCodes === false;
  const { user: viewer } = useAuth();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(searchText.trim());
      setOffset(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const list = useAdminUsers({ search, status, plan, offset });
  const toggle = useUpdateAdminUserStatus();
  const remove = useDeleteAdminUser();
  const regenerate = useRegenerateAccessCode();

  const users = list.data?.users ?? [];
  const total = list.data?.total ?? 0;

  // A delete can empty the last page: step back to one that has users.
  useEffect(() => {
    if (list.data && list.data.users.length === 0 && offset > 0 && !list.isPlaceholderData) {
      setOffset(Math.max(0, offset - ADMIN_USERS_PAGE_SIZE));
    }
  }, [list.data, list.isPlaceholderData, offset]);

  const toggleUser = (user: AdminUser) => {
    toggle.mutate(
      { id: user.id, isActive: !user.isActive },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Status Updated',
            description: `${fullName(saved)} is now ${saved.isActive ? 'active' : 'inactive'}.`,
          }),
        onError: actionFailed(
          'Status Update Failed',
          () => 'Failed to update user status. Please try again.',
        ),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const user = deleting;
    remove.mutate(user.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'User Deleted', description: `${fullName(user)} was permanently deleted.` });
      },
      onError: actionFailed(
        'Delete Failed',
        () => 'Failed to delete user. Please try again.',
        () => setDeleting(null),
      ),
    });
  };

  const confirmRegenerate = () => {
    if (!regenerating) return;
    const user = regenerating;
    regenerate.mutate(user.id, {
      onSuccess: ({ accessCode }) => {
        setRegenerating(null);
        setIssued({ name: fullName(user), accessCode });
      },
      onError: actionFailed(
        'Regenerate Failed',
        (error) => failureMessage(error, 'The access code could not be regenerated. Please try again.'),
        () => setRegenerating(null),
      ),
    });
  };

  // The two filters beside the search; a change goes back to the first page.
  const filters = [
    {
      id: 'admin-users-status',
      label: 'Status',
      value: status,
      set: (value: string) => setStatus(value as StatusFilter),
      options: statusOptions,
    },
    {
      id: 'admin-users-plan',
      label: 'Plan',
      value: plan,
      set: (value: string) => setPlan(value as PlanFilter),
      options: planOptions,
    },
  ];

  const actions = {
    onEdit: setEditing,
    onRegenerate: setRegenerating,
    codesOff,
    onToggle: toggleUser,
    onDelete: setDeleting,
    togglingId: toggle.isPending ? (toggle.variables?.id ?? null) : null,
    timeZone: viewer?.timezone ?? undefined,
  };

  return (
    <Card
      aria-labelledby="admin-users-title"
      role="region"
      className="grid min-w-0 grid-cols-1 gap-5 p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="admin-users-title" className="text-lg font-semibold text-slate-900">
          User Management
        </h2>
        <p className="text-sm text-slate-600">
          Search, edit, activate or deactivate and delete users. Every change is recorded in the audit log.
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,1fr)_11rem_11rem]">
        <div className="col-span-2 grid gap-1.5 md:col-span-1">
          <Label htmlFor="admin-users-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="admin-users-search"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search users by email or name..."
              className="pl-9"
            />
          </div>
        </div>
        {filters.map((filter) => (
          <div key={filter.id} className="grid gap-1.5">
            <Label htmlFor={filter.id}>{filter.label}</Label>
            <Select
              id={filter.id}
              value={filter.value}
              onChange={(event) => {
                filter.set(event.target.value);
                setOffset(0);
              }}
            >
              {filter.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </div>

      {list.isPending ? (
        <InlineLoading message="Loading users..." />
      ) : list.isError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-slate-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          {failureMessage(list.error, 'The users could not be loaded. Please try again.')}
        </p>
      ) : users.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
          <Users className="size-6 text-slate-400" aria-hidden="true" />
          <p className="text-sm font-medium text-slate-900">No users found</p>
          <p className="text-sm text-slate-600">
            {search || status !== 'all' || plan !== 'all'
              ? 'Try another search or clear the filters.'
              : 'Users appear here once they sign up or you create one.'}
          </p>
        </div>
      ) : (
        <div
          className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={list.isFetching}
        >
          <UsersTable users={users} {...actions} />
          <UsersList users={users} {...actions} />
        </div>
      )}

      {list.data && total > 0 ? (
        <Pager
          label="Pages"
          offset={offset}
          shown={users.length}
          total={total}
          pageSize={ADMIN_USERS_PAGE_SIZE}
          busy={list.isFetching}
          onOffsetChange={setOffset}
        />
      ) : null}

      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={regenerating !== null}
        title="Regenerate access code?"
        description="The current code stops working at once. The new code is shown once, right after."
        subject={regenerating ? `${fullName(regenerating)} · ${regenerating.email}` : undefined}
        confirmLabel="Regenerate"
        pendingLabel="Regenerating..."
        confirmVariant="default"
        keepLabel="Cancel"
        pending={regenerate.isPending}
        onConfirm={confirmRegenerate}
        onClose={() => setRegenerating(null)}
      />
      <IssuedAccessCodeDialog issued={issued} onClose={() => setIssued(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user?"
        description={deleting ? deleteQuestion(fullName(deleting)) : ''}
        subject={deleting ? `${deleting.email} · ${deleting.totalPosts} posts` : undefined}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        keepLabel="Cancel"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
