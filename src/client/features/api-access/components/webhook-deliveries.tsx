import { ChevronDown, Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { WebhookDelivery } from '../../../../contracts/integrations';
import { InlineLoading } from '../../../components/full-page-message';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { RefreshButton } from '../../../components/refresh-button';
import { toastFailure } from '../../../components/toast-failure';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { RelativeTime } from '../../notifications/components/relative-time';
import { formatFullTime } from '../../notifications/relative-time';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import {
  answerLabel,
  type DeliveryState,
  deliveryState,
  deliveryStateLabels,
  formatDuration,
  readableBody,
} from '../webhook-display';

const stateVariants: Record<DeliveryState, BadgeVariant> = {
  delivered: 'success',
  sending: 'secondary',
  retrying: 'warning',
  failed: 'destructive',
};

/** An endpoint's latest deliveries: how each went, its body, and Redeliver. */
export function WebhookDeliveries({ webhookId, timeZone }: { webhookId: string; timeZone: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Recent deliveries</h3>
        {deliveries.isSuccess ? <RefreshButton query={deliveries}>Refresh</RefreshButton> : null}
      </div>
      {deliveries.isPending ? (
        <InlineLoading message="Loading deliveries..." />
      ) : deliveries.isError ? (
        <QueryFailureCard title="The deliveries could not be loaded" query={deliveries} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
          No deliveries yet. They appear here as soon as one of the chosen events happens.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Deliveries">
          {deliveries.data.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryRow({
  webhookId,
  delivery,
  timeZone,
}: {
  webhookId: string;
  delivery: WebhookDelivery;
  timeZone: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const redeliver = useRedeliverWebhook();
  const state = deliveryState(delivery);
  const send = () =>
    redeliver.mutate(
      { webhookId, deliveryId: delivery.id },
      {
        onSuccess: () =>
          toast({ title: 'Sent again', description: 'The new delivery is at the top of the log.' }),
        onError: (failure) => toastFailure('The delivery could not be sent again', failure),
      },
    );
  return (
    <li data-testid="webhook-delivery" className="grid gap-2 p-3 text-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <Badge variant={stateVariants[state]}>{deliveryStateLabels[state]}</Badge>
          <span className="font-mono text-xs text-slate-800">{delivery.type}</span>
          <RelativeTime at={delivery.createdAt} timeZone={timeZone} className="text-xs text-slate-500" />
          {delivery.redeliveryOf ? <span className="text-xs text-slate-500">Redelivery</span> : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDown className={cn('transition', open && 'rotate-180')} aria-hidden="true" />
            Details
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={send}
            disabled={redeliver.isPending}
            aria-label={`Redeliver ${delivery.type}`}
          >
            <Send aria-hidden="true" />
            Redeliver
          </Button>
        </div>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
        <div className="flex gap-1">
          <dt>Answer</dt>
          <dd className="font-medium text-slate-900">{answerLabel(delivery)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Took</dt>
          <dd className="font-medium text-slate-900">{formatDuration(delivery.durationMs)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Attempts</dt>
          <dd className="font-medium text-slate-900">{delivery.attempts}</dd>
        </div>
        {delivery.status === 'pending' && delivery.nextAttemptAt ? (
          <div className="flex gap-1">
            <dt>Next try</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={delivery.nextAttemptAt}>
                {formatFullTime(delivery.nextAttemptAt, timeZone)}
              </time>
            </dd>
          </div>
        ) : null}
      </dl>
      {delivery.error && state !== 'delivered' ? (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">{delivery.error}</p>
      ) : null}
      {open ? (
        <div id={`${id}-details`} className="grid gap-1">
          <p className="text-xs text-slate-500">
            Event <span className="font-mono">{delivery.eventId}</span> · body as sent:
          </p>
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long body scrolls; the keyboard must reach it (WCAG 2.1.1)
            tabIndex={0}
            aria-label={`Body of ${delivery.type}`}
            className="max-h-72 overflow-auto rounded-lg bg-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <pre className="p-3 font-mono text-xs text-slate-100">{readableBody(delivery.body)}</pre>
          </section>
        </div>
      ) : null}
    </li>
  );
}
