import { CircleAlert, LoaderCircle, RefreshCw, Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  type BrandKit,
  type BrandKitResponse,
  brandKit as brandKitSchema,
  type EmojiPolicy,
  emojiPolicies,
} from '../../../../contracts/brand-kit';
import { type Tone, tones } from '../../../../contracts/content-options';
import { InlineLoading } from '../../../components/full-page-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { TagInput } from '../../../components/ui/tag-input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { type FieldIssue, failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../auth/session-info';
import { normalizeHashtag } from '../../content/hashtags';
import { toneLabels } from '../../content/labels';
import { useBrandKit } from '../api/get-brand-kit';
import { useUpdateBrandKit } from '../api/update-brand-kit';

export const BRAND_KIT_SAVE_FAILED = 'The brand kit could not be saved. Please try again.';

const emojiLabels: Record<EmojiPolicy, { label: string; hint: string }> = {
  none: { label: 'None', hint: 'No emoji in posts.' },
  sparing: { label: 'Sparing', hint: 'At most one, where it helps.' },
  liberal: { label: 'Liberal', hint: 'Playful, emoji welcome.' },
};

type Field = keyof BrandKit;
type FieldErrors = Partial<Record<Field, string>>;

/** Issues keyed by their top-level field: 'bannedWords.2' and 'bannedWords[2]' both go to bannedWords. */
function errorsByField(issues: FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^body[.[]?/, '').split(/[.[]/)[0] as Field;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function toForm({ updatedAt: _updatedAt, ...kit }: BrandKitResponse): BrandKit {
  return kit;
}

/** Settings → Brand Kit: loads GET /api/user/brand-kit, saves with PUT. */
export function BrandKitCard() {
  const query = useBrandKit();
  if (query.isPending) {
    return (
      <Card>
        <InlineLoading message="Loading your brand kit..." />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <CircleAlert className="size-5 text-red-600" aria-hidden="true" />
          Your brand kit could not be loaded
        </p>
        <p className="text-sm text-slate-600">
          {failureMessage(query.error, 'Please try again in a moment.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  // Keyed by the save time: a save (or a reload) starts the form from what the server holds.
  return <BrandKitForm key={query.data.updatedAt ?? 'new'} saved={query.data} />;
}

function BrandKitForm({ saved }: { saved: BrandKitResponse }) {
  const id = useId();
  const field = (name: Field) => `${id}-${name}`;
  const [values, setValues] = useState<BrandKit>(() => toForm(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateBrandKit();

  const set = <K extends Field>(key: K, value: BrandKit[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    // The contract's own schema checks first; the server checks again (it is the authority).
    const parsed = brandKitSchema.safeParse(values);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      setErrors(errorsByField(issues));
      toast({
        title: 'Brand Kit Not Saved',
        description: issues[0]?.message ?? BRAND_KIT_SAVE_FAILED,
        variant: 'destructive',
      });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Brand Kit Saved', description: 'New posts are written and checked with it.' });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        setErrors(errorsByField(failureIssues(error)));
        toast({
          title: 'Brand Kit Not Saved',
          description: failureMessage(error, BRAND_KIT_SAVE_FAILED),
          variant: 'destructive',
        });
      },
    });
  };

  const errorId = (name: Field) => (errors[name] ? `${field(name)}-error` : undefined);
  const describedBy = (name: Field) => [`${field(name)}-hint`, errorId(name)].filter(Boolean).join(' ');

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-busy={update.isPending} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={field('brandName')}
            label="Brand name"
            hint="As your posts should name you."
            error={errors.brandName}
          >
            <Input
              id={field('brandName')}
              value={values.brandName}
              maxLength={100}
              placeholder="e.g. Sol Bistro"
              onChange={(event) => set('brandName', event.target.value)}
              aria-invalid={Boolean(errors.brandName) || undefined}
              aria-describedby={describedBy('brandName')}
            />
          </FormField>
          <FormField
            id={field('defaultTone')}
            label="Default tone"
            hint="Chosen for you in the Content Generator."
            error={errors.defaultTone}
          >
            <Select
              id={field('defaultTone')}
              value={values.defaultTone}
              onChange={(event) => set('defaultTone', event.target.value as Tone)}
              aria-describedby={describedBy('defaultTone')}
            >
              {tones.map((tone) => (
                <option key={tone} value={tone}>
                  {toneLabels[tone]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField
          id={field('voiceDescription')}
          label="Brand voice"
          hint="How your brand sounds, in a sentence or two."
          error={errors.voiceDescription}
        >
          <Textarea
            id={field('voiceDescription')}
            value={values.voiceDescription}
            maxLength={1000}
            rows={3}
            placeholder="e.g. Warm and neighbourly, proud of local produce, never pushy."
            onChange={(event) => set('voiceDescription', event.target.value)}
            aria-invalid={Boolean(errors.voiceDescription) || undefined}
            aria-describedby={describedBy('voiceDescription')}
          />
        </FormField>
        <FormField id={field('audience')} label="Audience" hint="Who you write for." error={errors.audience}>
          <Input
            id={field('audience')}
            value={values.audience}
            maxLength={300}
            placeholder="e.g. Local families and foodies"
            onChange={(event) => set('audience', event.target.value)}
            aria-invalid={Boolean(errors.audience) || undefined}
            aria-describedby={describedBy('audience')}
          />
        </FormField>
        <FormField
          id={field('keywords')}
          label="Keywords"
          hint="Words the writer works in where they fit. Press Enter or a comma after each."
          error={errors.keywords}
        >
          <TagInput
            id={field('keywords')}
            value={values.keywords}
            onChange={(tags) => set('keywords', tags)}
            normalize={(raw) => raw.trim().slice(0, 60)}
            maxTags={30}
            placeholder="Add a keyword"
            invalid={Boolean(errors.keywords)}
            aria-describedby={describedBy('keywords')}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={field('bannedWords')}
            label="Banned words"
            hint="Never written; a post that contains one is flagged."
            error={errors.bannedWords}
          >
            <TagInput
              id={field('bannedWords')}
              value={values.bannedWords}
              onChange={(tags) => set('bannedWords', tags)}
              normalize={(raw) => raw.trim().slice(0, 60)}
              maxTags={50}
              placeholder="Add a word"
              invalid={Boolean(errors.bannedWords)}
              aria-describedby={describedBy('bannedWords')}
            />
          </FormField>
          <FormField
            id={field('requiredHashtags')}
            label="Required hashtags"
            hint="Added to every post; a post without one is flagged."
            error={errors.requiredHashtags}
          >
            <TagInput
              id={field('requiredHashtags')}
              value={values.requiredHashtags}
              onChange={(tags) => set('requiredHashtags', tags)}
              normalize={normalizeHashtag}
              prefix="#"
              splitOnSpace
              maxTags={10}
              placeholder="Add a hashtag"
              invalid={Boolean(errors.requiredHashtags)}
              aria-describedby={describedBy('requiredHashtags')}
            />
          </FormField>
        </div>
        <fieldset className="grid gap-2" aria-describedby={errorId('emojiPolicy')}>
          <legend className="text-sm font-medium text-slate-800">Emoji</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {emojiPolicies.map((policy) => (
              <label
                key={policy}
                className={cn(
                  'flex cursor-pointer gap-2.5 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
                  values.emojiPolicy === policy
                    ? 'border-indigo-500 bg-indigo-50/60'
                    : 'border-slate-300 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={field('emojiPolicy')}
                  value={policy}
                  checked={values.emojiPolicy === policy}
                  onChange={() => set('emojiPolicy', policy)}
                  className="mt-0.5 size-4 accent-indigo-600"
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium text-slate-900">{emojiLabels[policy].label}</span>
                  <span className="text-xs text-slate-600">{emojiLabels[policy].hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.emojiPolicy ? (
            <p id={errorId('emojiPolicy')} className="text-xs font-medium text-red-700">
              {errors.emojiPolicy}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">
            {saved.updatedAt
              ? `Last saved on ${formatDate(saved.updatedAt)}.`
              : 'Not saved yet: these are the defaults.'}
          </p>
          <Button type="submit" disabled={update.isPending} className="self-start sm:self-auto">
            {update.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {update.isPending ? 'Saving...' : 'Save brand kit'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

interface FormFieldProps {
  id: string;
  label: string;
  hint: string;
  error?: string;
  children: ReactNode;
}

/** A label, the control, its hint and (after a refused save) what is wrong with it. */
function FormField({ id, label, hint, error, children }: FormFieldProps) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
