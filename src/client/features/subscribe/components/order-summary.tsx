import { ShieldCheck } from 'lucide-react';
import type { CreateSubscriptionResponse } from '../../../../contracts/billing';
import { MONEY_BACK_DAYS, plans } from '../../../../contracts/plans';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** What is being bought: the plan, its monthly price (the server's amount) and the terms. */
export function OrderSummary({ setup }: { setup: CreateSubscriptionResponse }) {
  const plan = plans[setup.plan];
  const price = dollars.format(setup.amount);
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dl className="grid gap-2 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">Plan</dt>
          <dd className="font-semibold text-slate-900">Kitepost {plan.name}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">Price</dt>
          <dd className="font-semibold text-slate-900">{price} / month</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2">
          <dt className="font-medium text-slate-900">Due today</dt>
          <dd className="text-base font-bold text-slate-900">{price}</dd>
        </div>
      </dl>
      <p className="mt-3 flex items-start gap-1.5 text-xs text-slate-600">
        <ShieldCheck className="mt-px size-3.5 shrink-0 text-emerald-600" aria-hidden="true" />
        Billed monthly. Cancel anytime. {MONEY_BACK_DAYS}-day money-back guarantee.
      </p>
    </div>
  );
}
