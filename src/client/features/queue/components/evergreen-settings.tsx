import { Recycle } from 'lucide-react';
import { useEffect } from 'react';
import { z } from 'zod';
import {
  DEFAULT_EVERGREEN_GAP_DAYS,
  type EvergreenSettingsResponse,
  evergreenSettings,
} from '../../../../contracts/evergreen';
import { InlineLoading } from '../../../components/full-page-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { SwitchRow } from '../../../components/ui/switch-row';
import { failureMessage } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useCan } from '../../auth/use-permission';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { planNeededOf } from '../../billing/plan-limit';
import { useEvergreenSettings, useSaveEvergreenSettings } from '../api/evergreen-settings';

/** The form holds the gap as typed; the contract's rule checks it as a number of days. */
const form = evergreenSettings.extend({
  minGapDays: z
    .string()
    .trim()
    .min(1, 'Enter a number of days')
    .transform(Number)
    .pipe(evergreenSettings.shape.minGapDays),
});

/**
 * The Queue page's recycling card for one account (decision 072): on or off, the minimum gap
 * between two times one post goes out, and whether each copy's text is rewritten by the AI writer.
 */
export function EvergreenSettingsCard({
  accountId,
  scheduleSaved = true,
}: {
  accountId: string;
  /** False while the account's posting times are only a suggestion: recycling needs saved ones. */
  scheduleSaved?: boolean;
}) {
  const settings = useEvergreenSettings(accountId);
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="evergreen-settings">
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-emerald-50 text-emerald-700">
          <Recycle className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <h2 className="text-base font-semibold text-slate-900">Evergreen recycling</h2>
          <p className="text-sm text-pretty text-slate-600">
            When nothing is queued for the next 48 hours, the evergreen post that went out longest ago is
            queued again as a copy.
          </p>
        </div>
      </div>
      {settings.isPending ? (
        <InlineLoading message="Loading the recycling setting..." />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(settings.error, 'The recycling setting could not be loaded.')}
        </p>
      ) : (
        <EvergreenForm accountId={accountId} saved={settings.data} scheduleSaved={scheduleSaved} />
      )}
    </Card>
  );
}

function EvergreenForm({
  accountId,
  saved,
  scheduleSaved,
}: {
  accountId: string;
  saved: EvergreenSettingsResponse;
  scheduleSaved: boolean;
}) {
  const canWrite = useCan('posts.write');
  const save = useSaveEvergreenSettings(accountId);
  const values = (from: EvergreenSettingsResponse) => ({
    enabled: from.enabled,
    minGapDays: String(from.minGapDays),
    rewrite: from.rewrite,
  });
  const settingsForm = useContractForm(form, { defaultValues: values(saved) });
  // Another account chosen, or the setting saved: the form shows what is stored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored setting changes
  useEffect(() => settingsForm.reset(values(saved)), [saved]);
  const current = settingsForm.watch();
  const gapError = fieldMessage(settingsForm.formState.errors.minGapDays);
  const planNeeded = planNeededOf(save.error);
  const submit = settingsForm.handleSubmit((body) => {
    save.mutate(body, {
      onError: (error) => setServerIssues(error, settingsForm.setError, ['minGapDays']),
    });
  });
  const id = `evergreen-${accountId}`;

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <SwitchRow
        id={`${id}-enabled`}
        label="Recycle evergreen posts"
        description={
          saved.evergreenPosts === 0
            ? 'No post of this account is marked evergreen yet: mark one from its panel in the calendar.'
            : saved.evergreenPosts === 1
              ? '1 post of this account is marked evergreen.'
              : `${saved.evergreenPosts} posts of this account are marked evergreen.`
        }
        checked={current.enabled}
        disabled={!canWrite}
        onCheckedChange={(checked) => settingsForm.setField('enabled', checked)}
        className="items-center py-1"
        data-testid="evergreen-enabled"
      />
      <FormField
        id={`${id}-gap`}
        label="Minimum gap (days)"
        hint={`A post is not queued again within this many days of its last time out (1–365; default ${DEFAULT_EVERGREEN_GAP_DAYS}).`}
        error={gapError}
      >
        <div className="w-28">
          <Input
            id={`${id}-gap`}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            disabled={!canWrite}
            aria-invalid={gapError ? true : undefined}
            aria-describedby={describedBy(`${id}-gap`, { error: gapError })}
            {...settingsForm.field('minGapDays')}
          />
        </div>
      </FormField>
      <SwitchRow
        id={`${id}-rewrite`}
        label="Rewrite with AI"
        description="Each copy gets a freshly written text (X refuses a text it has seen). One AI credit per copy."
        checked={current.rewrite}
        disabled={!canWrite}
        onCheckedChange={(checked) => settingsForm.setField('rewrite', checked)}
        className="items-center py-1"
        data-testid="evergreen-rewrite"
      />
      {!scheduleSaved ? (
        <p className="text-sm text-slate-600" data-testid="evergreen-needs-schedule">
          Save this account's posting times first: recycling fills its queue's slots.
        </p>
      ) : null}
      {save.isError && planNeeded ? (
        <UpgradePrompt message={failureMessage(save.error, '')} plan={planNeeded} />
      ) : save.isError && !gapError ? (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(save.error, 'The recycling setting could not be saved. Please try again.')}
        </p>
      ) : save.isSuccess && !settingsForm.formState.isDirty ? (
        <p role="status" className="text-sm text-emerald-700">
          Saved.
        </p>
      ) : null}
      {canWrite ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || !scheduleSaved} data-testid="evergreen-save">
            {save.isPending ? 'Saving...' : 'Save recycling'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
