import { Plus, Rss } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { PaidPlanId } from '../../../../contracts/billing';
import { createFeedBody } from '../../../../contracts/feeds';
import { platformLabels } from '../../../../contracts/platforms';
import type { FeedMode } from '../../../../contracts/scheduling';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { failureCode, failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { useAddFeed } from '../api/add-feed';

const modeChoices: { mode: FeedMode; label: string; description: string }[] = [
  { mode: 'draft', label: 'Drafts to review', description: 'Each new article waits in your drafts.' },
  {
    mode: 'queue',
    label: 'Add to queue',
    description: 'Each new article takes the account’s next free slot.',
  },
];

/** Add a feed: its address, the accounts its articles go to, and drafts or the queue. */
export function AddFeedCard({ accounts, planNeeded }: { accounts: SocialAccount[]; planNeeded: PaidPlanId }) {
  const id = useId();
  const add = useAddFeed();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useContractForm(createFeedBody, {
    defaultValues: {
      url: '',
      accountIds: accounts.length === 1 && accounts[0] ? [accounts[0].id] : [],
      mode: 'draft',
    },
  });
  const { accountIds, mode } = form.watch();
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) => {
    if (add.isPending) return;
    setRefusal(null);
    add.mutate(body, {
      onSuccess: (feed) => {
        toast({
          title: 'Feed added',
          description: `Kitepost follows ${feed.title ?? feed.url}. Its newest article becomes a post in a moment.`,
        });
        form.reset({ url: '', accountIds: body.accountIds, mode: body.mode });
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        if (failureCode(failure) === 'plan_limit') {
          setRefusal(failureMessage(failure, 'Your plan’s limit of feeds is reached.'));
          return;
        }
        if (setServerIssues(failure, form.setError, ['url', 'accountIds', 'mode']) === 0) {
          form.setError('root', {
            type: 'server',
            message:
              failureIssues(failure)[0]?.message ?? failureMessage(failure, 'The feed could not be added.'),
          });
        }
      },
    });
  });

  const toggle = (accountId: string) =>
    form.setField(
      'accountIds',
      accountIds.includes(accountId)
        ? accountIds.filter((value) => value !== accountId)
        : [...accountIds, accountId],
    );

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-orange-50 text-orange-600">
            <Rss className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">Add a feed</h2>
            <p className="text-sm text-slate-600">
              Your blog’s RSS or Atom address. Each new article becomes a post with a caption written for it
              and its link.
            </p>
          </div>
        </div>
        <FormField id={`${id}-url`} label="Feed address" error={fieldMessage(errors.url)} required>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://yourblog.com/feed.xml"
            {...form.field('url')}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-error` : undefined}
          />
        </FormField>
        <fieldset
          className="grid gap-2"
          aria-describedby={errors.accountIds ? `${id}-accounts-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-900">Post to</legend>
          {accounts.length === 0 ? (
            <p className="text-sm text-slate-600">
              Connect a social account first on{' '}
              <Link href={paths.socialAccounts} className="font-medium text-indigo-700 underline">
                Social Accounts
              </Link>
              .
            </p>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {accounts.map((account) => (
                <label
                  key={account.id}
                  className={cn(
                    'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm transition',
                    accountIds.includes(account.id)
                      ? 'border-indigo-400 bg-indigo-50/60'
                      : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-indigo-600"
                    checked={accountIds.includes(account.id)}
                    onChange={() => toggle(account.id)}
                  />
                  <span className="min-w-0 truncate">
                    <span className="font-medium text-slate-900">{account.displayName}</span>{' '}
                    <span className="text-slate-500">{platformLabels[account.platform]}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
          {errors.accountIds ? (
            <p id={`${id}-accounts-error`} className="text-xs font-medium text-red-700">
              {fieldMessage(errors.accountIds)}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">New articles become</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {modeChoices.map((choice) => (
              <label
                key={choice.mode}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm transition',
                  mode === choice.mode
                    ? 'border-indigo-400 bg-indigo-50/60'
                    : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                  checked={mode === choice.mode}
                  onChange={() => form.setField('mode', choice.mode)}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium text-slate-900">{choice.label}</span>
                  <span className="text-slate-600">{choice.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {refusal ? (
          <UpgradePrompt message={refusal} plan={planNeeded} onDismiss={() => setRefusal(null)} />
        ) : null}
        {errors.root?.message ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.root.message}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button
            type="submit"
            disabled={add.isPending || accounts.length === 0}
            className="w-full sm:w-auto"
          >
            <Plus aria-hidden="true" />
            {add.isPending ? 'Reading the feed…' : 'Add feed'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
