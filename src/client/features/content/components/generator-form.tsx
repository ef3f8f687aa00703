import { LoaderCircle, Sparkles } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import {
  type BusinessType,
  businessTypes,
  type ContentType,
  contentTypes,
  type Tone,
  tones,
} from '../../../../contracts/content-options';
import type { GenerationRequestInput } from '../../../../contracts/generation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { businessTypeLabels, contentTypeLabels, toneLabels } from '../../../lib/content-labels';

export interface GeneratorFormValues {
  /** '' until chosen: the server then writes for 'other'. */
  businessType: BusinessType | '';
  targetAudience: string;
  campaignDescription: string;
  contentType: ContentType;
  tone: Tone;
}

export const initialFormValues: GeneratorFormValues = {
  businessType: '',
  targetAudience: '',
  campaignDescription: '',
  contentType: 'promotional',
  tone: 'professional',
};

/** The spec's generation request (§3); no field is required (§5). */
export function toGenerationRequest(values: GeneratorFormValues): GenerationRequestInput {
  const { businessType, ...rest } = values;
  return businessType ? { businessType, ...rest } : rest;
}

interface GeneratorFormProps {
  values: GeneratorFormValues;
  onChange: (values: GeneratorFormValues) => void;
  /** Called when the user picks a tone (so a brand kit default no longer overrides it). */
  onToneChosen?: () => void;
  onSubmit: () => void;
  pending: boolean;
  /** A line under the title, e.g. where the tone came from. */
  hint?: string;
}

/** The business form (spec §2): business type, audience, campaign, content type and tone. */
export function GeneratorForm({
  values,
  onChange,
  onToneChosen,
  onSubmit,
  pending,
  hint,
}: GeneratorFormProps) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const set = <K extends keyof GeneratorFormValues>(key: K, value: GeneratorFormValues[K]) =>
    onChange({ ...values, [key]: value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} aria-labelledby={field('title')} aria-busy={pending}>
        <h2 id={field('title')} className="text-lg font-semibold text-slate-900">
          Your business
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          {hint ?? 'Tell Kitepost about your business and campaign; it writes posts for each platform.'}
        </p>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <ChoiceField
            id={field('business-type')}
            label="Business type"
            value={values.businessType}
            empty="Choose a business type"
            choices={businessTypes}
            labels={businessTypeLabels}
            onChange={(value) => set('businessType', value)}
          />
          <div className="grid content-start gap-1.5">
            <Label htmlFor={field('audience')}>Target audience</Label>
            <Input
              id={field('audience')}
              value={values.targetAudience}
              maxLength={300}
              placeholder="e.g. Local families and foodies"
              onChange={(event) => set('targetAudience', event.target.value)}
            />
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={field('campaign')}>Campaign description</Label>
            <Textarea
              id={field('campaign')}
              value={values.campaignDescription}
              maxLength={2000}
              rows={3}
              placeholder="e.g. Launch our new weekend brunch menu and fill tables before the holidays."
              onChange={(event) => set('campaignDescription', event.target.value)}
            />
          </div>
          <ChoiceField
            id={field('content-type')}
            label="Content type"
            value={values.contentType}
            choices={contentTypes}
            labels={contentTypeLabels}
            onChange={(value) => set('contentType', value)}
          />
          <ChoiceField
            id={field('tone')}
            label="Tone"
            value={values.tone}
            choices={tones}
            labels={toneLabels}
            onChange={(value) => {
              onToneChosen?.();
              set('tone', value);
            }}
          />
        </div>
        <Button type="submit" className="mt-6 w-full sm:w-auto" disabled={pending}>
          {pending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {pending ? 'Generating...' : 'Generate Content Ideas'}
        </Button>
      </form>
    </Card>
  );
}

/** One of the form's selects: a labelled choice among the contract's values, `empty` first if given. */
function ChoiceField<T extends string>({
  id,
  label,
  value,
  empty,
  choices,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  /** The choice of nothing ('' as the value), e.g. 'Choose a business type'. */
  empty?: string;
  choices: readonly Exclude<T, ''>[];
  labels: Record<Exclude<T, ''>, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </Select>
    </div>
  );
}
