import { RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '../../../../contracts/integrations';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useRotateWebhookSecret } from '../api/update-webhook';
import { SecretReveal } from './secret-reveal';

const overlap =
  'For the next 24 hours, each delivery is signed with both the new and the old secret, so your receiver keeps working while you update it.';

/** Asks, makes a new signing secret, and shows it once. */
export function RotateSecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const rotate = useRotateWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (rotate.isPending) return;
    setSecret(null);
    setError(null);
    onClose();
  };
  const run = () => {
    if (!endpoint || rotate.isPending) return;
    setError(null);
    rotate.mutate(endpoint.id, {
      onSuccess: (webhook) => setSecret(webhook.secret),
      onError: (failure) => {
        if (!isUnauthorized(failure)) setError(failureMessage(failure, 'The secret could not be rotated.'));
      },
    });
  };
  return (
    <Dialog open={endpoint !== null} onOpenChange={(next) => (next ? null : close())}>
      <DialogContent className="max-w-lg" onPointerDownOutside={(event) => event.preventDefault()}>
        {secret ? (
          <SecretReveal
            title="New signing secret"
            label="Signing secret"
            noun="secret"
            secret={secret}
            description="Put it in your receiver in place of the old one."
          >
            <p className="text-sm text-slate-600">{overlap}</p>
          </SecretReveal>
        ) : (
          <div className="grid gap-5">
            <DialogHeader>
              <DialogTitle>Rotate the signing secret?</DialogTitle>
              <DialogDescription>
                Kitepost makes a new secret and shows it once. {overlap} After that, only the new one is used.
              </DialogDescription>
            </DialogHeader>
            {endpoint ? (
              <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm break-all text-slate-700">
                {endpoint.url}
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <DialogActions
              pending={rotate.isPending}
              icon={RefreshCcw}
              label="Rotate secret"
              pendingLabel="Rotating…"
              onClick={run}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
