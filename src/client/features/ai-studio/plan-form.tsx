import { CalendarRange, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { type PlanBody, type PlanBodyInput, planBody } from '../../../contracts/ai-plan';
import { businessTypes, tones } from '../../../contracts/content-options';
import { platformLabels, publishingPlatforms } from '../../../contracts/platforms';
import type { SocialAccount } from '../../../contracts/social-accounts';
import { Button } from '../../components/ui/button';
import { describedBy, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { businessTypeLabels, toneLabels } from '../../lib/content-labels';
import { fieldMessage, useContractForm } from '../../lib/form-issues';
import { addDays, dateInZone, formatDay } from './plan-dates';

interface PlanFormProps {
  zone: string;
  accounts: SocialAccount[];
  pending: boolean;
  onSubmit: (body: PlanBody) => void;
}

const optional = (value: unknown) => (value === '' ? undefined : value);

/** The brief "Plan a month" writes from: the goal, the networks and how often, and the dates. */
export function PlanForm({ zone, accounts, pending, onSubmit }: PlanFormProps) {
  const id = useId();
  const today = dateInZone(zone);
  const first = accounts[0];
  const form = useContractForm(planBody, {
    defaultValues: {
      goal: '',
      audience: '',
      networks: [
        first
          ? { platform: first.platform, accountId: first.id, postsPerWeek: 3 }
          : { platform: 'linkedin', postsPerWeek: 3 },
      ],
      weeks: 4,
      startsOn: addDays(today, 1),
      offers: [],
      dates: [],
      skipDates: [],
    } satisfies PlanBodyInput,
  });
  const errors = form.formState.errors;
  const networks = useFieldArray({ control: form.control, name: 'networks' });
  const offers = useFieldArray({ control: form.control, name: 'offers' });
  const dates = useFieldArray({ control: form.control, name: 'dates' });
  const values = form.watch();
  const skipDates = values.skipDates ?? [];
  const [skipDraft, setSkipDraft] = useState('');
  const total =
    (values.networks ?? []).reduce((sum, network) => sum + (Number(network.postsPerWeek) || 0), 0) *
    (Number(values.weeks) || 0);

  return (
    <form
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      noValidate
      aria-busy={pending}
      onSubmit={form.handleSubmit((body) => onSubmit(body))}
    >
      <FormField
        id={`${id}-goal`}
        label="What should the month achieve?"
        required
        error={fieldMessage(errors.goal)}
      >
        <Textarea
          id={`${id}-goal`}
          rows={3}
          maxLength={500}
          placeholder="Fill the new winter classes and grow the newsletter"
          aria-required="true"
          aria-invalid={errors.goal ? true : undefined}
          aria-describedby={describedBy(`${id}-goal`, { hint: false, error: fieldMessage(errors.goal) })}
          {...form.field('goal')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-audience`} label="Audience">
          <Input
            id={`${id}-audience`}
            maxLength={300}
            placeholder="Parents nearby"
            {...form.field('audience')}
          />
        </FormField>
        <FormField id={`${id}-business`} label="Business">
          <Select id={`${id}-business`} {...form.register('businessType', { setValueAs: optional })}>
            <option value="">From your brand kit</option>
            {businessTypes.map((type) => (
              <option key={type} value={type}>
                {businessTypeLabels[type]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={`${id}-tone`} label="Tone">
          <Select id={`${id}-tone`} {...form.register('tone', { setValueAs: optional })}>
            <option value="">From your brand kit</option>
            {tones.map((tone) => (
              <option key={tone} value={tone}>
                {toneLabels[tone]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Networks and posts per week</legend>
        {networks.fields.map((row, index) => {
          const network = values.networks?.[index];
          const choice = network?.accountId
            ? `account:${network.accountId}`
            : `platform:${network?.platform}`;
          return (
            <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-network-${index}`} className="text-xs text-slate-600">
                  Account
                </Label>
                <Select
                  id={`${id}-network-${index}`}
                  value={choice}
                  onChange={(event) => {
                    const [kind, value] = event.target.value.split(/:(.*)/s) as [string, string];
                    const account = accounts.find((item) => item.id === value);
                    form.setField(`networks.${index}`, {
                      platform: kind === 'account' && account ? account.platform : (value as never),
                      accountId: kind === 'account' ? value : undefined,
                      postsPerWeek: network?.postsPerWeek ?? 3,
                    });
                  }}
                >
                  {accounts.map((account) => (
                    <option key={account.id} value={`account:${account.id}`}>
                      {platformLabels[account.platform]} · @{account.username}
                    </option>
                  ))}
                  {publishingPlatforms
                    .filter((platform) => !accounts.some((account) => account.platform === platform))
                    .map((platform) => (
                      <option key={platform} value={`platform:${platform}`}>
                        {platformLabels[platform]} (no account yet)
                      </option>
                    ))}
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-per-week-${index}`} className="text-xs text-slate-600">
                  Per week
                </Label>
                <Input
                  id={`${id}-per-week-${index}`}
                  type="number"
                  min={1}
                  max={14}
                  {...form.register(`networks.${index}.postsPerWeek`, { valueAsNumber: true })}
                />
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${platformLabels[network?.platform ?? 'linkedin']}`}
                disabled={networks.fields.length === 1}
                onClick={() => networks.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          );
        })}
        {fieldMessage(errors.networks) ? (
          <p className="text-xs font-medium text-red-700">{fieldMessage(errors.networks)}</p>
        ) : null}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={networks.fields.length >= 6}
            onClick={() => {
              const used = new Set((values.networks ?? []).map((network) => network.accountId));
              const next = accounts.find((account) => !used.has(account.id));
              networks.append(
                next
                  ? { platform: next.platform, accountId: next.id, postsPerWeek: 2 }
                  : { platform: 'facebook', postsPerWeek: 2 },
              );
            }}
          >
            <Plus aria-hidden="true" />
            Add a network
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-starts`} label="Start on" error={fieldMessage(errors.startsOn)}>
          <Input id={`${id}-starts`} type="date" min={today} {...form.field('startsOn')} />
        </FormField>
        <FormField id={`${id}-weeks`} label="Weeks" error={fieldMessage(errors.weeks)}>
          <Select id={`${id}-weeks`} {...form.register('weeks', { valueAsNumber: true })}>
            {[1, 2, 3, 4, 5].map((weeks) => (
              <option key={weeks} value={weeks}>
                {weeks === 1 ? '1 week' : `${weeks} weeks`}
              </option>
            ))}
          </Select>
        </FormField>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Offers</legend>
        {offers.fields.map((row, index) => (
          <div key={row.id} className="grid gap-2 rounded-lg border border-slate-200 p-2.5 sm:grid-cols-2">
            <Input
              aria-label={`Offer ${index + 1}`}
              placeholder="20% off winter classes"
              maxLength={120}
              {...form.field(`offers.${index}.title`)}
            />
            <Input
              aria-label={`Offer ${index + 1} details`}
              placeholder="Details"
              maxLength={300}
              {...form.field(`offers.${index}.details`)}
            />
            <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 sm:col-span-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-offer-${index}-from`} className="text-xs text-slate-600">
                  From
                </Label>
                <Input
                  id={`${id}-offer-${index}-from`}
                  type="date"
                  {...form.register(`offers.${index}.from`, { setValueAs: optional })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-offer-${index}-until`} className="text-xs text-slate-600">
                  Until
                </Label>
                <Input
                  id={`${id}-offer-${index}-until`}
                  type="date"
                  {...form.register(`offers.${index}.until`, { setValueAs: optional })}
                />
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove offer ${index + 1}`}
                onClick={() => offers.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {fieldMessage(errors.offers?.[index]) ? (
              <p className="text-xs font-medium text-red-700 sm:col-span-2">
                {fieldMessage(errors.offers?.[index])}
              </p>
            ) : null}
          </div>
        ))}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={offers.fields.length >= 10}
            onClick={() => offers.append({ title: '', details: '' })}
          >
            <Plus aria-hidden="true" />
            Add an offer
          </Button>
        </div>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Dates that matter</legend>
        {dates.fields.map((row, index) => (
          <div
            key={row.id}
            className="grid grid-cols-[10rem_minmax(0,1fr)_auto] gap-2 max-sm:grid-cols-[minmax(0,1fr)_auto]"
          >
            <Input aria-label={`Date ${index + 1}`} type="date" {...form.field(`dates.${index}.date`)} />
            <Input
              aria-label={`Date ${index + 1} is`}
              placeholder="Open day"
              maxLength={120}
              className="max-sm:order-3 max-sm:col-span-2"
              {...form.field(`dates.${index}.label`)}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove date ${index + 1}`}
              onClick={() => dates.remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {fieldMessage(errors.dates) ? (
          <p className="text-xs font-medium text-red-700">{fieldMessage(errors.dates)}</p>
        ) : null}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={dates.fields.length >= 20}
            onClick={() => dates.append({ date: values.startsOn ?? today, label: '' })}
          >
            <Plus aria-hidden="true" />
            Add a date
          </Button>
        </div>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Days without posts</legend>
        {skipDates.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Days without posts">
            {skipDates.map((date) => (
              <li
                key={date}
                className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-800"
              >
                {formatDay(date)}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-slate-200"
                  aria-label={`Post on ${formatDay(date)} again`}
                  onClick={() =>
                    form.setField(
                      'skipDates',
                      skipDates.filter((item) => item !== date),
                    )
                  }
                >
                  <Trash2 className="size-3" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2">
          <Input
            aria-label="Day without posts"
            type="date"
            className="max-w-48"
            value={skipDraft}
            onChange={(event) => setSkipDraft(event.target.value)}
          />
          <Button
            variant="outline"
            size="sm"
            className="h-10"
            disabled={!skipDraft || skipDates.includes(skipDraft) || skipDates.length >= 60}
            onClick={() => {
              form.setField('skipDates', [...skipDates, skipDraft].sort());
              setSkipDraft('');
            }}
          >
            Skip this day
          </Button>
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600">
          {total > 0 ? `${total} posts, one AI credit each.` : 'Choose how many posts a week.'}
        </p>
        <Button type="submit" disabled={pending}>
          <CalendarRange aria-hidden="true" />
          Plan the posts
        </Button>
      </div>
    </form>
  );
}
