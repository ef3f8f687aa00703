import { Cloud, Fingerprint, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { type PasskeySummary, passkeyName } from '../../../../contracts/account-security';
import { describeUserAgent } from '../../../../contracts/user-agent';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useAuthMethods } from '../../auth/api/get-auth-methods';
import { useAuth } from '../../auth/api/get-current-user';
import { formatDate } from '../../auth/session-info';
import { isPasskeyPromptClosed, useAddPasskey } from '../api/add-passkey';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { defaultPasskeyName } from '../two-factor-display';
import { FormAlert } from './form-alert';

export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Please try again.';
export const PASSKEY_NOT_RENAMED = 'The passkey could not be renamed. Please try again.';
export const PASSKEY_NOT_REMOVED = 'The passkey could not be removed. Please try again.';

/**
 * Whether this browser can make passkeys at all (@simplewebauthn's browserSupportsWebAuthn).
 * Null until known: the library is loaded on demand, not with the page.
 */
function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    import('@simplewebauthn/browser')
      .then(({ browserSupportsWebAuthn }) => {
        if (current) setSupported(browserSupportsWebAuthn());
      })
      .catch(() => {
        if (current) setSupported(false);
      });
    return () => {
      current = false;
    };
  }, []);
  return supported;
}

/** Privacy & Security › Passkeys: sign in with the device's lock (fingerprint, face, PIN) instead of a password. */
export function PasskeysSection({ passkeys }: { passkeys: PasskeySummary[] }) {
  const browserSupports = useWebAuthnSupport();
  // A server whose APP_URL is an IP address cannot be a WebAuthn relying party (GET /api/auth/methods).
  const serverOffers = useAuthMethods().data?.passkeys;
  const canAdd = serverOffers === true && browserSupports === true;
  const { user } = useAuth();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);

  return (
    <div id="passkeys" className="grid scroll-mt-24 gap-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="text-sm font-medium text-slate-900">Passkeys</h3>
          <p className="text-sm text-slate-600">
            Sign in with your fingerprint, face or screen lock instead of your password.
            {serverOffers === false
              ? ' Passkeys are not available on this Kitepost server.'
              : browserSupports === false
                ? ' This browser cannot make passkeys; try another one to add one.'
                : ''}
          </p>
        </div>
        {canAdd ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)} className="self-start">
            <Plus aria-hidden="true" />
            Add a passkey
          </Button>
        ) : null}
      </div>
      {passkeys.length > 0 ? (
        <ul aria-label="Passkeys" className="grid gap-2">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <Fingerprint className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
                    <span className="[overflow-wrap:anywhere]">{passkey.name}</span>
                    {passkey.backedUp ? (
                      <Badge
                        variant="secondary"
                        title="Saved in a password manager that syncs it to your other devices"
                      >
                        <Cloud className="size-3" aria-hidden="true" />
                        Synced
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    {passkey.createdAt
                      ? `Added ${formatDate(passkey.createdAt, user?.timezone)}`
                      : 'Added earlier'}
                  </p>
                </div>
              </div>
              <div className="-mb-1 flex justify-end gap-1 sm:mb-0 sm:shrink-0">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRenaming(passkey)}
                  aria-label={`Rename ${passkey.name}`}
                >
                  <Pencil aria-hidden="true" />
                  Rename
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoving(passkey)}
                  aria-label={`Remove ${passkey.name}`}
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600">
          No passkeys yet.
        </p>
      )}
      <PasskeyNameDialog
        mode="add"
        open={adding}
        onOpenChange={setAdding}
        initialName={defaultPasskeyName(describeUserAgent(navigator.userAgent).label)}
      />
      <PasskeyNameDialog
        mode="rename"
        passkey={renaming}
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
        initialName={renaming?.name ?? ''}
      />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

interface PasskeyNameDialogProps {
  mode: 'add' | 'rename';
  passkey?: PasskeySummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialName: string;
}

/**
 * Names a passkey: before adding one (the name is asked first, so closing this dialog never
 * leaves a passkey on the device that the account does not know), or to rename one.
 */
function PasskeyNameDialog(props: PasskeyNameDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <PasskeyNameForm {...props} />
      </DialogContent>
    </Dialog>
  );
}

/** The contract's rule for a name, as a one-field form. */
const passkeyNameSchema = z.object({ name: passkeyName });

function PasskeyNameForm({ mode, passkey, onOpenChange, initialName }: PasskeyNameDialogProps) {
  const id = `${useId()}-name`;
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const pending = add.isPending || rename.isPending;
  const form = useContractForm(passkeyNameSchema, {
    defaultValues: { name: initialName },
    shouldFocusError: false,
  });
  const error = fieldMessage(form.formState.errors.name);
  const formError = form.formState.errors.root?.message;

  const refused = (failure: unknown, fallback: string) => {
    if (isUnauthorized(failure)) return;
    const message = failureMessage(failure, fallback);
    if (setServerIssues(failure, form.setError, ['name']) === 0) form.setError('root', { message });
  };

  const submit = form.handleSubmit(({ name }) => {
    if (pending) return;
    if (mode === 'rename') {
      if (!passkey) return;
      rename.mutate(
        { id: passkey.id, name },
        {
          onSuccess: () => {
            toast({ title: 'Passkey renamed' });
            onOpenChange(false);
          },
          onError: (failure) => refused(failure, PASSKEY_NOT_RENAMED),
        },
      );
      return;
    }
    add.mutate(name, {
      onSuccess: (added) => {
        toast({ title: 'Passkey added', description: `You can sign in with “${added.name}” from now on.` });
        onOpenChange(false);
      },
      onError: (failure) => {
        // The person closed the browser's prompt: they know, nothing to say.
        if (isPasskeyPromptClosed(failure)) return;
        refused(failure, PASSKEY_NOT_ADDED);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{mode === 'add' ? 'Add a passkey' : 'Rename passkey'}</DialogTitle>
        <DialogDescription>
          {mode === 'add'
            ? 'Name it after where it lives, then follow your browser: it asks for your fingerprint, face or screen lock.'
            : 'A name that tells you which device or password manager holds it.'}
        </DialogDescription>
      </DialogHeader>
      <FormField id={id} label="Name" error={error}>
        <Input
          id={id}
          maxLength={60}
          autoComplete="off"
          autoFocus
          {...form.field('name')}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(id, { hint: false, error })}
        />
      </FormField>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <DialogActions
        pending={pending}
        icon={KeyRound}
        label={mode === 'add' ? 'Continue' : 'Save name'}
        pendingLabel={mode === 'add' ? 'Waiting for your browser...' : 'Saving...'}
      />
    </form>
  );
}

function RemovePasskeyDialog({ passkey, onClose }: { passkey: PasskeySummary | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={passkey !== null}
      title="Remove this passkey?"
      description="It will no longer sign you in to Kitepost. Your device may still list it; you can delete it there too."
      subject={passkey?.name}
      error={error}
      confirmLabel="Remove passkey"
      pendingLabel="Removing..."
      confirmIcon={Trash2}
      pending={remove.isPending}
      onClose={() => {
        setError(null);
        onClose();
      }}
      onConfirm={() => {
        if (!passkey) return;
        remove.mutate(passkey.id, {
          onSuccess: () => {
            toast({ title: 'Passkey removed' });
            setError(null);
            onClose();
          },
          onError: (failure) => {
            if (isUnauthorized(failure)) return;
            setError(failureMessage(failure, PASSKEY_NOT_REMOVED));
          },
        });
      }}
    />
  );
}
