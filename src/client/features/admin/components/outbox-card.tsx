import { CircleAlert, Mail } from 'lucide-react';
import { useState } from 'react';
import type { AdminOutboxMessage } from '../../../../contracts/admin';
import { InlineLoading } from '../../../components/full-page-message';
import { RefreshButton } from '../../../components/refresh-button';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { failureMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth/api/get-current-user';
import { formatWhen } from '../admin-display';
import { ADMIN_OUTBOX_PAGE_SIZE, useAdminOutbox } from '../api/get-admin-outbox';
import { Pager } from './pager';

const statusBadges: Record<AdminOutboxMessage['status'], { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  kept: { label: 'Kept (sandbox)', variant: 'outline' },
};

/** "1 attempt" / "3 attempts": how often the mail job tried. */
const attemptsLabel = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** Admin › Outbox: every email Kitepost sent or kept, newest first, with each try of sending it. */
export function OutboxCard() {
  const [offset, setOffset] = useState(0);
  const outbox = useAdminOutbox(offset);
  const { user } = useAuth();
  const messages = outbox.data?.messages ?? [];
  const total = outbox.data?.total ?? 0;

  return (
    <Card
      aria-labelledby="admin-outbox-title"
      role="region"
      className="grid min-w-0 grid-cols-1 gap-5 p-4 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h2 id="admin-outbox-title" className="text-lg font-semibold text-slate-900">
            Outbox
          </h2>
          <p className="text-sm text-slate-600">
            Every email Kitepost sent or kept, newest first. Links that let someone in are hidden.
          </p>
        </div>
        <RefreshButton query={outbox} className="self-start">
          Refresh
        </RefreshButton>
      </div>

      {outbox.isPending ? (
        <InlineLoading message="Loading outbox..." />
      ) : outbox.isError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-slate-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          {failureMessage(outbox.error, 'The outbox could not be loaded. Please try again.')}
        </p>
      ) : messages.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center">
          <Mail className="size-6 text-slate-400" aria-hidden="true" />
          <p className="text-sm font-medium text-slate-900">No emails yet</p>
        </div>
      ) : (
        <ol className="grid gap-3" aria-label="Emails">
          {messages.map((message) => (
            <li key={message.id} className="min-w-0">
              <OutboxItem message={message} timeZone={user?.timezone ?? undefined} />
            </li>
          ))}
        </ol>
      )}

      {total > ADMIN_OUTBOX_PAGE_SIZE ? (
        <Pager
          label="Outbox pages"
          offset={offset}
          shown={messages.length}
          total={total}
          pageSize={ADMIN_OUTBOX_PAGE_SIZE}
          busy={outbox.isFetching}
          onOffsetChange={setOffset}
        />
      ) : null}
    </Card>
  );
}

function OutboxItem({ message, timeZone }: { message: AdminOutboxMessage; timeZone?: string }) {
  const badge = statusBadges[message.status];
  return (
    <article className="grid gap-2 rounded-xl border border-slate-200 p-3 text-sm sm:p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
        <p className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{message.subject}</p>
        <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-500">
          {formatWhen(message.createdAt, timeZone)}
        </time>
      </div>
      <p className="text-xs text-slate-700 [overflow-wrap:anywhere]">To {message.to}</p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="whitespace-nowrap">
          {[
            message.transport === 'smtp' ? 'SMTP' : null,
            message.attempts.length > 0 ? attemptsLabel(message.attempts.length) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {message.error && message.status !== 'sent' ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800 [overflow-wrap:anywhere]">
          {message.status === 'queued' ? 'Last attempt failed, will try again: ' : 'Not sent: '}
          {message.error}
        </p>
      ) : null}
      <details className="group text-xs">
        <summary className="cursor-pointer select-none font-medium text-indigo-700 hover:text-indigo-800">
          Show message
        </summary>
        <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 px-3 py-2 font-sans text-slate-800 [overflow-wrap:anywhere]">
          {message.text}
        </pre>
        {message.attempts.length > 0 ? (
          <ol className="mt-2 grid gap-1" aria-label="Attempts">
            {message.attempts.map((attempt) => (
              <li key={attempt.attempt} className="text-slate-600 [overflow-wrap:anywhere]">
                Attempt {attempt.attempt}:{' '}
                {attempt.status === 'sent' ? 'sent' : `failed (${attempt.error ?? 'unknown error'})`},{' '}
                {formatWhen(attempt.finishedAt, timeZone)}
              </li>
            ))}
          </ol>
        ) : null}
      </details>
    </article>
  );
}
