import { Check } from 'lucide-react';
import { CUSTOM_INTEGRATIONS_FEATURE, type Plan, paidPlans, TRIAL_DAYS } from '../../../../contracts/plans';
import { serverPaths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

export function PricingCards({ onChoosePlan }: { onChoosePlan: (plan: Plan) => void }) {
  return (
    <div className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
      {paidPlans.map((plan) => (
        <article
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className={cn(
            'relative flex flex-col rounded-3xl border bg-white p-7 shadow-sm',
            plan.popular
              ? 'border-indigo-600 shadow-xl shadow-indigo-600/10 ring-1 ring-indigo-600'
              : 'border-slate-200',
          )}
        >
          {plan.popular ? (
            <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow">
              Most Popular
            </p>
          ) : null}
          <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
            {plan.name}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
          <p className="mt-6 flex items-baseline gap-1">
            <span className="text-4xl font-extrabold tracking-tight text-slate-900">${plan.price}</span>
            <span className="text-sm font-medium text-slate-500">/month</span>
          </p>
          <ul className="mt-6 grid flex-1 content-start gap-3 text-sm text-slate-700">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
                {feature === CUSTOM_INTEGRATIONS_FEATURE ? (
                  <a href={serverPaths.apiDocs} className="text-indigo-700 underline underline-offset-2">
                    {feature}
                  </a>
                ) : (
                  feature
                )}
              </li>
            ))}
          </ul>
          <Button
            size="lg"
            variant={plan.popular ? 'default' : 'outline'}
            className="mt-8 w-full"
            onClick={() => onChoosePlan(plan)}
            data-opens-dialog
            aria-label={`Start Free Trial of the ${plan.name} plan`}
          >
            Start Free Trial
          </Button>
          <p className="mt-3 text-center text-xs text-slate-500">
            {TRIAL_DAYS}-day free trial · No credit card required
          </p>
        </article>
      ))}
    </div>
  );
}
