import { ListOrdered, LoaderCircle, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { platformLabels } from '../../../contracts/platforms';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { buttonClasses } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage, planNeededOf } from '../billing/plan-limit';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useQueueSlots } from './api/get-queue-slots';
import { EvergreenSettingsCard } from './components/evergreen-settings';
import { QueueList } from './components/queue-list';
import { SlotEditor } from './components/slot-editor';

/**
 * /queue: each social account's posting schedule (weekly time slots) and the posts waiting in its
 * queue, in the order they go out (issue 25).
 */
export function QueuePage() {
  useDocumentTitle('Queue — Kitepost');
  const id = useId();
  const { zone } = useTimeZone();
  const accounts = useSocialAccounts();
  const [picked, setPicked] = useState<string | null>(null);
  const list = accounts.data ?? [];
  const accountId = list.some((account) => account.id === picked) ? picked : (list[0]?.id ?? null);
  const slots = useQueueSlots(accountId, zone);
  const limit = planLimitMessage(slots.error);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title="Queue"
        description="Set the times each account posts at, then add posts to its queue: each takes the next free time slot."
      />

      {accounts.isError ? (
        <QueryFailureCard title="Your social accounts could not be loaded" query={accounts} />
      ) : accounts.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading your accounts…
        </p>
      ) : list.length === 0 || !accountId ? (
        <EmptyState
          icon={Share2}
          title="Connect an account first"
          description="A queue belongs to a social account: connect one, then give it its posting times."
          action={
            <Link href={paths.socialAccounts} className={buttonClasses('default', 'md')}>
              Connect an account
            </Link>
          }
        />
      ) : (
        <>
          <div className="grid max-w-md gap-1.5">
            <Label htmlFor={`${id}-account`}>Account</Label>
            <Select
              id={`${id}-account`}
              value={accountId}
              onChange={(event) => setPicked(event.target.value)}
            >
              {list.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.displayName} · {platformLabels[account.platform]}
                </option>
              ))}
            </Select>
          </div>
          {limit ? (
            <UpgradePrompt
              title="Posting queues for more accounts"
              message={limit}
              plan={planNeededOf(slots.error)}
            />
          ) : slots.isError ? (
            <QueryFailureCard title="This account's posting schedule could not be loaded" query={slots} />
          ) : slots.data ? (
            <>
              <SlotEditor key={`${accountId} ${slots.data.saved}`} schedule={slots.data} zone={zone} />
              <EvergreenSettingsCard key={accountId} accountId={accountId} scheduleSaved={slots.data.saved} />
              <QueueList accountId={accountId} />
            </>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <ListOrdered className="size-4" aria-hidden="true" /> Loading the queue…
            </p>
          )}
        </>
      )}
    </div>
  );
}
