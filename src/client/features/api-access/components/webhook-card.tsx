import { ChevronDown, CircleAlert, Pause, Pencil, Play, RefreshCcw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { WebhookEndpoint } from '../../../../contracts/integrations';
import { toastFailure } from '../../../components/toast-failure';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { disabledNote, eventsSummary } from '../webhook-display';
import { WebhookDeliveries } from './webhook-deliveries';

interface WebhookCardProps {
  endpoint: WebhookEndpoint;
  timeZone: string;
  onEdit: () => void;
  onRotate: () => void;
}

/** One endpoint: where it points, what it gets, whether it works; its actions and delivery log. */
export function WebhookCard({ endpoint, timeZone, onEdit, onRotate }: WebhookCardProps) {
  const id = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const note = disabledNote(endpoint);

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, change: { enabled } },
      {
        onSuccess: () =>
          toast({
            title: enabled ? 'Webhook enabled' : 'Webhook disabled',
            description: enabled
              ? 'New events are delivered again.'
              : 'No deliveries are sent until you enable it again.',
          }),
        onError: (failure) => toastFailure('The webhook could not be changed', failure),
      },
    );

  return (
    <Card data-testid="webhook-card" className="grid gap-4 p-4 sm:p-5">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</h2>
          <Badge variant={endpoint.enabled ? 'success' : 'warning'}>
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </div>
        {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Events</dt>
            <dd className="font-mono text-xs break-words text-slate-800">{eventsSummary(endpoint.events)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Signing secret</dt>
            <dd className="font-mono text-xs text-slate-800">{endpoint.secretPrefix}…</dd>
          </div>
        </dl>
      </div>
      {note ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{note}</span>
        </p>
      ) : endpoint.consecutiveFailures > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            The last{' '}
            {endpoint.consecutiveFailures === 1 ? 'delivery' : `${endpoint.consecutiveFailures} deliveries`}{' '}
            failed after every retry. Check that your receiver is up and answers with a 2xx status.
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => setEnabled(!endpoint.enabled)}
        >
          {endpoint.enabled ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="sm" variant="outline" onClick={onRotate}>
          <RefreshCcw aria-hidden="true" />
          Rotate secret
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      <div className="border-t border-slate-100 pt-3">
        <Button
          size="sm"
          variant="ghost"
          className="-ml-3"
          aria-expanded={logOpen}
          aria-controls={`${id}-log`}
          onClick={() => setLogOpen((open) => !open)}
        >
          <ChevronDown className={cn('transition', logOpen && 'rotate-180')} aria-hidden="true" />
          {logOpen ? 'Hide delivery log' : 'Show delivery log'}
        </Button>
        {logOpen ? (
          <div id={`${id}-log`} className="mt-2">
            <WebhookDeliveries webhookId={endpoint.id} timeZone={timeZone} />
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this webhook?"
        description="Kitepost stops sending events to it, and its delivery log is deleted too."
        subject={endpoint.url}
        confirmLabel="Delete webhook"
        pendingLabel="Deleting…"
        confirmIcon={Trash2}
        keepLabel="Cancel"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              toast({ title: 'Webhook deleted' });
              setDeleting(false);
            },
            onError: (failure) => toastFailure('The webhook could not be deleted', failure),
          })
        }
      />
    </Card>
  );
}
