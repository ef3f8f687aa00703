import { ImagePlus, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { type AiImageResponse, aiImageBody, MAX_IMAGE_PROMPT } from '../../../contracts/ai-images';
import {
  type GraphicTemplate,
  graphicTemplates,
  imageAspectFor,
  imageAspects,
} from '../../../contracts/ai-studio';
import type { Media } from '../../../contracts/media';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { DialogActions } from '../../components/ui/dialog-actions';
import { describedBy, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../lib/form-issues';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage } from '../billing/plan-limit';
import { useCreateImage } from './api/create-image';
import { useAiCapabilities } from './api/get-capabilities';
import { SandboxBadge } from './sandbox-badge';

const templateLabels: Record<GraphicTemplate, string> = {
  quote: 'Quote',
  announcement: 'Announcement',
  offer: 'Offer',
  event: 'Event',
};

const FAILED = 'The image could not be made. Please try again in a moment.';

export interface CreateImageDialogProps {
  open: boolean;
  onClose: () => void;
  /** What to picture: an idea's image prompt, or the post's text. */
  prompt: string;
  /** The post the image is for (a graphic's headline comes from its first sentence). */
  postText?: string;
  /** The network it is for: its best ratio is the default. */
  platform?: PublishingPlatform;
  /** A draft to attach the image to on the server. */
  postId?: string;
  /** The image is made (and in the library); the caller attaches it or refreshes its lists. */
  onCreated: (media: Media) => void;
  /** The last button's words: 'Attach to post', 'Done'. */
  doneLabel?: string;
}

/**
 * "Create image" (issue 30): an AI image from a prompt, or a branded graphic in the brand kit's
 * colours, logo and font; previewed, then attached or left in the media library.
 */
export default function CreateImageDialog(props: CreateImageDialogProps) {
  const { open, onClose } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="sm:max-w-xl">{open ? <CreateImageBody {...props} /> : null}</DialogContent>
    </Dialog>
  );
}

/** The form waits for the capabilities: which kinds are on offer depends on them. */
function CreateImageBody(props: CreateImageDialogProps) {
  const capabilities = useAiCapabilities();
  if (!capabilities.data) {
    return (
      <DialogHeader>
        <DialogTitle>Create image</DialogTitle>
        <DialogDescription>{capabilities.isError ? FAILED : 'Loading…'}</DialogDescription>
      </DialogHeader>
    );
  }
  return (
    <CreateImageForm
      {...props}
      imagesSandbox={capabilities.data.images.sandbox}
      allowance={capabilities.data.imagesPerMonth}
    />
  );
}

function CreateImageForm({
  onClose,
  prompt,
  postText,
  platform,
  postId,
  imagesSandbox,
  allowance,
  onCreated,
  doneLabel = 'Done',
}: CreateImageDialogProps & {
  /** The offline renderer makes the images: only branded graphics are on offer. */
  imagesSandbox: boolean;
  /** AI images a month on the plan; null for no limit. */
  allowance: number | null;
}) {
  const id = useId();
  const create = useCreateImage();
  const [made, setMade] = useState<AiImageResponse | null>(null);
  const [problem, setProblem] = useState<{ message: string; upgrade: boolean } | null>(null);
  const form = useContractForm(aiImageBody, {
    defaultValues: {
      prompt: prompt.trim().slice(0, MAX_IMAGE_PROMPT),
      kind: imagesSandbox ? 'graphic' : 'auto',
      aspectRatio: imageAspectFor(platform),
      template: undefined,
      headline: '',
      details: '',
    },
  });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const optional = (value: unknown) => (value === '' ? undefined : value);

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    create.mutate(
      {
        ...values,
        headline: values.headline || undefined,
        details: values.details || undefined,
        platform,
        postText: postText?.trim() ? postText.slice(0, 5000) : undefined,
        postId,
      },
      {
        onSuccess: (answer) => setMade(answer),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          if (setServerIssues(error, form.setError, ['prompt', 'headline', 'details'])) return;
          const limit = planLimitMessage(error);
          setProblem({ message: limit ?? failureMessage(error, FAILED), upgrade: limit !== null });
        },
      },
    );
  });

  const left = made ? made.imagesLeft : undefined;

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Create image</DialogTitle>
        <DialogDescription>
          {imagesSandbox
            ? 'No AI image service is connected: Kitepost makes a branded graphic in your brand kit’s colours, logo and font.'
            : 'An AI image from your description, or a branded graphic in your brand kit’s colours, logo and font.'}
        </DialogDescription>
      </DialogHeader>

      {made ? (
        <div className="grid gap-3">
          <figure className="grid gap-2">
            <img
              src={made.media.url}
              alt={made.media.prompt ? `Made from: ${made.media.prompt}` : 'The new image'}
              width={made.media.width}
              height={made.media.height}
              className="mx-auto max-h-[50vh] w-auto rounded-lg border border-slate-200 bg-slate-50 object-contain"
            />
            <figcaption className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              {made.generator.sandbox ? <SandboxBadge /> : null}
              <span>
                {made.media.width} × {made.media.height}, saved to your media library.
                {left !== null && left !== undefined ? ` ${imagesLeftText(left)}` : ''}
              </span>
            </figcaption>
          </figure>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setMade(null)}>
              <RotateCcw aria-hidden="true" />
              Make another
            </Button>
            <Button
              onClick={() => {
                onCreated(made.media);
                onClose();
              }}
            >
              {doneLabel}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          aria-busy={create.isPending}
          onSubmit={(event) => {
            // Opened from the composer, this form sits inside the composer's form in React's tree
            // (the dialog is a portal): its submit must not reach the composer's and schedule.
            event.stopPropagation();
            void submit(event);
          }}
        >
          {imagesSandbox ? null : (
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium text-slate-900">Kind</legend>
              <div className="flex flex-wrap gap-4 text-sm text-slate-800">
                <label className="flex items-center gap-2">
                  <input type="radio" value="auto" {...form.register('kind')} />
                  AI image
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" value="graphic" {...form.register('kind')} />
                  Branded graphic
                </label>
              </div>
            </fieldset>
          )}
          <FormField
            id={`${id}-prompt`}
            label={kind === 'graphic' ? 'Text or idea' : 'Describe the image'}
            hint={kind === 'graphic' ? 'Used when you give no headline.' : undefined}
            error={fieldMessage(errors.prompt)}
          >
            <Textarea
              id={`${id}-prompt`}
              rows={3}
              maxLength={MAX_IMAGE_PROMPT}
              aria-invalid={errors.prompt ? true : undefined}
              aria-describedby={describedBy(`${id}-prompt`, {
                hint: kind === 'graphic',
                error: fieldMessage(errors.prompt),
              })}
              {...form.field('prompt')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {kind === 'graphic' ? (
              <FormField id={`${id}-template`} label="Template">
                <Select id={`${id}-template`} {...form.register('template', { setValueAs: optional })}>
                  <option value="">Pick from the text</option>
                  {graphicTemplates.map((template) => (
                    <option key={template} value={template}>
                      {templateLabels[template]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
            <FormField id={`${id}-ratio`} label="Shape">
              <Select id={`${id}-ratio`} {...form.register('aspectRatio')}>
                {Object.entries(imageAspects).map(([ratio, size]) => (
                  <option key={ratio} value={ratio}>
                    {ratio} ({size.width} × {size.height})
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          {kind === 'graphic' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={`${id}-headline`} label="Headline" error={fieldMessage(errors.headline)}>
                <Input id={`${id}-headline`} maxLength={120} {...form.field('headline')} />
              </FormField>
              <FormField id={`${id}-details`} label="Details" error={fieldMessage(errors.details)}>
                <Input id={`${id}-details`} maxLength={240} {...form.field('details')} />
              </FormField>
            </div>
          ) : null}
          <p className="text-xs text-slate-600">
            {allowance === null
              ? 'Your plan has no monthly limit on AI images.'
              : `Your plan includes ${allowance} AI images a month.`}
          </p>
          {problem?.upgrade ? <UpgradePrompt message={problem.message} /> : null}
          {problem && !problem.upgrade ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem.message}
            </p>
          ) : null}
          <DialogActions
            pending={create.isPending}
            label="Create image"
            pendingLabel="Creating…"
            icon={ImagePlus}
          />
        </form>
      )}
    </div>
  );
}

function imagesLeftText(left: number): string {
  return left === 1 ? '1 AI image left this month.' : `${left} AI images left this month.`;
}
