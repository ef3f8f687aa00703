import type { BillingSubscription } from '../../../../contracts/billing';
import { cn } from '../../../lib/cn';
import { type MeterTone, usageMeter } from '../billing-display';

interface Row {
  key: keyof BillingSubscription['usage'];
  label: string;
  hint: string;
  /** Said under a limited meter. */
  note?: string;
  /** False where reaching the limit is the normal case (one member on a plan without teams). */
  warnAtLimit?: boolean;
}

const rows: Row[] = [
  { key: 'aiPosts', label: 'AI posts this month', hint: 'One credit per generated post; resets on the 1st.' },
  { key: 'socialAccounts', label: 'Connected accounts', hint: 'Accounts Kitepost publishes to.' },
  {
    key: 'members',
    label: 'Team members',
    hint: 'People in this workspace, you included.',
    note: 'Teams from Professional',
    warnAtLimit: false,
  },
];

const barTones: Record<MeterTone, string> = {
  normal: 'bg-indigo-600',
  near: 'bg-amber-400',
  full: 'bg-amber-500',
  over: 'bg-red-600',
};

const textTones: Record<MeterTone, string> = {
  normal: 'text-slate-900',
  near: 'text-slate-900',
  full: 'text-amber-800',
  over: 'text-red-700',
};

/**
 * How much of each plan limit the workspace uses: the numbers as text ('7 of 50'), and a bar for the
 * eye only (the text says it all to a screen reader).
 */
export function UsageMeters({ usage }: { usage: BillingSubscription['usage'] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {rows.map((row) => {
        const meter = usageMeter(usage[row.key], { warnAtLimit: row.warnAtLimit });
        return (
          <div key={row.key} className="grid content-start gap-1.5" title={row.hint}>
            <dt className="text-xs font-medium text-slate-600">{row.label}</dt>
            <dd className="grid gap-1.5">
              <span className={cn('text-sm font-semibold tabular-nums', textTones[meter.tone])}>
                {meter.text}
                {meter.tone === 'over' ? (
                  <span className="font-normal"> · over your plan’s limit</span>
                ) : null}
              </span>
              {meter.percent === null ? (
                <span
                  aria-hidden="true"
                  className="block h-1.5 rounded-full bg-gradient-to-r from-indigo-100 to-violet-100"
                />
              ) : (
                <span aria-hidden="true" className="block h-1.5 overflow-hidden rounded-full bg-slate-100">
                  <span
                    className={cn('block h-full rounded-full', barTones[meter.tone])}
                    style={{ width: `${meter.percent > 0 ? Math.max(meter.percent, 4) : 0}%` }}
                  />
                </span>
              )}
              {row.note && meter.percent !== null ? (
                <span className="text-xs text-slate-500">{row.note}</span>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
