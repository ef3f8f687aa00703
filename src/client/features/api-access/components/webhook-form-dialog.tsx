import { Plus, Save } from 'lucide-react';
import { useId, useState } from 'react';
import {
  createWebhookBody,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
  webhookEventDescriptions,
  webhookEventTypes,
} from '../../../../contracts/integrations';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { SecretReveal } from './secret-reveal';

interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint to edit; absent: a new one. */
  endpoint?: WebhookEndpoint;
}

/** Add an endpoint (then its signing secret, shown once), or change one's URL and events. */
export function WebhookFormDialog({ open, onOpenChange, endpoint }: WebhookFormDialogProps) {
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-xl"
        onPointerDownOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <SecretReveal
            title="Webhook added"
            label="Signing secret"
            noun="secret"
            secret={created.secret}
            description={
              <>
                Kitepost signs every delivery to{' '}
                <span className="font-medium break-all text-slate-900">{created.url}</span> with this secret.
                Your receiver uses it to check that a delivery really comes from Kitepost (the API docs show
                how).
              </>
            }
          />
        ) : (
          <WebhookForm endpoint={endpoint} onCreated={setCreated} onSaved={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  endpoint,
  onCreated,
  onSaved,
}: {
  endpoint?: WebhookEndpoint;
  onCreated: (webhook: WebhookWithSecret) => void;
  onSaved: () => void;
}) {
  const id = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const form = useContractForm(createWebhookBody, {
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    },
  });
  const { events } = form.watch();
  const errors = form.formState.errors;

  const onError = (failure: unknown) => {
    if (isUnauthorized(failure)) return;
    // 400 (the URL is refused: not https, a private address), 402 (plan), 409 (too many endpoints).
    if (setServerIssues(failure, form.setError, ['url', 'events', 'description']) === 0) {
      form.setError('root', {
        type: 'server',
        message:
          failureIssues(failure)[0]?.message ?? failureMessage(failure, 'The webhook could not be saved.'),
      });
    }
  };

  const submit = form.handleSubmit((body) => {
    if (pending) return;
    if (!endpoint) {
      create.mutate(body, { onSuccess: onCreated, onError });
      return;
    }
    update.mutate(
      {
        id: endpoint.id,
        change: { url: body.url, events: body.events, description: body.description ?? '' },
      },
      {
        onSuccess: () => {
          toast({ title: 'Webhook saved' });
          onSaved();
        },
        onError,
      },
    );
  });

  const toggle = (type: WebhookEventType) =>
    form.setField(
      'events',
      events.includes(type) ? events.filter((value) => value !== type) : [...events, type],
    );
  const all = webhookEventTypes.every((type) => events.includes(type));

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{endpoint ? 'Edit webhook' : 'Add a webhook'}</DialogTitle>
        <DialogDescription>
          When one of the chosen events happens, Kitepost sends its details to this address at once.
        </DialogDescription>
      </DialogHeader>
      <FormField
        id={`${id}-url`}
        label="Endpoint URL"
        hint="An https address of your app, Zapier, Make or n8n that accepts POST requests."
        error={fieldMessage(errors.url)}
        required
      >
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/kitepost-webhook"
          {...form.field('url')}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-hint ${id}-url-error` : `${id}-url-hint`}
        />
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description"
        hint="Optional: what this webhook is for."
        error={fieldMessage(errors.description)}
      >
        <Input
          id={`${id}-description`}
          autoComplete="off"
          maxLength={200}
          {...form.field('description')}
          aria-describedby={`${id}-description-hint`}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <legend className="text-sm font-medium text-slate-900">
            Events
            <span className="text-red-600" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={all}
              onChange={() => form.setField('events', all ? [] : [...webhookEventTypes])}
            />
            Select all
          </label>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm transition',
                events.includes(type)
                  ? 'border-indigo-400 bg-indigo-50/60'
                  : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                checked={events.includes(type)}
                onChange={() => toggle(type)}
              />
              <span className="grid min-w-0 gap-0.5">
                <span className="text-slate-900">{webhookEventDescriptions[type]}</span>
                <span className="font-mono text-xs text-slate-500">{type}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={`${id}-events-error`} className="text-xs font-medium text-red-700">
            {fieldMessage(errors.events)}
          </p>
        ) : null}
      </fieldset>
      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.root.message}
        </p>
      ) : null}
      <DialogActions
        pending={pending}
        icon={endpoint ? Save : Plus}
        label={endpoint ? 'Save changes' : 'Add webhook'}
        pendingLabel="Saving…"
      />
    </form>
  );
}
