import { useEffect, useId, useState } from 'react';
import { platformLabels, publishingPlatform, publishingPlatforms } from '../../../../contracts/platforms';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import {
  type AnalyticsFilters,
  presetOf,
  presetRange,
  rangePresets,
  rangeProblem,
} from '../analytics-filters';
import { formatRange } from '../analytics-format';

interface AnalyticsFilterBarProps {
  filters: AnalyticsFilters;
  today: string;
  accounts: SocialAccount[];
  /** false: no account choice (link clicks, shown alone, know the network but not the account). */
  showAccount?: boolean;
  onChange: (filters: AnalyticsFilters) => void;
}

const CUSTOM = 'custom';

/**
 * Date range (presets or From/To), platform and account. A custom range is applied as soon as it
 * is valid; until then the screen keeps the last valid one and says what is wrong.
 */
export function AnalyticsFilterBar({
  filters,
  today,
  accounts,
  showAccount = true,
  onChange,
}: AnalyticsFilterBarProps) {
  const id = useId();
  const [draft, setDraft] = useState({ from: filters.from, to: filters.to });
  // The URL is the truth: a preset, Back or a shared link replaces what was typed.
  useEffect(() => setDraft({ from: filters.from, to: filters.to }), [filters.from, filters.to]);
  const problem = rangeProblem(draft.from, draft.to);
  const preset = presetOf(filters, today);
  const accountChoices = accounts.filter(
    (account) => !filters.platform || account.platform === filters.platform,
  );

  const editRange = (next: { from: string; to: string }) => {
    setDraft(next);
    if (rangeProblem(next.from, next.to) === null) onChange({ ...filters, ...next });
  };

  return (
    <fieldset className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(10rem,1fr)_repeat(2,minmax(9rem,1fr))] xl:grid-cols-[minmax(10rem,1fr)_repeat(2,minmax(9rem,1fr))_repeat(2,minmax(10rem,1fr))]">
      <legend className="sr-only">Filters</legend>
      <div className="col-span-2 grid min-w-0 gap-1.5 md:col-span-1">
        <Label htmlFor={`${id}-range`}>Date range</Label>
        <Select
          id={`${id}-range`}
          value={preset === null ? CUSTOM : String(preset)}
          onChange={(event) => {
            const days = Number(event.target.value);
            if (Number.isInteger(days) && days > 0) onChange({ ...filters, ...presetRange(days, today) });
          }}
        >
          {rangePresets.map((option) => (
            <option key={option.days} value={option.days}>
              {option.label}
            </option>
          ))}
          <option value={CUSTOM} disabled={preset !== null}>
            Custom range
          </option>
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="min-w-0"
          value={draft.from}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-range-problem` : undefined}
          onChange={(event) => editRange({ ...draft, from: event.target.value })}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="min-w-0"
          value={draft.to}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-range-problem` : undefined}
          onChange={(event) => editRange({ ...draft, to: event.target.value })}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-platform`}>Platform</Label>
        <Select
          id={`${id}-platform`}
          value={filters.platform ?? ''}
          onChange={(event) => {
            const parsed = publishingPlatform.safeParse(event.target.value);
            const platform = parsed.success ? parsed.data : null;
            const account = accounts.find((item) => item.id === filters.accountId);
            // An account of another platform would leave nothing to show.
            const keepAccount = !platform || !account || account.platform === platform;
            onChange({ ...filters, platform, accountId: keepAccount ? filters.accountId : null });
          }}
        >
          <option value="">All platforms</option>
          {publishingPlatforms.map((platform) => (
            <option key={platform} value={platform}>
              {platformLabels[platform]}
            </option>
          ))}
        </Select>
      </div>
      <div className={cn('grid min-w-0 gap-1.5', !showAccount && 'hidden')}>
        <Label htmlFor={`${id}-account`}>Account</Label>
        <Select
          id={`${id}-account`}
          value={filters.accountId ?? ''}
          onChange={(event) => onChange({ ...filters, accountId: event.target.value || null })}
        >
          <option value="">All accounts</option>
          {accountChoices.map((account) => (
            <option key={account.id} value={account.id}>
              {account.displayName} ({platformLabels[account.platform]})
            </option>
          ))}
          {filters.accountId && !accountChoices.some((account) => account.id === filters.accountId) ? (
            <option value={filters.accountId}>A disconnected account</option>
          ) : null}
        </Select>
      </div>
      {problem ? (
        <p id={`${id}-range-problem`} role="alert" className="col-span-full text-sm font-medium text-red-700">
          {problem} Showing {formatRange(filters.from, filters.to)}.
        </p>
      ) : null}
    </fieldset>
  );
}
