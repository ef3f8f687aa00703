import { Repeat } from 'lucide-react';
import { firstPlanWith, plans, schedulingByPlan } from '../../../../../contracts/plans';
import { type PostSeriesSummary, repeatInWords } from '../../../../../contracts/recurring';
import type { RecurrenceUnit } from '../../../../../contracts/scheduling';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { useAuth } from '../../../auth/api/get-current-user';
import { UpgradePrompt } from '../../../billing/components/upgrade-prompt';
import type { RepeatValue } from '../../repeat-rule';

const unitNames: Record<RecurrenceUnit, [string, string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
};

interface RepeatFieldProps {
  id: string;
  /** Editing a post that repeats already: its rule is said, not edited. */
  series: PostSeriesSummary | null;
  value: RepeatValue;
  onChange: (value: RepeatValue) => void;
  /** The first post's date ('YYYY-MM-DD'): an end date comes after it. */
  firstDate: string;
  problem: string | null;
}

/**
 * 'Repeat': does not repeat, or every N days, weeks or months, ending never, on a date or after N
 * posts. On a plan without recurring posts it says so, with the upgrade link (the server refuses too).
 */
export function RepeatField({ series, ...props }: RepeatFieldProps) {
  if (series) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        <Repeat className="size-4 text-slate-500" aria-hidden="true" />
        {repeatInWords(series)} · post {series.occurrence} of the series
      </p>
    );
  }
  return <RepeatControl {...props} />;
}

function RepeatControl({ id, value, onChange, firstDate, problem }: Omit<RepeatFieldProps, 'series'>) {
  const { user } = useAuth();
  const plan = user?.workspace.plan ?? 'free';
  const allowed = schedulingByPlan[plan].recurringPosts;
  const set = (changes: Partial<RepeatValue>) => onChange({ ...value, ...changes });
  const [one, many] = value.unit ? unitNames[value.unit] : ['', ''];

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-problem`}>
      <legend className="mb-1.5 flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <Repeat className="size-4 text-slate-500" aria-hidden="true" />
        Repeat
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-unit`} className="text-xs font-medium text-slate-600">
            How often
          </label>
          <Select
            id={`${id}-unit`}
            value={value.unit ?? 'none'}
            disabled={!allowed}
            onChange={(event) =>
              set({ unit: event.target.value === 'none' ? null : (event.target.value as RecurrenceUnit) })
            }
          >
            <option value="none">Does not repeat</option>
            <option value="day">Daily</option>
            <option value="week">Weekly</option>
            <option value="month">Monthly</option>
          </Select>
        </div>
        {value.unit ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-every`} className="text-xs font-medium text-slate-600">
              Every
            </label>
            <div className="flex items-center gap-2">
              <div className="w-24 shrink-0">
                <Input
                  id={`${id}-every`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={365}
                  value={Number.isNaN(value.every) ? '' : value.every}
                  onChange={(event) => set({ every: event.target.valueAsNumber })}
                />
              </div>
              <span className="text-sm text-slate-700">{value.every === 1 ? one : many}</span>
            </div>
          </div>
        ) : null}
      </div>
      {value.unit ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="grid gap-1">
            <label htmlFor={`${id}-ends`} className="text-xs font-medium text-slate-600">
              Ends
            </label>
            <Select
              id={`${id}-ends`}
              value={value.ends}
              onChange={(event) => set({ ends: event.target.value as RepeatValue['ends'] })}
            >
              <option value="never">Never</option>
              <option value="on">On a date</option>
              <option value="after">After a number of posts</option>
            </Select>
          </div>
          {value.ends === 'on' ? (
            <div className="grid gap-1">
              <label htmlFor={`${id}-until`} className="text-xs font-medium text-slate-600">
                Last day
              </label>
              <Input
                id={`${id}-until`}
                type="date"
                min={firstDate}
                value={value.until}
                onChange={(event) => set({ until: event.target.value })}
              />
            </div>
          ) : null}
          {value.ends === 'after' ? (
            <div className="grid gap-1">
              <label htmlFor={`${id}-count`} className="text-xs font-medium text-slate-600">
                Posts in all
              </label>
              <Input
                id={`${id}-count`}
                type="number"
                inputMode="numeric"
                min={2}
                max={500}
                value={Number.isNaN(value.count) ? '' : value.count}
                onChange={(event) => set({ count: event.target.valueAsNumber })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      <div id={`${id}-problem`} aria-live="polite" className="text-xs">
        {problem ? (
          <p className="font-medium text-red-700">{problem}</p>
        ) : value.unit && Number.isInteger(value.every) && value.every > 0 ? (
          <p className="text-slate-600">
            {repeatInWords({ every: value.every, unit: value.unit })}, each post scheduled on its own.
          </p>
        ) : null}
      </div>
      {allowed ? null : (
        <UpgradePrompt
          title="Recurring posts"
          message={`The ${plans[plan].name} plan does not include recurring posts. Upgrade to ${plans[firstPlanWith('recurringPosts')].name} for recurring posts.`}
        />
      )}
    </fieldset>
  );
}
