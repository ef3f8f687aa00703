import { LoaderCircle, Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { securityMessages } from '../../../../contracts/account-security';
import { accountMessages, type UserSettings, updateProfileBody } from '../../../../contracts/settings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useUpdateProfile } from '../api/update-profile';
import {
  changedProfileFields,
  type ProfileField,
  type ProfileValues,
  profileFields,
  profileValuesOf,
} from '../profile-form';
import { SettingsSection } from './settings-section';

export const PROFILE_NOT_SAVED = 'Your profile could not be saved. Please try again.';

const fields: Record<
  ProfileField,
  {
    label: string;
    hint?: string;
    type: string;
    autoComplete: string;
    maxLength: number;
    placeholder?: string;
  }
> = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'given-name', maxLength: 100 },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'family-name', maxLength: 100 },
  email: {
    label: 'Email',
    hint: 'You sign in with it, and Kitepost writes to it.',
    type: 'email',
    autoComplete: 'email',
    maxLength: 254,
  },
  company: {
    label: 'Company',
    type: 'text',
    autoComplete: 'organization',
    maxLength: 200,
    placeholder: 'Optional',
  },
  phone: {
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    maxLength: 40,
    placeholder: 'Optional, e.g. +1 555 010 0199',
  },
};

/** Settings › Profile Information (spec §2): saved as a whole with PUT /api/user/profile. */
export function ProfileCard({ settings }: { settings: UserSettings }) {
  const saved = profileValuesOf(settings);
  // A new address waiting for its link to be opened (issue 23): the email stays the old one until then.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  return (
    <SettingsSection
      id="profile"
      title="Profile Information"
      description="Your name as your team sees it, and how to reach you."
    >
      {/* Keyed by what is saved: a save (or a change from elsewhere) starts the form from it. */}
      <ProfileForm
        key={JSON.stringify(saved)}
        saved={saved}
        pendingEmail={pendingEmail === saved.email ? null : pendingEmail}
        onEmailChangePending={setPendingEmail}
      />
    </SettingsSection>
  );
}

interface ProfileFormProps {
  saved: ProfileValues;
  pendingEmail: string | null;
  onEmailChangePending: (email: string) => void;
}

function ProfileForm({ saved, pendingEmail, onEmailChangePending }: ProfileFormProps) {
  const id = useId();
  const inputId = (field: ProfileField) => `${id}-${field}`;
  // The contract checks first (the same rules the server applies), so mistakes show at once,
  // and the first wrong field takes the focus.
  const form = useContractForm(updateProfileBody, { defaultValues: saved });
  const values = form.watch();
  const errors = form.formState.errors;
  const update = useUpdateProfile();
  const changed = changedProfileFields(saved, values).length > 0;

  const save = form.handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: ({ settings, emailChangePending }) => {
        if (!emailChangePending) {
          toast(accountMessages.profileUpdated);
          return;
        }
        // The other fields are saved; the email field shows the address in use until the link is opened.
        form.reset(profileValuesOf(settings));
        onEmailChangePending(emailChangePending);
        toast({
          title: 'Confirm your new email address',
          description: securityMessages.emailChangePending(emailChangePending),
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const message = failureMessage(error, PROFILE_NOT_SAVED);
        // The email belongs to another account: the message goes where the mistake is.
        if (failureCode(error) === 'email_taken') {
          form.setError('email', { type: 'server', message });
          return;
        }
        if (setServerIssues(error, form.setError, profileFields) === 0) {
          toast({ title: 'Profile Not Saved', description: message, variant: 'destructive' });
        }
      },
    });
  });
  // Enter in a field submits too: an unchanged form, or one being saved, is not checked again.
  const submit = (event: FormEvent) => {
    if (changed && !update.isPending) return save(event);
    event.preventDefault();
  };

  const input = (field: ProfileField) => {
    const { label: _label, hint, ...props } = fields[field];
    const error = fieldMessage(errors[field]);
    return (
      <Input
        id={inputId(field)}
        {...props}
        {...form.field(field)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(inputId(field), { hint: Boolean(hint), error })}
        required={field === 'firstName' || field === 'lastName' || field === 'email'}
        className="aria-invalid:border-red-500"
      />
    );
  };

  const emailHint = pendingEmail ? (
    <>
      Waiting for confirmation: <span className="font-medium text-amber-800">{pendingEmail}</span>. The
      address changes once you open the link we sent there.
    </>
  ) : (
    fields.email.hint
  );
  const field = (name: ProfileField) => (
    <FormField
      id={inputId(name)}
      label={fields[name].label}
      hint={name === 'email' ? emailHint : fields[name].hint}
      error={fieldMessage(errors[name])}
    >
      {input(name)}
    </FormField>
  );

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-busy={update.isPending} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {field('firstName')}
          {field('lastName')}
        </div>
        {field('email')}
        <div className="grid gap-5 sm:grid-cols-2">
          {field('company')}
          {field('phone')}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-end">
          {changed && !update.isPending ? (
            <Button variant="ghost" onClick={() => form.reset(saved)} className="self-start sm:self-auto">
              Discard changes
            </Button>
          ) : null}
          <Button type="submit" disabled={!changed || update.isPending} className="self-start sm:self-auto">
            {update.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {update.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
