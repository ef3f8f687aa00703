import { Check } from 'lucide-react';
import type { PaidPlanId } from '../../../../contracts/billing';
import { paidPlans } from '../../../../contracts/plans';
import { cn } from '../../../lib/cn';
import { aiImagesLine } from '../../billing/plan-switch-display';

/** How many of a plan's features the picker lists (the pricing cards list them all). */
const KEY_FEATURES = 6;

/**
 * The plan's features with its AI image allowance after the first (its AI posts). The allowance
 * is not in `plans` (the landing's pricing cards do not carry it: decision 094).
 */
function withImages(features: readonly string[], plan: PaidPlanId): string[] {
  return [...features.slice(0, 1), aiImagesLine(plan), ...features.slice(1)];
}

interface PlanPickerProps {
  value: PaidPlanId | null;
  onChange: (plan: PaidPlanId) => void;
  disabled?: boolean;
}

/** The three paid plans as radio cards (native radios: arrow keys move between them). */
export function PlanPicker({ value, onChange, disabled }: PlanPickerProps) {
  return (
    <fieldset disabled={disabled} className="grid gap-3 disabled:opacity-70">
      <legend className="mb-3 text-base font-semibold text-slate-900">Choose your plan</legend>
      {paidPlans.map((plan) => {
        const checked = value === plan.id;
        const id = plan.id as PaidPlanId;
        return (
          <label
            key={plan.id}
            className={cn(
              'relative flex cursor-pointer gap-4 rounded-2xl border bg-white p-4 shadow-sm transition-colors sm:p-5',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 has-[:focus-visible]:ring-offset-2',
              checked
                ? 'border-indigo-600 ring-1 ring-indigo-600'
                : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name="plan"
              value={plan.id}
              checked={checked}
              onChange={() => onChange(id)}
              // Invisible but covering the whole card, so a click anywhere on it is a click on the radio.
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
              aria-label={`${plan.name}, $${plan.price} a month`}
              aria-describedby={`plan-${plan.id}-details`}
            />
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border',
                checked ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white',
              )}
            >
              {checked ? <Check className="size-3.5" strokeWidth={3} /> : null}
            </span>
            <span className="grid min-w-0 flex-1 gap-1.5">
              <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="flex items-center gap-2">
                  <span className="text-base font-semibold text-slate-900">{plan.name}</span>
                  {plan.popular ? (
                    <span className="rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 px-2 py-0.5 text-[11px] font-semibold text-white">
                      Most Popular
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-slate-600">
                  <span className="text-lg font-bold text-slate-900">${plan.price}</span>/month
                </span>
              </span>
              <span id={`plan-${plan.id}-details`} className="grid gap-1.5">
                <span className="hidden text-sm text-slate-600 sm:block">{plan.description}</span>
                <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                  {withImages(plan.features.slice(0, KEY_FEATURES), id).map((feature) => (
                    <span key={feature} className="inline-flex items-center gap-1">
                      <Check className="size-3.5 text-indigo-600" aria-hidden="true" />
                      {feature}
                    </span>
                  ))}
                </span>
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
