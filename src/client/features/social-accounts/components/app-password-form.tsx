import { ExternalLink, KeyRound, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { connectWithPasswordBody, type SocialAccount } from '../../../../contracts/social-accounts';
import { Button } from '../../../components/ui/button';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useHealth } from '../../health/api/get-health';
import { useConnectWithPassword } from '../api/connect-with-password';

/** Where app passwords are made: bsky.app's settings, or the pretend bsky.app's in the sandbox. */
const REAL_APP_PASSWORDS = 'https://bsky.app/settings/app-passwords';
const SANDBOX_APP_PASSWORDS = '/sandbox/bluesky/settings/app-passwords';

interface AppPasswordFormProps {
  onConnected(account: SocialAccount): void;
}

const FIELDS = ['identifier', 'password', 'server'] as const;

/**
 * Connects a Bluesky account with an app password (decision 081): the handle, an app password made
 * in Bluesky's settings (never the account password), and the PDS for a self-hosted account. The
 * password goes to Bluesky once; Kitepost keeps only the session it opens.
 */
export function AppPasswordForm({ onConnected }: AppPasswordFormProps) {
  const id = useId();
  const connect = useConnectWithPassword();
  // /api/health names each simulated network ("bluesky: simulator") while it has no real service.
  const sandbox = useHealth().data?.adapters.social.adapter.includes('bluesky: simulator') ?? false;
  const form = useContractForm(connectWithPasswordBody, {
    defaultValues: { platform: 'bluesky', identifier: '', password: '', server: undefined },
  });
  const errors = form.formState.errors;
  const refusal = errors.root?.message;

  const submit = form.handleSubmit((body) => {
    connect.mutate(body, {
      onSuccess: (account) => {
        form.reset();
        onConnected(account);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        if (setServerIssues(error, form.setError, FIELDS) > 0) return;
        form.setError('root', {
          message: failureMessage(error, 'Bluesky could not be reached. Please try again.'),
        });
      },
    });
  });

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    error: errors[name]?.message,
  });
  const handle = field('identifier');
  const password = field('password');
  const server = field('server');

  return (
    <form
      className="grid gap-3"
      onSubmit={submit}
      noValidate
      aria-label="Connect Bluesky with an app password"
    >
      <FormField
        id={handle.id}
        label="Handle"
        hint="Like name.bsky.social, or your own domain."
        error={handle.error}
        required
      >
        <Input
          id={handle.id}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name.bsky.social"
          aria-invalid={handle.error ? true : undefined}
          aria-describedby={describedBy(handle.id, { error: handle.error })}
          className={cn('aria-invalid:border-red-500')}
          {...form.field('identifier')}
        />
      </FormField>
      <FormField
        id={password.id}
        label="App password"
        hint={
          <>
            Not your account password: create one in Bluesky under Settings › Privacy and security › App
            passwords.{' '}
            <a
              href={sandbox ? SANDBOX_APP_PASSWORDS : REAL_APP_PASSWORDS}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-0.5 font-medium text-indigo-700 underline underline-offset-2"
            >
              {sandbox ? 'Open the sandbox App passwords' : 'Open App passwords'}
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        }
        error={password.error}
        required
      >
        <Input
          id={password.id}
          type="password"
          autoComplete="off"
          placeholder="xxxx-xxxx-xxxx-xxxx"
          aria-invalid={password.error ? true : undefined}
          aria-describedby={describedBy(password.id, { error: password.error })}
          className={cn('aria-invalid:border-red-500')}
          {...form.field('password')}
        />
      </FormField>
      <FormField
        id={server.id}
        label="Server (optional)"
        hint="Only for an account on its own PDS, e.g. pds.example.com. Leave empty for bsky.social."
        error={server.error}
      >
        <Input
          id={server.id}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="bsky.social"
          aria-invalid={server.error ? true : undefined}
          aria-describedby={describedBy(server.id, { error: server.error })}
          className={cn('aria-invalid:border-red-500')}
          {...form.register('server', {
            // An emptied field is "no server" (bsky.social), not an empty one.
            setValueAs: (value: string | undefined) => (value?.trim() ? value : undefined),
            onChange: () => form.clearErrors('server'),
          })}
        />
      </FormField>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
      <div>
        <Button type="submit" className="w-full" disabled={connect.isPending}>
          {connect.isPending ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound className="size-4" aria-hidden="true" />
          )}
          Connect Bluesky
        </Button>
      </div>
    </form>
  );
}
