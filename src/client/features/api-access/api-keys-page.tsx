import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { InlineLoading } from '../../components/full-page-message';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { failureCode, failureMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { planNeededOf } from '../billing/plan-limit';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useApiKeys } from './api/get-api-keys';
import { ApiAccessNotice, ApiAccessPage, useApiAccess } from './components/api-access-page';
import { ApiKeyList } from './components/api-key-list';
import { ConnectToolsCard } from './components/connect-tools-card';
import { CreateApiKeyDialog } from './components/create-api-key-dialog';

const description = 'Keys let your other tools, scripts and AI assistants work in Kitepost for you.';

/**
 * /settings/api (issue 26): the workspace's API keys, where to use them (the docs, the MCP
 * server), creating a key (shown once) and revoking one. Owners and admins, Professional and up.
 */
export function ApiKeysPage() {
  useDocumentTitle('API — Kitepost');
  const access = useApiAccess();
  const keys = useApiKeys({ enabled: access === 'allowed' });
  const { zone } = useTimeZone();
  const [creating, setCreating] = useState(false);

  if (access !== 'allowed') {
    return (
      <ApiAccessPage title="API" description={description}>
        <ApiAccessNotice access={access} />
      </ApiAccessPage>
    );
  }
  if (keys.isError && failureCode(keys.error) === 'plan_limit') {
    return (
      <ApiAccessPage title="API" description={description}>
        <ApiAccessNotice
          access="plan"
          planMessage={failureMessage(keys.error, '')}
          plan={planNeededOf(keys.error)}
        />
      </ApiAccessPage>
    );
  }

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      Create API key
    </Button>
  );
  return (
    <ApiAccessPage title="API" description={description} actions={keys.isSuccess ? createButton : null}>
      {keys.isPending ? (
        <InlineLoading message="Loading your API keys..." />
      ) : keys.isError ? (
        <QueryFailureCard title="Your API keys could not be loaded" query={keys} />
      ) : keys.data.keys.length === 0 ? (
        <Card className="grid justify-items-center gap-3 px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600">
            <KeyRound className="size-6" aria-hidden="true" />
          </span>
          <h2 className="text-base font-semibold text-slate-900">No API keys yet</h2>
          <p className="max-w-md text-sm text-pretty text-slate-600">
            A key is a password for software. Give one to Zapier, Make, n8n, your website or an AI assistant,
            and it can create and schedule posts here with the role you choose. You can revoke it any time.
          </p>
          {createButton}
        </Card>
      ) : (
        <ApiKeyList keys={keys.data.keys} timeZone={zone} />
      )}
      <ConnectToolsCard />
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
    </ApiAccessPage>
  );
}
