import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { CreatedApiKey } from '../../../../contracts/integrations';
import { roleDescriptions, roleLabels } from '../../../../contracts/team';
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
import { Select } from '../../../components/ui/select';
import { failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useAuth } from '../../auth/api/get-current-user';
import { useCreateApiKey } from '../api/create-api-key';
import {
  apiKeyExpiries,
  apiKeyExpiryLabels,
  createApiKeyForm,
  expiresAtFor,
  grantableKeyRoles,
} from '../api-key-display';
import { SecretReveal } from './secret-reveal';

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Name, role and expiry; then the key itself, shown this once. */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    // The secret leaves memory with the dialog; opened again, the form starts empty.
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-lg"
        // Once the key is shown, a stray click outside must not throw it away.
        onPointerDownOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <SecretReveal
            title="Your new API key"
            label="API key"
            noun="key"
            secret={created.key}
            description={
              <>
                <span className="font-medium text-slate-900">{created.name}</span> acts as{' '}
                {roleLabels[created.role].toLowerCase()} in this workspace. Send it in the{' '}
                <code className="rounded bg-slate-100 px-1 text-xs">Authorization: Bearer</code> header.
              </>
            }
          />
        ) : (
          <CreateApiKeyForm onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const id = useId();
  const { user } = useAuth();
  const roles = grantableKeyRoles(user?.workspace.role ?? 'viewer');
  const create = useCreateApiKey();
  const form = useContractForm(createApiKeyForm, {
    defaultValues: {
      name: '',
      role: roles.includes('editor') ? 'editor' : (roles[0] ?? 'viewer'),
      expiry: 'never',
    },
  });
  const { role } = form.watch();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(({ name, role, expiry }) => {
    if (create.isPending) return;
    create.mutate(
      { name, role, expiresAt: expiresAtFor(expiry, new Date()) },
      {
        onSuccess: onCreated,
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          // 400 (a field), 402 (plan), 403 (a role above yours), 409 (too many keys): said here.
          if (setServerIssues(failure, form.setError, ['name', 'role']) === 0) {
            form.setError('root', {
              type: 'server',
              message:
                failureIssues(failure)[0]?.message ??
                failureMessage(failure, 'The key could not be created.'),
            });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Create an API key</DialogTitle>
        <DialogDescription>
          A key lets another tool, a script or an AI assistant work in this workspace for you, with the role
          you choose.
        </DialogDescription>
      </DialogHeader>
      <FormField
        id={`${id}-name`}
        label="Name"
        hint="So you know later what uses it, e.g. “Zapier” or “Website”."
        error={fieldMessage(errors.name)}
        required
      >
        <Input
          id={`${id}-name`}
          autoComplete="off"
          maxLength={80}
          {...form.field('name')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-hint ${id}-name-error` : `${id}-name-hint`}
        />
      </FormField>
      <FormField
        id={`${id}-role`}
        label="Acts as"
        hint={roleDescriptions[role]}
        error={fieldMessage(errors.role)}
      >
        <Select id={`${id}-role`} {...form.field('role')} aria-describedby={`${id}-role-hint`}>
          {roles.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id={`${id}-expiry`}
        label="Expires"
        hint="A key that expires stops working on its own; you can revoke any key sooner."
      >
        <Select id={`${id}-expiry`} {...form.field('expiry')} aria-describedby={`${id}-expiry-hint`}>
          {apiKeyExpiries.map((option) => (
            <option key={option} value={option}>
              {apiKeyExpiryLabels[option]}
            </option>
          ))}
        </Select>
      </FormField>
      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.root.message}
        </p>
      ) : null}
      <DialogActions pending={create.isPending} icon={KeyRound} label="Create key" pendingLabel="Creating…" />
    </form>
  );
}
