import { LoaderCircle, Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { accountMessages, type UserSettings, updateProfileBody } from '../../../../contracts/settings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { failureCode, failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { errorsByField, type FieldErrors, schemaIssues } from '../form-issues';
import {
  changedProfileFields,
  type ProfileField,
  type ProfileValues,
  profileFields,
  profileValuesOf,
} from '../profile-form';
import { describedBy, FormField } from './form-field';
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
  return (
    <SettingsSection
      id="profile"
      title="Profile Information"
      description="Your name as your team sees it, and how to reach you."
    >
      {/* Keyed by what is saved: a save (or a change from elsewhere) starts the form from it. */}
      <ProfileForm key={JSON.stringify(saved)} saved={saved} />
    </SettingsSection>
  );
}

function ProfileForm({ saved }: { saved: ProfileValues }) {
  const id = useId();
  const inputId = (field: ProfileField) => `${id}-${field}`;
  const [values, setValues] = useState<ProfileValues>(saved);
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const update = useUpdateProfile();
  const changed = changedProfileFields(saved, values).length > 0;

  const set = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !changed) return;
    // The contract checks first (the same rules the server applies), so mistakes show at once.
    const parsed = updateProfileBody.safeParse(values);
    if (!parsed.success) {
      const found = errorsByField<ProfileField>(schemaIssues(parsed.error));
      setErrors(found);
      const first = profileFields.find((name) => found[name]);
      if (first) document.getElementById(inputId(first))?.focus();
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => toast(accountMessages.profileUpdated),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const message = failureMessage(error, PROFILE_NOT_SAVED);
        // The email belongs to another account: the message goes where the mistake is.
        const fieldErrors =
          failureCode(error) === 'email_taken'
            ? { email: message }
            : errorsByField<ProfileField>(failureIssues(error));
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) {
          toast({ title: 'Profile Not Saved', description: message, variant: 'destructive' });
        }
      },
    });
  };

  const input = (field: ProfileField) => {
    const { label: _label, hint, ...props } = fields[field];
    return (
      <Input
        id={inputId(field)}
        {...props}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={Boolean(errors[field]) || undefined}
        aria-describedby={describedBy(inputId(field), { hint: Boolean(hint), error: errors[field] })}
        required={field === 'firstName' || field === 'lastName' || field === 'email'}
        className="aria-invalid:border-red-500"
      />
    );
  };

  const field = (name: ProfileField) => (
    <FormField id={inputId(name)} label={fields[name].label} hint={fields[name].hint} error={errors[name]}>
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
            <Button
              variant="ghost"
              onClick={() => {
                setValues(saved);
                setErrors({});
              }}
              className="self-start sm:self-auto"
            >
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
