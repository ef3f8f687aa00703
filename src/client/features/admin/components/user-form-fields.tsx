import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import type { ErrorCode } from '../../../../contracts/error-codes';
import { planIds, plans, type SubscriptionStatus, subscriptionStatuses } from '../../../../contracts/plans';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input, type InputProps } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { fieldMessage, setServerIssues } from '../../../lib/form-issues';

/** Pieces shared by the Create New User and Edit User dialogs. */

export const statusNames: Record<SubscriptionStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  inactive: 'Inactive',
  past_due: 'Past Due',
  cancelled: 'Cancelled',
};

interface TextFieldProps extends Omit<InputProps, 'id'> {
  id: string;
  label: string;
  /** What is wrong with the value: the contract's check, or the server's 400 for this field. */
  error?: string;
  hint?: string;
}

/** A labelled input; its error and hint below it as every form shows them (FormField). */
export function TextField({ id, label, error, hint, required, className, ...rest }: TextFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      required={required}
      hint={error ? undefined : hint}
      error={error}
      className="min-w-0"
    >
      <Input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint) && !error, error })}
        className={cn('aria-invalid:border-red-500', className)}
        {...rest}
      />
    </FormField>
  );
}

export function PlanSelect({ id, ...registration }: { id: string } & UseFormRegisterReturn) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Subscription Plan</Label>
      <Select id={id} {...registration}>
        {planIds.map((plan) => (
          <option key={plan} value={plan}>
            {plans[plan].name}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function StatusSelect({ id, ...registration }: { id: string } & UseFormRegisterReturn) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Subscription Status</Label>
      <Select id={id} {...registration}>
        {subscriptionStatuses.map((status) => (
          <option key={status} value={status}>
            {statusNames[status]}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function ActiveCheckbox(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  note?: ReactNode;
}) {
  return <CheckboxField {...props} label="Account active" />;
}

/**
 * "Can sign in with an access code": on issues a code (shown once), off takes it away. Disabled
 * when the server has codes off (ACCESS_CODES=off) or for the built-in operator.
 */
export function AccessCodeCheckbox({
  id,
  checked,
  onChange,
  disabledReason,
  note,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabledReason?: string | null;
  note?: ReactNode;
}) {
  return (
    <CheckboxField
      id={id}
      label="Can sign in with an access code"
      checked={checked}
      onChange={onChange}
      disabled={Boolean(disabledReason)}
      note={disabledReason ?? note}
    />
  );
}

function CheckboxField({
  id,
  label,
  checked,
  onChange,
  disabled,
  note,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  note?: ReactNode;
}) {
  const noteId = note ? `${id}-note` : undefined;
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={noteId}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 rounded border-slate-300 accent-indigo-600 disabled:opacity-50"
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {note ? (
        <p id={noteId} className="text-xs text-slate-500">
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** The server's own message for a refused form (409 taken email, 400 issue), shown in the dialog. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

type IdentityField = 'email' | 'firstName' | 'lastName';
export const identityFields: readonly IdentityField[] = ['email', 'firstName', 'lastName'];

/** Email, first name (required) and last name (optional), the same in both dialogs. */
export function IdentityFields({
  idPrefix,
  field,
  errors,
  emailPlaceholder,
}: {
  idPrefix: string;
  /** The form's registration of each field (useContractForm's `field`). */
  field: (name: IdentityField) => UseFormRegisterReturn;
  /** The form's errors (formState.errors). */
  errors: Partial<Record<IdentityField, unknown>>;
  emailPlaceholder?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        {...field('email')}
        error={fieldMessage(errors.email)}
        required
        autoComplete="off"
        placeholder={emailPlaceholder}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-first-name`}
          label="First Name"
          {...field('firstName')}
          error={fieldMessage(errors.firstName)}
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          id={`${idPrefix}-last-name`}
          label="Last Name"
          {...field('lastName')}
          error={fieldMessage(errors.lastName)}
          autoComplete="off"
          maxLength={100}
        />
      </div>
    </>
  );
}

/** The refusals the form explains under its fields: bad input or a clash with another user. */
const formRefusals = new Set<ErrorCode | undefined>([
  'validation_failed',
  'bad_request',
  'conflict',
  'email_taken',
]);

/**
 * What a refused save does in both dialogs: a 400's issues next to their fields, else the
 * server's reason (400, 409) inside the dialog (the form's root error), and the spec's failure
 * toast. A 401 is left to the app's sign-out handling.
 */
export function formFailureHandler<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  failureToast: { title: string; description: string },
) {
  return (error: unknown) => {
    if (isUnauthorized(error)) return;
    if (formRefusals.has(failureCode(error)) && setServerIssues(error, setError, fields) === 0) {
      setError('root', { type: 'server', message: failureMessage(error, '') });
    }
    toast({ ...failureToast, variant: 'destructive' });
  };
}
