import { CircleOff } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '../../../../contracts/integrations';
import { roleLabels } from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { RelativeTime } from '../../notifications/components/relative-time';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { type ApiKeyState, apiKeyState, formatDay } from '../api-key-display';

const stateBadges: Record<Exclude<ApiKeyState, 'active'>, string> = {
  revoked: 'Revoked',
  expired: 'Expired',
};

/** The workspace's keys, newest first; working keys can be revoked. */
export function ApiKeyList({ keys, timeZone }: { keys: ApiKey[]; timeZone: string }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const now = new Date();

  const run = () => {
    if (!revoking || revoke.isPending) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast({ title: 'API key revoked', description: `${revoking.name} no longer works.` });
        setRevoking(null);
      },
      onError: (failure) => toastFailure('The key could not be revoked', failure),
    });
  };

  return (
    <Card>
      <ul className="divide-y divide-slate-100" aria-label="API keys">
        {keys.map((key) => {
          const state = apiKeyState(key, now);
          return (
            <li
              key={key.id}
              data-testid="api-key-row"
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5"
            >
              <div className={cn('grid min-w-0 gap-2', state !== 'active' && 'opacity-70')}>
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="min-w-0 font-semibold break-words text-slate-900">{key.name}</h2>
                  <Badge variant="secondary">{roleLabels[key.role]}</Badge>
                  {state === 'active' ? null : <Badge variant="warning">{stateBadges[state]}</Badge>}
                </div>
                <p className="font-mono text-xs text-slate-600">
                  <span className="sr-only">Key starts with </span>
                  {key.prefix}…
                </p>
                <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                  <div className="col-span-2 min-w-0 sm:col-span-1">
                    <dt className="text-xs text-slate-500">Created</dt>
                    <dd className="text-slate-800">
                      <RelativeTime at={key.createdAt} timeZone={timeZone} /> by {key.createdBy.name}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Last used</dt>
                    <dd className="text-slate-800">
                      {key.lastUsedAt ? <RelativeTime at={key.lastUsedAt} timeZone={timeZone} /> : 'Never'}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">
                      {state === 'revoked' ? 'Revoked' : state === 'expired' ? 'Expired' : 'Expires'}
                    </dt>
                    <dd className="text-slate-800">
                      {key.revokedAt ? (
                        <RelativeTime at={key.revokedAt} timeZone={timeZone} />
                      ) : key.expiresAt ? (
                        <time dateTime={key.expiresAt}>{formatDay(key.expiresAt, timeZone)}</time>
                      ) : (
                        'Never'
                      )}
                    </dd>
                  </div>
                </dl>
              </div>
              {state === 'active' ? (
                <Button
                  size="sm"
                  variant="outline"
                  className="self-start"
                  onClick={() => setRevoking(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  <CircleOff aria-hidden="true" />
                  Revoke
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this API key?"
        description="Anything that uses it stops working at once: its calls are refused. This cannot be undone; create a new key if you need one again."
        subject={revoking ? `${revoking.name} · ${revoking.prefix}…` : null}
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        confirmIcon={CircleOff}
        keepLabel="Cancel"
        pending={revoke.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
