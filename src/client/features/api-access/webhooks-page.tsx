import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '../../../contracts/integrations';
import { serverPaths } from '../../app/paths';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/full-page-message';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Button } from '../../components/ui/button';
import { failureCode, failureMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { planNeededOf } from '../billing/plan-limit';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useWebhooks } from './api/get-webhooks';
import { ApiAccessNotice, ApiAccessPage, useApiAccess } from './components/api-access-page';
import { RotateSecretDialog } from './components/rotate-secret-dialog';
import { WebhookCard } from './components/webhook-card';
import { WebhookFormDialog } from './components/webhook-form-dialog';

const description = 'Tell your other tools the moment a post is scheduled, published or fails.';

/** Which dialog is open: adding, editing an endpoint, or rotating its secret. */
type Editing = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

/**
 * /settings/webhooks (issue 26): the workspace's endpoints, each with its events, state, actions
 * and delivery log. Owners and admins, Professional and up.
 */
export function WebhooksPage() {
  useDocumentTitle('Webhooks — Kitepost');
  const access = useApiAccess();
  const webhooks = useWebhooks({ enabled: access === 'allowed' });
  const { zone } = useTimeZone();
  const [editing, setEditing] = useState<Editing>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);

  if (access !== 'allowed') {
    return (
      <ApiAccessPage title="Webhooks" description={description}>
        <ApiAccessNotice access={access} />
      </ApiAccessPage>
    );
  }
  if (webhooks.isError && failureCode(webhooks.error) === 'plan_limit') {
    return (
      <ApiAccessPage title="Webhooks" description={description}>
        <ApiAccessNotice
          access="plan"
          planMessage={failureMessage(webhooks.error, '')}
          plan={planNeededOf(webhooks.error)}
        />
      </ApiAccessPage>
    );
  }

  const addButton = (
    <Button onClick={() => setEditing({ kind: 'add' })}>
      <Plus aria-hidden="true" />
      Add webhook
    </Button>
  );
  return (
    <ApiAccessPage title="Webhooks" description={description} actions={webhooks.isSuccess ? addButton : null}>
      {webhooks.isPending ? (
        <InlineLoading message="Loading your webhooks..." />
      ) : webhooks.isError ? (
        <QueryFailureCard title="Your webhooks could not be loaded" query={webhooks} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title="No webhooks yet"
          description={
            <>
              A webhook is an address of your app (or of Zapier, Make or n8n) that Kitepost calls when
              something happens: a post is published, fails, or waits for approval. Each call is signed; the{' '}
              <a
                href={serverPaths.apiDocs}
                target="_blank"
                rel="noopener"
                className="font-medium text-indigo-700 underline"
              >
                API docs
              </a>{' '}
              show how to check it.
            </>
          }
          action={addButton}
        />
      ) : (
        <section className="grid gap-4" aria-label="Webhooks">
          {webhooks.data.webhooks.map((endpoint) => (
            <WebhookCard
              key={endpoint.id}
              endpoint={endpoint}
              timeZone={zone}
              onEdit={() => setEditing({ kind: 'edit', endpoint })}
              onRotate={() => setRotating(endpoint)}
            />
          ))}
        </section>
      )}
      <WebhookFormDialog
        // A fresh form for each endpoint opened.
        key={editing?.kind === 'edit' ? editing.endpoint.id : 'add'}
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        endpoint={editing?.kind === 'edit' ? editing.endpoint : undefined}
      />
      <RotateSecretDialog endpoint={rotating} onClose={() => setRotating(null)} />
    </ApiAccessPage>
  );
}
