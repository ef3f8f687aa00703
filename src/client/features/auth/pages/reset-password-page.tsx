import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, KeyRound, Link2Off, LoaderCircle, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { resetPasswordBody } from '../../../../contracts/account-security';
import { securityMessages } from '../../../../contracts/security-messages';
import { forgotPasswordPath, paths, signInPath } from '../../../app/paths';
import { CenteredCardPage } from '../../../components/centered-card-page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuth } from '../api/get-current-user';
import { useResetPassword } from '../api/reset-password';
import { PasswordInput } from '../components/password-input';
import { forgetSession } from '../forget-session';

const PASSWORDS_DIFFER = 'The two passwords are not the same.';
const NOT_CHANGED = 'Your password could not be changed. Please try again in a moment.';

/** The new password typed twice; the copy is the page's own check (the server never sees it). */
const resetPasswordForm = z
  .object({
    newPassword: resetPasswordBody.shape.newPassword,
    confirmPassword: z.string().min(1, 'Required'),
  })
  .superRefine((values, context) => {
    const newPasswordOk = resetPasswordBody.shape.newPassword.safeParse(values.newPassword).success;
    if (values.confirmPassword && newPasswordOk && values.confirmPassword !== values.newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
    }
  });

type Field = 'newPassword' | 'confirmPassword';

type Outcome = { done: true; message: string } | { done: false; linkError: string };

/**
 * /reset-password?token=…, the link the reset email carries. The new password ends every session
 * of the account, this browser's too: the person then signs in with it. The page loads nothing
 * from another origin, so the token in its address reaches no one else (Referrer-Policy:
 * same-origin keeps it in-house as well).
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password — Kitepost');
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // No token at all: the link was cut short; the server would say the same.
  if (!token) return <LinkNotValid message={securityMessages.resetLinkInvalid} />;
  if (outcome?.done) return <PasswordChanged message={outcome.message} />;
  if (outcome && !outcome.done) return <LinkNotValid message={outcome.linkError} />;
  return <ResetPasswordForm token={token} onOutcome={setOutcome} />;
}

function ResetPasswordForm({ token, onOutcome }: { token: string; onOutcome: (outcome: Outcome) => void }) {
  const id = useId();
  const inputId = (field: Field) => `${id}-${field}`;
  const form = useContractForm(resetPasswordForm, {
    defaultValues: { newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const formError = errors.root?.message;
  const reset = useResetPassword();

  const submit = form.handleSubmit(({ newPassword }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: (answer) => onOutcome({ done: true, message: answer.message }),
        onError: (error) => {
          if (setServerIssues(error, form.setError, ['newPassword']) > 0) return;
          // Any other 400 is about the link: used, expired, forged (or cut short).
          if (error instanceof ApiError && error.status === 400) {
            onOutcome({ done: false, linkError: failureMessage(error, securityMessages.resetLinkInvalid) });
            return;
          }
          form.setError('root', { message: failureMessage(error, NOT_CHANGED) });
        },
      },
    );
  });

  const passwordField = (field: Field, label: string, hint?: string) => {
    const error = fieldMessage(errors[field]);
    return (
      <FormField id={inputId(field)} label={label} hint={hint} error={error}>
        <PasswordInput
          id={inputId(field)}
          autoComplete="new-password"
          maxLength={128}
          {...form.field(field)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(inputId(field), { hint: Boolean(hint), error })}
        />
      </FormField>
    );
  };

  return (
    <CenteredCardPage icon={KeyRound} tone="brand" title="Choose a new password">
      <p className="mt-3 text-pretty text-slate-600">
        Every device signed in to your account is signed out, and you sign in again with the new password.
      </p>
      <form onSubmit={submit} noValidate aria-busy={reset.isPending} className="mt-6 grid gap-4 text-left">
        {passwordField('newPassword', 'New password', 'At least 8 characters.')}
        {passwordField('confirmPassword', 'Confirm new password')}
        {formError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
          {reset.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {reset.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </CenteredCardPage>
  );
}

function PasswordChanged({ message }: { message: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const signIn = () => {
    // This browser's session ended with the others: forget it before the landing opens.
    if (user) forgetSession(queryClient, navigate, signInPath);
    else navigate(signInPath);
  };
  return (
    <CenteredCardPage icon={CircleCheck} tone="brand" title="Password changed">
      <p role="status" className="mt-3 text-pretty text-slate-600">
        {message}
      </p>
      <Button size="lg" className="mt-8 w-full" onClick={signIn}>
        <LogIn aria-hidden="true" />
        Sign in
      </Button>
    </CenteredCardPage>
  );
}

function LinkNotValid({ message }: { message: string }) {
  return (
    <CenteredCardPage icon={Link2Off} tone="danger" title="This link does not work">
      <p role="alert" className="mt-3 text-pretty text-slate-600">
        {message}
      </p>
      <div className="mt-8 grid gap-2">
        <Link href={forgotPasswordPath} className={buttonClasses('default', 'lg')}>
          Send me a new link
        </Link>
        <Link href={paths.home} className={buttonClasses('ghost', 'lg')}>
          Back to home
        </Link>
      </div>
    </CenteredCardPage>
  );
}
