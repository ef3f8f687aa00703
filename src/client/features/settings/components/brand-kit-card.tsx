import { LoaderCircle, Lock, Save } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import {
  type BrandKit,
  type BrandKitResponse,
  brandKit as brandKitSchema,
  type EmojiPolicy,
  emojiPolicies,
} from '../../../../contracts/brand-kit';
import { tones } from '../../../../contracts/content-options';
import { InlineLoading } from '../../../components/full-page-message';
import { LibraryImagePicker } from '../../../components/library-image-picker';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { TagInput, type TagInputProps } from '../../../components/ui/tag-input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toneLabels } from '../../../lib/content-labels';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { normalizeHashtag } from '../../../lib/hashtags';
import { formatDate } from '../../auth/session-info';
import { useCan } from '../../auth/use-permission';
import { useBrandKit } from '../api/get-brand-kit';
import { useUpdateBrandKit } from '../api/update-brand-kit';
import { GraphicFontField, LearnFromResultsField } from './brand-kit-ai-fields';

export const BRAND_KIT_SAVE_FAILED = 'The brand kit could not be saved. Please try again.';

const emojiLabels: Record<EmojiPolicy, { label: string; hint: string }> = {
  none: { label: 'None', hint: 'No emoji in posts.' },
  sparing: { label: 'Sparing', hint: 'At most one, where it helps.' },
  liberal: { label: 'Liberal', hint: 'Playful, emoji welcome.' },
};

type Field = keyof BrandKit;
const fields = Object.keys(brandKitSchema.shape) as Field[];

type TagField = 'keywords' | 'bannedWords' | 'requiredHashtags';
const trimTag = (raw: string) => raw.trim().slice(0, 60);

/** The brand kit's lists of tags: what each asks for and how its tags are read. */
const tagFields: Record<
  TagField,
  Pick<TagInputProps, 'normalize' | 'prefix' | 'splitOnSpace' | 'maxTags' | 'placeholder'> & {
    label: string;
    hint: string;
  }
> = {
  keywords: {
    label: 'Keywords',
    hint: 'Words the writer works in where they fit. Press Enter or a comma after each.',
    normalize: trimTag,
    maxTags: 30,
    placeholder: 'Add a keyword',
  },
  bannedWords: {
    label: 'Banned words',
    hint: 'Never written; a post that contains one is flagged.',
    normalize: trimTag,
    maxTags: 50,
    placeholder: 'Add a word',
  },
  requiredHashtags: {
    label: 'Required hashtags',
    hint: 'Added to every post; a post without one is flagged.',
    normalize: normalizeHashtag,
    prefix: '#',
    splitOnSpace: true,
    maxTags: 10,
    placeholder: 'Add a hashtag',
  },
};

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
    return <QueryFailureCard title="Your brand kit could not be loaded" query={query} />;
  }
  // Keyed by the save time: a save (or a reload) starts the form from what the server holds.
  return <BrandKitForm key={query.data.updatedAt ?? 'new'} saved={query.data} />;
}

