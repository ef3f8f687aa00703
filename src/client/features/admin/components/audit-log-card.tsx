import { ArrowRight, CircleAlert, History } from 'lucide-react';
import { useState } from 'react';
import type { AdminAuditEntry } from '../../../../contracts/admin';
import { InlineLoading } from '../../../components/full-page-message';
import { RefreshButton } from '../../../components/refresh-button';
import { Card } from '../../../components/ui/card';
import { failureMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth/api/get-current-user';
import { actionLabel, auditChanges, formatWhen, presentRow } from '../admin-display';
import { ADMIN_AUDIT_PAGE_SIZE, useAdminAudit } from '../api/get-admin-audit';
import { Pager } from './pager';

/** Admin › Audit log: who changed what and when, newest first, with each field before → after. */
export function AuditLogCard() {
  const [offset, setOffset] = useState(0);
  const audit = useAdminAudit(offset);
  const { user } = useAuth();
  const entries = audit.data?.entries ?? [];
  const total = audit.data?.total ?? 0;

  return (
    <Card
      aria-labelledby="admin-audit-title"
      role="region"
      className="grid min-w-0 grid-cols-1 gap-5 p-4 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h2 id="admin-audit-title" className="text-lg font-semibold text-slate-900">
            Audit log
          </h2>
          <p className="text-sm text-slate-600">Every change made by an administrator, newest first.</p>
        </div>
        <RefreshButton query={audit} className="self-start">
          Refresh
        </RefreshButton>
      </div>

      {audit.isPending ? (
        <InlineLoading message="Loading audit log..." />
      ) : audit.isError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-slate-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          {failureMessage(audit.error, 'The audit log could not be loaded. Please try again.')}
        </p>
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center">
          <History className="size-6 text-slate-400" aria-hidden="true" />
          <p className="text-sm font-medium text-slate-900">No changes recorded yet</p>
        </div>
      ) : (
        <ol className="grid gap-3" aria-label="Audit entries">
          {entries.map((entry) => (
            <li key={entry.id} className="min-w-0">
              <AuditItem entry={entry} timeZone={user?.timezone ?? undefined} />
            </li>
          ))}
        </ol>
      )}

      {total > ADMIN_AUDIT_PAGE_SIZE ? (
        <Pager
          label="Audit pages"
          offset={offset}
          shown={entries.length}
          total={total}
          pageSize={ADMIN_AUDIT_PAGE_SIZE}
          busy={audit.isFetching}
          onOffsetChange={setOffset}
        />
      ) : null}
    </Card>
  );
}

/** A changed list is capped so one big row does not push the log off screen. */
const MAX_CHANGES_SHOWN = 8;

function AuditItem({ entry, timeZone }: { entry: AdminAuditEntry; timeZone?: string }) {
  const changes = auditChanges(entry.before, entry.after);
  const before = presentRow(entry.before);
  const after = presentRow(entry.after);
  const target = (entry.after?.email ??
    entry.before?.email ??
    entry.targetEmail ??
    entry.targetId ??
    '') as string;
  return (
    <article className="grid gap-2 rounded-xl border border-slate-200 p-3 text-sm sm:p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
        <p className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-semibold text-slate-900">{actionLabel(entry.action)}</span>
          {target ? <span className="text-slate-600"> · {String(target)}</span> : null}
        </p>
        <time dateTime={entry.createdAt} className="shrink-0 text-xs text-slate-500">
          {formatWhen(entry.createdAt, timeZone)}
        </time>
      </div>
      <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
        By {entry.actorEmail ?? entry.actorUserId ?? 'the system'}
        {entry.ipAddress ? ` from ${entry.ipAddress}` : ''}
      </p>
      {changes.length > 0 ? (
        <ul className="grid gap-1 rounded-lg bg-slate-50 px-3 py-2 text-xs">
          {changes.slice(0, MAX_CHANGES_SHOWN).map((change) => (
            <li key={change.field} className="flex flex-wrap items-center gap-x-1.5 [overflow-wrap:anywhere]">
              <span className="font-medium text-slate-700">{change.field}:</span>
              {before ? (
                <span className={after ? 'text-slate-500 line-through' : 'text-slate-700'}>
                  {change.before}
                </span>
              ) : null}
              {before && after ? <ArrowRight className="size-3 text-slate-400" aria-label="to" /> : null}
              {after ? <span className="text-slate-900">{change.after}</span> : null}
            </li>
          ))}
          {changes.length > MAX_CHANGES_SHOWN ? (
            <li className="text-slate-500">and {changes.length - MAX_CHANGES_SHOWN} more</li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}
