import { ExternalLink, LoaderCircle, Lock, Plus, Save } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { type BioPage, MAX_BIO_LINKS } from '../../../../contracts/links';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, useContractForm } from '../../../lib/form-issues';
import { zoneLabel } from '../../time-zone/time-zones';
import { useSaveBioPage } from '../api/save-bio-page';
import {
  type BioPageFormInput,
  type BioPageFormOutput,
  bioPageForm,
  emptyBioLink,
  isLinkLive,
  toBioBody,
  toBioForm,
} from '../bio-form';
import { BioLinkFields } from './bio-link-fields';

const SAVE_FAILED = 'The page could not be saved. Please try again.';
type TopField = 'slug' | 'title' | 'description' | 'showPosts' | 'links';
const topFields: readonly TopField[] = ['slug', 'title', 'description', 'showPosts', 'links'];
const linkFields = ['title', 'url', 'thumbnailMediaId', 'startsAt', 'endsAt'] as const;

interface BioPageEditorProps {
  saved: BioPage | null;
  brandName: string;
  zone: string;
  /** Where the app (and so the page) is served: `<origin>/@<slug>`. */
  origin: string;
  mayEdit: boolean;
  /** The live preview of what is typed (the form's values, as typed). */
  renderPreview: (values: BioPageFormInput) => ReactNode;
}

/**
 * The bio page's form: address, title, description, the posts grid, and its links (each with a
 * title, an address, a thumbnail, a schedule, moved up and down). Saves with PUT /api/bio-page;
 * the server's refusals (a taken address: 409) land under their field.
 */
