import { FlaskConical } from 'lucide-react';
import { type AnalyticsOverview, analyticsMessages } from '../../../../contracts/analytics';
import { platformLabels } from '../../../../contracts/platforms';
import { PlatformMark } from '../../../components/platform-mark';
import { Card } from '../../../components/ui/card';
import { useIsPhone } from './chart-style';
import { MetricGrid, MetricTable } from './metric-grid';
import { MetricValue } from './metric-value';

type AccountTotals = AnalyticsOverview['byAccount'][number];

const metricColumns = [
  { header: 'Followers', value: (row: AccountTotals) => <MetricValue value={row.followers} /> },
  { header: 'Posts', value: (row: AccountTotals) => <MetricValue value={row.posts} /> },
  { header: 'Impressions', value: (row: AccountTotals) => <MetricValue value={row.impressions} /> },
  { header: 'Reach', value: (row: AccountTotals) => <MetricValue value={row.reach} /> },
  { header: 'Engagements', value: (row: AccountTotals) => <MetricValue value={row.engagements} /> },
  { header: 'Rate', value: (row: AccountTotals) => <MetricValue value={row.engagementRate} kind="rate" /> },
] as const;

/** A LinkedIn account whose posts have no numbers: LinkedIn shares none with Kitepost's app. */
const linkedInWithoutNumbers = (row: AccountTotals) =>
  row.platform === 'linkedin' &&
  row.posts > 0 &&
  row.impressions === null &&
  row.reach === null &&
  row.engagements === null;

/** Each account's followers and the totals of its posts in the range; cards on a phone. */
export function AccountTable({ accounts, filtered }: { accounts: AccountTotals[]; filtered: boolean }) {
  const phone = useIsPhone();
  return (
    <section aria-labelledby="analytics-accounts-title" className="grid gap-3">
      <h2 id="analytics-accounts-title" className="text-lg font-semibold text-slate-900">
        By account
      </h2>
      {accounts.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600">
          {filtered ? 'No accounts match these filters.' : 'No social accounts are connected yet.'}
        </Card>
      ) : phone ? (
        <ul aria-label="Accounts" className="grid gap-3">
          {accounts.map((account) => (
            <li key={account.accountId}>
              <Card className="grid gap-3 p-4">
                <AccountName account={account} />
                <MetricGrid cells={metricColumns} row={account} />
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <MetricTable
          label="By account (table)"
          caption="Followers and post totals by account"
          rows={accounts}
          rowKey={(account) => account.accountId}
          nameHeader="Account"
          name={(account) => <AccountName account={account} />}
          cells={metricColumns}
          cellX="px-4"
        />
      )}
      {accounts.some(linkedInWithoutNumbers) ? (
        <p className="text-xs text-slate-600">{analyticsMessages.linkedInNotShared}</p>
      ) : null}
    </section>
  );
}

function AccountName({ account }: { account: AccountTotals }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <PlatformMark platform={account.platform} size="sm" />
      <span className="grid min-w-0">
        <span className="truncate font-semibold text-slate-900">{account.displayName}</span>
        <span className="flex min-w-0 items-center gap-1.5 truncate text-xs text-slate-600">
          <span className="truncate">
            @{account.username} · {platformLabels[account.platform]}
          </span>
          {account.sandbox ? (
            <span title="Lives in the platform simulator: its numbers are pretend">
              <FlaskConical className="size-3.5 shrink-0 text-amber-700" aria-hidden="true" />
              <span className="sr-only">(sandbox)</span>
            </span>
          ) : null}
        </span>
      </span>
    </span>
  );
}