function BrandKitForm({ saved }: { saved: BrandKitResponse }) {
  const id = useId();
  const field = (name: Field) => `${id}-${name}`;
  // The contract's own schema checks first; the server checks again (it is the authority).
  const form = useContractForm(brandKitSchema, { defaultValues: toForm(saved), shouldFocusError: false });
  const values = form.watch();
  const errors = Object.fromEntries(
    fields.map((name) => [name, fieldMessage(form.formState.errors[name])]),
  ) as Partial<Record<Field, string>>;
  const update = useUpdateBrandKit();
  // The server refuses the save to other roles (403); the form says so before anyone types.
  const mayEdit = useCan('brand.manage');

  const notSaved = (description: string) =>
    toast({ title: 'Brand Kit Not Saved', description, variant: 'destructive' });

  const submit = form.handleSubmit(
    (kit) => {
      if (update.isPending) return;
      update.mutate(kit, {
        onSuccess: () => {
          toast({ title: 'Brand Kit Saved', description: 'New posts are written and checked with it.' });
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          setServerIssues(error, form.setError, fields);
          notSaved(failureMessage(error, BRAND_KIT_SAVE_FAILED));
        },
      });
    },
    (found) => notSaved(fieldMessage(found) ?? BRAND_KIT_SAVE_FAILED),
  );

  const errorId = (name: Field) => (errors[name] ? `${field(name)}-error` : undefined);
  const describedBy = (name: Field) => [`${field(name)}-hint`, errorId(name)].filter(Boolean).join(' ');
  /** A field's label, hint and error around its control. */
  const framed = (name: Field, label: string, hint: string, control: ReactNode) => (
    <FormField id={field(name)} label={label} hint={hint} error={errors[name]}>
      {control}
    </FormField>
  );
  /** A text control's id, value and ARIA links. */
  const textProps = (name: 'brandName' | 'voiceDescription' | 'audience' | 'description') => ({
    id: field(name),
    ...form.field(name),
    'aria-invalid': Boolean(errors[name]) || undefined,
    'aria-describedby': describedBy(name),
  });
  /** A colour picker and its hex text, one value (`#rrggbb`, or null for the page's default). */
  const colourField = (name: 'primaryColour' | 'accentColour', label: string, hint: string) => {
    const value = values[name] ?? '';
    const valid = /^#[0-9a-fA-F]{6}$/.test(value);
    return framed(
      name,
      label,
      hint,
      <div className="flex min-w-0 items-center gap-2">
        <input
          type="color"
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => form.setField(name, event.target.value)}
          aria-label={`${label}: pick`}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <Input
          id={field(name)}
          value={value}
          onChange={(event) => form.setField(name, event.target.value.trim() || null)}
          placeholder="#1d4ed8"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 font-mono"
          aria-invalid={Boolean(errors[name]) || undefined}
          aria-describedby={describedBy(name)}
        />
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => form.setField(name, null)}>
            Clear<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>,
    );
  };
  const tagField = (name: TagField) => {
    const { label, hint, ...tags } = tagFields[name];
    return framed(
      name,
      label,
      hint,
      <TagInput
        id={field(name)}
        value={values[name]}
        onChange={(next) => form.setField(name, next)}
        {...tags}
        invalid={Boolean(errors[name])}
        aria-describedby={describedBy(name)}
      />,
    );
  };

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-busy={update.isPending} className="grid gap-5">
        {mayEdit ? null : (
          <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
            <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            Only the workspace's owner and admins can change the brand kit. Every post written here follows
            it.
          </p>
        )}
        {/* A disabled fieldset disables every control in it, tag inputs and radios included. */}
        <fieldset disabled={!mayEdit} className="grid min-w-0 gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            {framed(
              'brandName',
              'Brand name',
              'As your posts should name you.',
              <Input maxLength={100} placeholder="e.g. Sol Bistro" {...textProps('brandName')} />,
            )}
            {framed(
              'defaultTone',
              'Default tone',
              'The Content Generator starts on it while your own default tone (Content defaults) is Professional.',
              <Select
                id={field('defaultTone')}
                {...form.field('defaultTone')}
                aria-describedby={describedBy('defaultTone')}
              >
                {tones.map((tone) => (
                  <option key={tone} value={tone}>
                    {toneLabels[tone]}
                  </option>
                ))}
              </Select>,
            )}
          </div>
          {framed(
            'voiceDescription',
            'Brand voice',
            'How your brand sounds, in a sentence or two.',
            <Textarea
              maxLength={1000}
              rows={3}
              placeholder="e.g. Warm and neighbourly, proud of local produce, never pushy."
              {...textProps('voiceDescription')}
            />,
          )}
          {framed(
            'audience',
            'Audience',
            'Who you write for.',
            <Input
              maxLength={300}
              placeholder="e.g. Local families and foodies"
              {...textProps('audience')}
            />,
          )}
          {tagField('keywords')}
          <div className="grid gap-5 sm:grid-cols-2">
            {tagField('bannedWords')}
            {tagField('requiredHashtags')}
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
                    value={policy}
                    {...form.field('emojiPolicy')}
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
          <LearnFromResultsField
            id={field('learnFromResults')}
            checked={values.learnFromResults ?? true}
            onChange={(on) => form.setField('learnFromResults', on)}
          />
          <fieldset className="grid min-w-0 gap-5 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Public look</legend>
            <p className="-mt-2 text-sm text-slate-600">
              Your bio page (Link in Bio) shows these to visitors, with your brand name. Branded graphics use
              them too.
            </p>
            {framed(
              'logoMediaId',
              'Logo',
              'A square image from your media library looks best.',
              <LibraryImagePicker
                id={field('logoMediaId')}
                purpose="logo"
                value={values.logoMediaId ?? null}
                onChange={(next) => form.setField('logoMediaId', next)}
                describedBy={describedBy('logoMediaId')}
              />,
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              {colourField('primaryColour', 'Brand colour', 'The buttons of your bio page.')}
              {colourField(
                'accentColour',
                'Accent colour',
                'Blended with the brand colour in the page’s header.',
              )}
            </div>
            <GraphicFontField
              name={field('graphicFont')}
              value={values.graphicFont ?? 'sans'}
              onChange={(font) => form.setField('graphicFont', font)}
              brandName={values.brandName}
              error={errors.graphicFont}
            />
            {framed(
              'description',
              'Public description',
              'A sentence about you, shown on your bio page and in its link previews (up to 300 characters).',
              <Textarea
                maxLength={300}
                rows={2}
                placeholder="e.g. Neighbourhood bistro in Leeds. Open Tuesday to Sunday."
                {...textProps('description')}
              />,
            )}
          </fieldset>
        </fieldset>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">
            {saved.updatedAt
              ? `Last saved on ${formatDate(saved.updatedAt)}.`
              : 'Not saved yet: these are the defaults.'}
          </p>
          {mayEdit ? (
            <Button type="submit" disabled={update.isPending} className="self-start sm:self-auto">
              {update.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Save aria-hidden="true" />
              )}
              {update.isPending ? 'Saving...' : 'Save brand kit'}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