export function BioPageEditor({
  saved,
  brandName,
  zone,
  origin,
  mayEdit,
  renderPreview,
}: BioPageEditorProps) {
  const id = useId();
  const form = useContractForm(bioPageForm, {
    defaultValues: toBioForm(saved, zone, brandName),
    shouldFocusError: true,
  });
  const links = useFieldArray({ control: form.control, name: 'links', keyName: 'key' });
  const values = form.watch();
  const errors = form.formState.errors;
  const save = useSaveBioPage();
  const now = Date.now();

  const placeServerIssues = (failure: unknown): number => {
    let placed = 0;
    for (const issue of failureIssues(failure)) {
      const parts = issue.path
        .replace(/^body[.[]?/, '')
        .split(/[.[\]]+/)
        .filter(Boolean);
      const [top, index, field] = parts;
      if (top === 'links' && index !== undefined && /^\d+$/.test(index)) {
        const name = linkFields.find((known) => known === field);
        if (!name) continue;
        form.setError(`links.${Number(index)}.${name}`, { type: 'server', message: issue.message });
        placed += 1;
      } else if (top && (topFields as readonly string[]).includes(top)) {
        form.setError(top as TopField, { type: 'server', message: issue.message });
        placed += 1;
      }
    }
    return placed;
  };

  const submit = form.handleSubmit(
    (checked: BioPageFormOutput) => {
      if (save.isPending) return;
      save.mutate(toBioBody(checked, zone), {
        onSuccess: (page) => toast({ title: 'Page saved', description: `Your page is live at ${page.url}.` }),
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          const message = failureMessage(failure, SAVE_FAILED);
          if (failure instanceof ApiError && failure.status === 409) {
            form.setError('slug', { type: 'server', message }, { shouldFocus: true });
            return;
          }
          if (placeServerIssues(failure) === 0) form.setError('root', { type: 'server', message });
        },
      });
    },
    (found) =>
      toast({
        title: 'Page not saved',
        description: fieldMessage(found) ?? SAVE_FAILED,
        variant: 'destructive',
      }),
  );

  const fieldId = (name: string) => `${id}-${name}`;
  const slugError = fieldMessage(errors.slug);
  const titleError = fieldMessage(errors.title);
  const descriptionError = fieldMessage(errors.description);
  const linksError = errors.links?.root?.message ?? errors.links?.message;
  const zoneText = zoneLabel(zone);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_390px]">
      <Card className="min-w-0 p-5 sm:p-6">
        <form onSubmit={submit} noValidate aria-busy={save.isPending} className="grid grid-cols-1 gap-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">Your bio page</h2>
              <p className="text-sm text-slate-600">
                One address for your profiles: your links, your latest posts, your brand’s look.
              </p>
            </div>
            {saved ? (
              <a
                href={saved.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('outline', 'sm')}
              >
                <ExternalLink aria-hidden="true" />
                View page
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
          {mayEdit ? null : (
            <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
              <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              Only the workspace’s owner and admins can change the bio page.
            </p>
          )}
          <fieldset disabled={!mayEdit} className="grid min-w-0 grid-cols-1 gap-5">
            <FormField
              id={fieldId('slug')}
              label="Address"
              hint="3–30 lowercase letters, digits or hyphens."
              error={slugError}
              required
            >
              <div className="flex min-w-0 items-stretch">
                <span
                  className="flex max-w-[60%] min-w-0 shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
                  title={`${origin}/@`}
                >
                  <span className="truncate">{`${origin.replace(/^https?:\/\//, '')}/`}</span>
                  <span>@</span>
                </span>
                <Input
                  id={fieldId('slug')}
                  className="min-w-0 flex-1 rounded-l-none"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={30}
                  placeholder="your-shop"
                  {...form.field('slug')}
                  aria-invalid={slugError ? true : undefined}
                  aria-describedby={describedBy(fieldId('slug'), { error: slugError })}
                />
              </div>
            </FormField>
            <FormField id={fieldId('title')} label="Title" error={titleError} required>
              <Input
                id={fieldId('title')}
                maxLength={100}
                placeholder="e.g. Sol Bistro"
                {...form.field('title')}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={describedBy(fieldId('title'), { hint: false, error: titleError })}
              />
            </FormField>
            <FormField
              id={fieldId('description')}
              label="Description"
              hint="A line or two under the title (up to 300 characters)."
              error={descriptionError}
            >
              <Textarea
                id={fieldId('description')}
                rows={2}
                maxLength={300}
                {...form.field('description')}
                aria-invalid={descriptionError ? true : undefined}
                aria-describedby={describedBy(fieldId('description'), { error: descriptionError })}
              />
            </FormField>
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                {...form.field('showPosts')}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-slate-900">Show my latest posts</span>
                <span className="text-sm text-slate-600">
                  A grid of your 12 latest published posts, each opening its link.
                </span>
              </span>
            </label>
            <section className="grid min-w-0 grid-cols-1 gap-3" aria-labelledby={fieldId('links-heading')}>
              <div className="flex items-baseline justify-between gap-2">
                <h3 id={fieldId('links-heading')} className="text-base font-semibold text-slate-900">
                  Links
                </h3>
                <span className="text-xs text-slate-600">
                  {links.fields.length} of {MAX_BIO_LINKS}
                </span>
              </div>
              {links.fields.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
                  No links yet. Add your shop, your menu, a booking page…
                </p>
              ) : (
                <ol className="grid grid-cols-1 gap-3">
                  {links.fields.map((field, index) => (
                    <BioLinkFields
                      key={field.key}
                      id={fieldId(`link-${field.key}`)}
                      index={index}
                      count={links.fields.length}
                      form={form}
                      live={isLinkLive(values.links[index] ?? field, zone, now)}
                      zoneLabel={zoneText}
                      onMove={(to) => links.move(index, to)}
                      onRemove={() => links.remove(index)}
                    />
                  ))}
                </ol>
              )}
              {linksError ? <p className="text-xs font-medium text-red-700">{linksError}</p> : null}
              {links.fields.length < MAX_BIO_LINKS ? (
                <Button
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => links.append(emptyBioLink(), { shouldFocus: true })}
                >
                  <Plus aria-hidden="true" />
                  Add link
                </Button>
              ) : null}
            </section>
          </fieldset>
          {errors.root?.message ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {errors.root.message}
            </p>
          ) : null}
          {mayEdit ? (
            <div className="flex justify-end border-t border-slate-100 pt-5">
              <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
                {save.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Save aria-hidden="true" />
                )}
                {save.isPending ? 'Saving…' : 'Save page'}
              </Button>
            </div>
          ) : null}
        </form>
      </Card>
      <section aria-label="Preview" className="grid justify-items-center gap-2 lg:sticky lg:top-6">
        <h2 className="text-sm font-medium text-slate-700">Preview at phone width</h2>
        {renderPreview(values)}
      </section>
    </div>
  );
}
