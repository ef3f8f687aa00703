import { CircleAlert, CreditCard, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminSubscription } from '../../../../contracts/billing';
import { MONEY_BACK_DAYS, plans } from '../../../../contracts/plans';
import { InlineLoading } from '../../../components/full-page-message';
import { RefreshButton } from '../../../components/refresh-button';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useAuth } from '../../auth/api/get-current-user';
import {
  formatAmount,
  formatBillingDate,
  payerOf,
  refundQuestion,
  statusLook,
} from '../../billing/billing-display';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions';
import { useRefundSubscription } from '../api/refund-subscription';

/**
 * Admin › Subscriptions: every paying workspace and its latest payment, with the 14-day
 * money-back guarantee's refund (the server refunds, cancels and audits; this card asks first).
 */
export function SubscriptionsCard() {
  const list = useAdminSubscriptions();
  const refund = useRefundSubscription();
  const { user } = useAuth();
  const [refunding, setRefunding] = useState<AdminSubscription | null>(null);
  const date = (iso: string) => formatBillingDate(iso, user?.timezone);

  const confirmRefund = () => {
    if (!refunding) return;
    const row = refunding;
    refund.mutate(row.workspaceId, {
      onSuccess: ({ refundedAmount }) => {
        setRefunding(null);
        toast({
          title: 'Refund Issued',
          description: `${formatAmount(refundedAmount)} refunded to ${payerOf(row)}. The ${plans[row.plan].name} subscription is cancelled.`,
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        setRefunding(null);
        toast({
          title: 'Refund Failed',
          description: failureMessage(error, 'The payment could not be refunded. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  const rows = list.data?.subscriptions ?? [];

  return (
    <Card
      aria-labelledby="admin-subscriptions-title"
      role="region"
      className="grid min-w-0 grid-cols-1 gap-5 p-5 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h2 id="admin-subscriptions-title" className="text-lg font-semibold text-slate-900">
            Subscriptions
          </h2>
          <p className="text-sm text-slate-600">
            {MONEY_BACK_DAYS}-day money-back guarantee: a subscription’s latest payment can be refunded within{' '}
            {MONEY_BACK_DAYS} days of it. Refunding cancels the subscription at once and is recorded in the
            audit log.
          </p>
        </div>
        <RefreshButton query={list} className="self-start">
          Refresh
        </RefreshButton>
      </div>

      {list.isPending ? (
        <InlineLoading message="Loading subscriptions..." />
      ) : list.isError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-slate-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          {failureMessage(list.error, 'The subscriptions could not be loaded. Please try again.')}
        </p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center">
          <CreditCard className="size-6 text-slate-400" aria-hidden="true" />
          <p className="text-sm font-medium text-slate-900">No subscriptions yet</p>
          <p className="text-sm text-slate-600">Workspaces appear here once they subscribe to a plan.</p>
        </div>
      ) : (
        <>
          <SubscriptionsTable rows={rows} date={date} onRefund={setRefunding} />
          <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Subscriptions">
            {rows.map((row) => (
              <li key={row.workspaceId} className="min-w-0">
                <SubscriptionItem row={row} date={date} onRefund={setRefunding} />
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={refunding !== null}
        title="Refund and cancel?"
        description={refunding ? refundQuestion(refunding) : ''}
        subject={
          refunding
            ? `The workspace “${refunding.workspaceName}” moves to the Free plan at once; its posts and accounts are kept.`
            : undefined
        }
        confirmLabel="Refund"
        pendingLabel="Refunding..."
        keepLabel="Keep subscription"
        pending={refund.isPending}
        onConfirm={confirmRefund}
        onClose={() => setRefunding(null)}
      />
    </Card>
  );
}

interface RowProps {
  row: AdminSubscription;
  date: (iso: string) => string;
  onRefund: (row: AdminSubscription) => void;
}

function SubscriptionsTable({ rows, date, onRefund }: Omit<RowProps, 'row'> & { rows: AdminSubscription[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs font-medium text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Workspace
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Plan
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Latest payment
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Refund
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.workspaceId} className="align-middle">
              <td className="max-w-64 py-3 pr-4">
                <p className="truncate font-medium text-slate-900">{row.workspaceName}</p>
                <p className="truncate text-xs text-slate-600">{row.ownerEmail ?? 'No owner'}</p>
              </td>
              <td className="py-3 pr-4">
                <PlanCell row={row} />
              </td>
              <td className="py-3 pr-4">
                <StatusBadge row={row} />
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">
                <PaymentCell row={row} date={date} />
              </td>
              <td className="py-3 text-right">
                <RefundCell row={row} date={date} onRefund={onRefund} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A phone gets a card per subscription instead of the table. */
function SubscriptionItem({ row, date, onRefund }: RowProps) {
  return (
    <article className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-medium text-slate-900">{row.workspaceName}</h3>
          <p className="truncate text-xs text-slate-600">{row.ownerEmail ?? 'No owner'}</p>
        </div>
        <StatusBadge row={row} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Plan</dt>
          <dd>
            <PlanCell row={row} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Latest payment</dt>
          <dd>
            <PaymentCell row={row} date={date} />
          </dd>
        </div>
      </dl>
      <div className="flex justify-end border-t border-slate-100 pt-3">
        <RefundCell row={row} date={date} onRefund={onRefund} />
      </div>
    </article>
  );
}

function PlanCell({ row }: { row: AdminSubscription }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-slate-900">{plans[row.plan].name}</span>
      {row.provider === 'sandbox' ? (
        <Badge variant="warning" title="Sandbox billing: no money moves">
          Sandbox
        </Badge>
      ) : null}
    </span>
  );
}

function StatusBadge({ row }: { row: AdminSubscription }) {
  const look = statusLook({ plan: row.plan, status: row.status, cancelAtPeriodEnd: false });
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

function PaymentCell({ row, date }: { row: AdminSubscription; date: (iso: string) => string }) {
  const payment = row.latestPayment;
  if (!payment) return <span className="text-slate-500">None yet</span>;
  return (
    <span className="grid">
      <span className="font-medium text-slate-900 tabular-nums">{formatAmount(payment.amount)}</span>
      <span className="text-xs text-slate-600">{date(payment.paidAt)}</span>
    </span>
  );
}

function RefundCell({ row, date, onRefund }: RowProps) {
  const payment = row.latestPayment;
  if (payment?.refundedAt) {
    return (
      <Badge variant="outline" title={`Refunded on ${date(payment.refundedAt)}`}>
        <Undo2 className="size-3.5" aria-hidden="true" />
        Refunded {date(payment.refundedAt)}
      </Badge>
    );
  }
  if (payment?.refundable) {
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => onRefund(row)}
        aria-label={`Refund ${formatAmount(payment.amount)} to ${payerOf(row)}`}
      >
        <Undo2 aria-hidden="true" />
        Refund
      </Button>
    );
  }
  return (
    <span className="text-xs text-slate-500">
      {payment ? `Past ${MONEY_BACK_DAYS} days` : 'Nothing to refund'}
    </span>
  );
}
